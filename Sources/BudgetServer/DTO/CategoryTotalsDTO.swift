import Ledger
import LedgerDomain
import QueryResults

/// Spent and received per category for a month, year or period.
struct CategoryTotalsDTO: Codable, Sendable {
  struct Row: Codable, Sendable {
    var categoryId, category, spent, received, currency: String
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
        categoryId: $0.category.description, category: $0.name, spent: $0.spent.formatted(),
        received: $0.received.formatted(),
        currency: $0.spent.currency.code, count: $0.count)
    }
  }
}
