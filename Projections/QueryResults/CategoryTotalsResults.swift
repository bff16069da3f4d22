import LedgerDomain

/// What a set of totals covers: a calendar month, a calendar year, or an expense period.
public enum TotalsScope: Sendable, Hashable {
  case month(YearMonth)
  case year(Int)
  case period(PeriodID)
}

/// A category's metadata as its events left it.
public struct CategoryInfo: Sendable, Hashable {
  public var category: CategoryID
  public var name: String
  public var kind: CategoryKind
  public var budgetType: BudgetType
  /// The group it sits under, if any.
  public var parent: CategoryID?
  public var archived: Bool
  public var sortOrder: Int
  public var icon: String
  public var color: ColorHex

  @inlinable
  package init(
    category: CategoryID, name: String, kind: CategoryKind, budgetType: BudgetType, parent: CategoryID? = nil,
    archived: Bool, sortOrder: Int, icon: String, color: ColorHex
  ) {
    self.category = category
    self.name = name
    self.kind = kind
    self.budgetType = budgetType
    self.parent = parent
    self.archived = archived
    self.sortOrder = sortOrder
    self.icon = icon
    self.color = color
  }
}

/// Every category, in sort order, as known at a log position.
public struct CategoryList: Sendable, Hashable {
  public var categories: [CategoryInfo]
  /// The log position the answer reflects.
  public var asKnownAt: UInt64

  @inlinable
  package init(categories: [CategoryInfo], asKnownAt: UInt64) {
    self.categories = categories
    self.asKnownAt = asKnownAt
  }
}

/// One category's totals in one currency.
public struct CategoryTotal: Sendable, Hashable {
  public var category: CategoryID
  /// Empty when the category is unknown (never created, or deleted).
  public var name: String
  public var parent: CategoryID?
  /// `nil` when the category is unknown.
  public var kind: CategoryKind?
  /// Expenses booked to the category: positive.
  public var spent: Money
  /// Income booked to the category: positive.
  public var received: Money
  /// Transactions booked to it (a split counts once per category it touches).
  public var count: Int

  /// The total in the category's own direction: for an expense category (or an unknown one)
  /// spent less received, so that a refund lowers it; for an income category received less
  /// spent, so that money taken back lowers it. Negative when the other way outweighs it.
  public var net: Money {
    kind == .income ? Money(units: received.units &- spent.units, currency: received.currency) : netSpending
  }

  /// Spent less received, whatever the category's kind: what it cost, net of refunds.
  /// (Every sum the ledger makes stays within `LedgerState.turnover`, so it cannot wrap.)
  public var netSpending: Money { Money(units: spent.units &- received.units, currency: spent.currency) }

  @inlinable
  package init(
    category: CategoryID, name: String, parent: CategoryID? = nil, kind: CategoryKind? = nil, spent: Money,
    received: Money, count: Int
  ) {
    self.category = category
    self.name = name
    self.parent = parent
    self.kind = kind
    self.spent = spent
    self.received = received
    self.count = count
  }
}

/// Totals per category for a scope, ordered by currency, then category sort order and name.
public struct CategoryTotalsReport: Sendable, Hashable {
  public var scope: TotalsScope
  /// Whether each row includes its descendants (a parent-group roll-up).
  public var rolledUp: Bool
  public var rows: [CategoryTotal]
  /// The log position the answer reflects.
  public var asKnownAt: UInt64

  @inlinable
  package init(scope: TotalsScope, rolledUp: Bool, rows: [CategoryTotal], asKnownAt: UInt64) {
    self.scope = scope
    self.rolledUp = rolledUp
    self.rows = rows
    self.asKnownAt = asKnownAt
  }
}

extension CategoryTotalsReport {
  /// The rows with anything booked, `base`'s first, then each other currency's in code order
  /// (amounts of two currencies are never compared); within a currency the biggest net
  /// spender first, so income categories come last.
  public func biggestSpendersFirst(base: Currency) -> [CategoryTotal] {
    rows.filter { !$0.spent.isZero || !$0.received.isZero }.sorted { a, b in
      let (x, y) = (a.spent.currency, b.spent.currency)
      if x != y { return x == base || (y != base && x.code < y.code) }
      return a.netSpending.units > b.netSpending.units
    }
  }
}

/// A category's spending over several months and its monthly average.
public struct CategoryAverage: Sendable, Hashable {
  public var category: CategoryID
  public var name: String
  public var parent: CategoryID?
  /// Spent over the whole window, net of refunds.
  public var total: Money
  /// `total` over the number of months, rounded to the nearest unit (halves to even).
  public var average: Money

  @inlinable
  package init(category: CategoryID, name: String, parent: CategoryID? = nil, total: Money, average: Money) {
    self.category = category
    self.name = name
    self.parent = parent
    self.total = total
    self.average = average
  }
}

/// Average monthly spending per category over the `months` months ending at `endingAt`.
public struct AverageSpendingReport: Sendable, Hashable {
  public var endingAt: YearMonth
  public var months: Int
  /// Categories that spent anything in the window, by currency then sort order.
  public var rows: [CategoryAverage]
  /// The log position the answer reflects.
  public var asKnownAt: UInt64

  @inlinable
  package init(endingAt: YearMonth, months: Int, rows: [CategoryAverage], asKnownAt: UInt64) {
    self.endingAt = endingAt
    self.months = months
    self.rows = rows
    self.asKnownAt = asKnownAt
  }
}
