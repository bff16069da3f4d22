/// An event as stored in the log, copied out of the map so it can outlive a read transaction.
public struct RecordedEvent: Sendable, Hashable {
  /// Global position in the log, dense from 1.
  public var position: UInt64
  public var stream: String
  /// Version within the stream, dense from 1.
  public var streamVersion: UInt64
  /// Stable type name, e.g. `"TransactionAdded"`.
  public var type: String
  public var schemaVersion: UInt16
  /// System time of recording, UTC milliseconds since 1970. Never decreases along the log.
  public var recordedAt: Int64
  public var metadata: EventMetadata
  public var payload: [UInt8]
  /// `SHA-256(hash of the previous event ‖ canonical bytes of this one)`.
  public var hash: ChainHash

  @inlinable
  public init(
    position: UInt64, stream: String, streamVersion: UInt64, type: String, schemaVersion: UInt16, recordedAt: Int64,
    metadata: EventMetadata, payload: [UInt8], hash: ChainHash
  ) {
    self.position = position
    self.stream = stream
    self.streamVersion = streamVersion
    self.type = type
    self.schemaVersion = schemaVersion
    self.recordedAt = recordedAt
    self.metadata = metadata
    self.payload = payload
    self.hash = hash
  }
}
