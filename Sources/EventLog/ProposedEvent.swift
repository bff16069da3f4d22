/// An event a caller wants to append: its type, schema version, encoded payload and metadata.
///
/// The log assigns position, stream version, recorded-at and hash when it is appended.
public struct ProposedEvent: Sendable, Hashable {
  /// The stable type name, e.g. `"TransactionAdded"`. Never renamed once in use.
  public var type: String
  /// The version of the payload's schema, for upcasting old events.
  public var schemaVersion: UInt16
  /// The encoded payload; the log does not interpret it.
  public var payload: [UInt8]
  public var metadata: EventMetadata

  public init(type: String, schemaVersion: UInt16 = 1, payload: [UInt8], metadata: EventMetadata = .init()) {
    self.type = type
    self.schemaVersion = schemaVersion
    self.payload = payload
    self.metadata = metadata
  }

  /// The largest payload accepted, in bytes.
  public static let maximumPayloadSize = 16 << 20
  /// The longest type name accepted, in bytes.
  public static let maximumTypeLength = 100
}
