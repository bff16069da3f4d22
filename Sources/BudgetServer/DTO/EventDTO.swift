import EventRecords
import LedgerDomain
import LedgerWire

/// One event of the log, as the audit trail and the event feed show it.
struct EventDTO: Codable, Sendable {
  var position: UInt64
  var recordedAt: String
  var actor: String?
  var type: String
  var stream: String
  var streamVersion: UInt64
  var hash: String
  var correlationId: String?

  init(_ event: RecordedEvent) {
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
