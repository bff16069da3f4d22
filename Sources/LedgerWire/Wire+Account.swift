import LedgerDomain

extension Wire {
  /// An account with its balance on the day asked for (`GET /accounts`, `budget account list
  /// --json`).
  public struct Account: Codable, Sendable, Equatable {
    public var id, name, type, currency: String
    /// `budget` (its balance counts in the available funds) or `tracking`.
    public var role: String
    public var closed: Bool
    public var openingDate: String
    public var balance: String
    public var version: UInt64
  }
}

extension Wire.Account {
  /// `record` with `balance` (zero when the read models have none for it).
  public init(id: AccountID, record: AccountRecord, balance: Money?) {
    self.id = id.description
    name = record.name
    type = record.type.rawValue
    role = record.role.rawValue
    currency = record.currency.code
    closed = record.isClosed
    openingDate = record.openingDate.description
    self.balance = (balance ?? .zero(record.currency)).formatted()
    version = record.version
  }
}
