import LedgerDomain
import QueryResults

extension Wire {
  /// Spent, received and net per category for a month, year or period
  /// (`GET /reports/categories`; `budget report categories --json` prints its rows).
  public struct CategoryTotals: Codable, Sendable, Equatable {
    /// One category in one currency.
    public struct Row: Codable, Sendable, Equatable {
      public var categoryId, category: String
      /// `income` or `expense`; absent for a category that no longer exists.
      public var kind: String?
      public var spent, received: String
      /// In the category's direction: spent − received for an expense category (a refund
      /// lowers it), received − spent for an income one.
      public var net: String
      public var currency: String
      /// Transactions booked to the category (a split counts once per part).
      public var count: Int
    }

    /// The month, year or period, as the request named it.
    public var scope: String
    public var position: UInt64
    public var rows: [Row]
  }
}

extension Wire.CategoryTotals.Row {
  /// The totals of one category in one currency.
  public init(_ total: CategoryTotal) {
    categoryId = total.category.description
    category = total.name
    kind = total.kind?.rawValue
    spent = total.spent.formatted()
    received = total.received.formatted()
    net = total.net.formatted()
    currency = total.spent.currency.code
    count = total.count
  }
}

extension Wire.CategoryTotals {
  /// `rows` for `scope` (the month, year or period asked for), at `position`.
  public init(scope: String, rows: [CategoryTotal], position: UInt64) {
    self.scope = scope
    self.position = position
    self.rows = rows.map(Row.init)
  }
}
