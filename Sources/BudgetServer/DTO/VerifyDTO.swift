import Ledger
import LedgerDomain

/// `verify`: the hash chain, period seals and projections.
struct VerifyDTO: Codable, Sendable {
  var ok: Bool
  var events: UInt64
  var head: String
  var problems: [String]
}
