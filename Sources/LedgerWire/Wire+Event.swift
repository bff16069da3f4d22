import EventRecords
import LedgerDomain

extension Wire {
  /// One event of the log, as the audit trail shows it (`GET /events`, the event feed,
  /// `budget log --json`): where it is, when and by whom it was recorded, its type, its
  /// stream and version there, and its link in the hash chain.
  public struct Event: Codable, Sendable, Equatable {
    public var position: UInt64
    public var recordedAt: String
    public var actor: String?
    public var type: String
    public var stream: String
    public var streamVersion: UInt64
    public var hash: String
    public var correlationId: String?
  }
}

extension Wire.Event {
  /// `event` as the log recorded it.
  public init(_ event: RecordedEvent) {
    position = event.position
    recordedAt = Wire.timestamp(event.recordedAt)
    actor = event.metadata.actor
    type = event.type
    stream = event.stream
    streamVersion = event.streamVersion
    hash = event.hash.hex
    correlationId = event.metadata.correlationId
  }
}
