/// Sets a category's budget for a month — or, for a quarterly category, for the quarter that
/// starts in `month` (`span` `.quarter`).
public struct SetBudget: Sendable, Hashable, Codable {
  public var month: YearMonth
  public var category: CategoryID
  public var amount: Money
  public var span: BudgetSpan

  public init(month: YearMonth, category: CategoryID, amount: Money, span: BudgetSpan = .month) {
    self.month = month
    self.category = category
    self.amount = amount
    self.span = span
  }
}

/// Plans income from a source for a month, or for a whole year (`month` `nil`); planning the
/// same source again replaces the amount.
public struct PlanIncome: Sendable, Hashable, Codable {
  public var month: YearMonth?
  public var year: Int
  public var source: String
  public var amount: Money

  public init(month: YearMonth?, year: Int, source: String, amount: Money) {
    self.month = month
    self.year = year
    self.source = source
    self.amount = amount
  }
}

/// Moves budgeted money from one category to another within a month.
public struct MoveBudget: Sendable, Hashable, Codable {
  public var month: YearMonth
  public var from: CategoryID
  public var to: CategoryID
  public var amount: Money

  public init(month: YearMonth, from: CategoryID, to: CategoryID, amount: Money) {
    self.month = month
    self.from = from
    self.to = to
    self.amount = amount
  }
}

/// Sets whether a category's unspent and overspent money carries into the next month, from
/// `from` on (the current month if `nil`).
public struct SetRollover: Sendable, Hashable, Codable {
  public var category: CategoryID
  public var carryUnspent: Bool
  public var carryOverspent: Bool
  public var from: YearMonth?

  public init(category: CategoryID, carryUnspent: Bool, carryOverspent: Bool, from: YearMonth? = nil) {
    self.category = category
    self.carryUnspent = carryUnspent
    self.carryOverspent = carryOverspent
    self.from = from
  }
}
