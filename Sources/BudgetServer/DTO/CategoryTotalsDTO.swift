import Ledger
import LedgerDomain
import QueryResults

/// Spent, received and net per category for a month, year or period.
struct CategoryTotalsDTO: Codable, Sendable {
  struct Row: Codable, Sendable {
    var categoryId, category: String
    /// `income` or `expense`; absent for a category that no longer exists.
    var kind: String?
    var spent, received: String
    /// In the category's direction (``CategoryTotal/net``): a refund lowers an expense's.
    var net: String
    var currency: String
    var count: Int
  }
  var scope: String
  var position: UInt64
  var rows: [Row]

  init(scope: String, rows: [CategoryTotal], position: UInt64) {
    self.scope = scope
    self.position = position
    self.rows = rows.map {
      Row(
        categoryId: $0.category.description, category: $0.name, kind: $0.kind?.rawValue,
        spent: $0.spent.formatted(), received: $0.received.formatted(), net: $0.net.formatted(),
        currency: $0.spent.currency.code, count: $0.count)
    }
  }
}
