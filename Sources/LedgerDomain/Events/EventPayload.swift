/// One kind of event in the ledger's catalog (see `docs/events.md`).
///
/// Events are facts, named in the past tense. Everything about a kind of event is declared
/// on its payload type: its ``kind`` (and so its stored type name), its schema version, its
/// stream, the ``LedgerEvent`` that carries it and — for a type with earlier versions — how
/// those are read and written (``decode(schemaVersion:from:)``,
/// ``encodedPayload(schemaVersion:)``). The type name is stable forever; a change to the
/// fields bumps the schema version and adds an upcaster for the old one.
public protocol EventPayload: Sendable, Hashable, Codable {
  /// The kind of event: its entry in the registry, whose raw value is the stored type name.
  static var kind: EventKind { get }
  /// The current schema version of the payload.
  static var schemaVersion: UInt16 { get }
  /// The stream the event belongs to, e.g. `transaction-<id>`.
  var stream: String { get }
  /// The event carrying this payload.
  var event: LedgerEvent { get }

  /// The payload stored as `schemaVersion` of its type, upcast to the current version.
  ///
  /// The default reads the current version only; a type with earlier versions implements
  /// it beside them, in `Upcasting/`.
  static func decode(schemaVersion: UInt16, from bytes: [UInt8]) throws(CodecError) -> Self

  /// The payload as `schemaVersion` of its type wrote it (for restoring a backup of events
  /// recorded by an earlier release byte for byte).
  ///
  /// The default writes the current version only; a type with earlier versions implements
  /// it beside them, in `Upcasting/`.
  func encodedPayload(schemaVersion: UInt16) throws(CodecError) -> [UInt8]

  /// The schema version a payload that does not say (a backup's event) was recorded in,
  /// told by its content. The default: the current one.
  var impliedSchemaVersion: UInt16 { get }
}

extension EventPayload {
  /// The stable name stored in the log, e.g. `"TransactionAdded"`.
  public static var typeName: String { kind.rawValue }

  public static func decode(schemaVersion: UInt16, from bytes: [UInt8]) throws(CodecError) -> Self {
    guard schemaVersion == Self.schemaVersion else { throw .unknownEvent(type: typeName, schemaVersion: schemaVersion) }
    return try BinaryDecoder().decode(Self.self, from: bytes)
  }

  public func encodedPayload(schemaVersion: UInt16) throws(CodecError) -> [UInt8] {
    guard schemaVersion == Self.schemaVersion else {
      throw .unknownEvent(type: Self.typeName, schemaVersion: schemaVersion)
    }
    return try BinaryEncoder().encode(self)
  }

  public var impliedSchemaVersion: UInt16 { Self.schemaVersion }
}

/// The ledger's own stream: settings that concern the whole ledger.
public let ledgerStream = "ledger"

// MARK: - Ledger

/// A ledger was set up with its name, base currency and calendar preferences.
public struct LedgerCreated: EventPayload {
  public static let kind = EventKind.ledgerCreated
  public var event: LedgerEvent { .ledgerCreated(self) }
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
