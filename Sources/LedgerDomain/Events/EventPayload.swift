/// One kind of event in the ledger's catalog (see `docs/events.md`).
///
/// Events are facts, named in the past tense. The type name is stable forever; a change to
/// the fields bumps the schema version and adds an upcaster for the old one.
public protocol EventPayload: Sendable, Hashable, Codable {
  /// The stable name stored in the log, e.g. `"TransactionAdded"`.
  static var typeName: String { get }
  /// The current schema version of the payload.
  static var schemaVersion: UInt16 { get }
  /// The stream the event belongs to, e.g. `transaction-<id>`.
  var stream: String { get }
}

/// The ledger's own stream: settings that concern the whole ledger.
public let ledgerStream = "ledger"

// MARK: - Ledger

/// A ledger was set up with its name, base currency and calendar preferences.
public struct LedgerCreated: EventPayload {
  public static let typeName = "LedgerCreated"
  public static let schemaVersion: UInt16 = 1
  public var name: String
  public var baseCurrency: Currency
  /// ISO weekday the week starts on: 1 = Monday … 7 = Sunday.
  public var firstDayOfWeek: Int
  /// Month (1–12) the fiscal year starts in.
  public var fiscalYearStartMonth: Int
  public var stream: String { ledgerStream }

  public init(name: String, baseCurrency: Currency, firstDayOfWeek: Int = 1, fiscalYearStartMonth: Int = 1) {
    self.name = name
    self.baseCurrency = baseCurrency
    self.firstDayOfWeek = firstDayOfWeek
    self.fiscalYearStartMonth = fiscalYearStartMonth
  }
}
