import LedgerDomain
import QueryResults

/// One entry of an entity's audit trail.
struct HistoryEntryDTO: Codable, Sendable {
  var position, version: UInt64
  var recordedAt: String
  var actor: String?
  var event: String
  var changes: [String]

  init(_ entry: HistoryEntry) {
    position = entry.position
    version = entry.streamVersion
    recordedAt = isoTimestamp(entry.recordedAt)
    actor = entry.actor
    event = entry.eventType
    changes = entry.changes
  }
}
