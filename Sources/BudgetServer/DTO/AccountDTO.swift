import LedgerDomain

/// An account with its balance on the requested date.
struct AccountDTO: Codable, Sendable {
  var id, name, type, currency: String
  /// `budget` (its balance counts in the available funds) or `tracking`.
  var role: String
  var closed: Bool
  var openingDate: String
  var balance: String
  var version: UInt64

  init(id: AccountID, record: AccountRecord, balance: Money?) {
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
