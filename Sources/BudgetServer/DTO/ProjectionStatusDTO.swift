import Ledger
import LedgerDomain
import QueryResults

/// One projection's status.
struct ProjectionStatusDTO: Codable, Sendable {
  var name: String
  var codeVersion: Int
  var storedVersion: Int?
  var generation: Int?
  var checkpoint: UInt64
  var lag: UInt64
  var rows: [String: Int]

  init(_ s: ProjectorStatus) {
    name = s.name
    codeVersion = s.codeVersion
    storedVersion = s.storedVersion
    generation = s.generation
    checkpoint = s.checkpoint
    lag = s.lag
    rows = s.rows
  }
}
