import Ledger
import LedgerDomain

/// Income, expenses and net per month.
struct CashflowDTO: Codable, Sendable {
  struct Row: Codable, Sendable {
    var month, income, expenses, net: String
  }
  var year: Int
  var position: UInt64
  var months: [Row]
}
