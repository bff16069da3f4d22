import LedgerDomain

/// An entity's audit trail.
struct HistoryDTO: Codable, Sendable {
  var stream: String
  var position: UInt64
  var entries: [HistoryEntryDTO]
}
