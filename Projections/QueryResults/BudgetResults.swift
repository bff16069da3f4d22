import LedgerDomain

/// How much of its budget a category has used, by seed 002's alert thresholds.
public enum BudgetAlert: Int, Sendable, Hashable, Comparable, CaseIterable {
  /// Under 75 %.
  case none = 0
  /// At least 75 %.
  case percent75 = 75
  /// At least 90 %.
  case percent90 = 90
  /// At least 100 %, or anything spent against no (or a negative) budget.
  case percent100 = 100

  public static func < (lhs: BudgetAlert, rhs: BudgetAlert) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A category's rollover setting and the month it applies from.
public struct RolloverSetting: Sendable, Hashable {
  public var carryUnspent: Bool
  public var carryOverspent: Bool
  /// The month (of recording, UTC) from which the setting applies: its leftover is the first carried.
  public var since: YearMonth

  @inlinable
  package init(carryUnspent: Bool, carryOverspent: Bool, since: YearMonth) {
    self.carryUnspent = carryUnspent
    self.carryOverspent = carryOverspent
    self.since = since
  }
}

/// One expense category's budget against its spending in a month (seed 001 Sheet 3).
public struct BudgetLine: Sendable, Hashable {
  public var category: CategoryID
  /// Empty when the category is unknown (never created, or deleted).
  public var name: String
  public var parent: CategoryID?
  /// `.variable` when the category is unknown.
  public var budgetType: BudgetType
  /// Assigned in this month: its monthly amount, or its share of a quarterly amount, plus
  /// budget moved in and minus budget moved out.
  public var assigned: Money
  /// Carried from last month by rollover: unspent (positive) or overspent (negative).
  public var carried: Money
  /// `assigned + carried`: what the month may spend.
  public var budgeted: Money
  /// Expenses booked to the category in the month.
  public var actual: Money
  /// `budgeted - actual`; negative when over budget.
  public var difference: Money
  /// `actual / budgeted` in basis points, truncated (7,500 = 75.00 %); `nil` when nothing
  /// (or less) is budgeted.
  public var usedBasisPoints: Int?
  /// Whether `actual > budgeted`.
  public var isOverBudget: Bool
  public var alert: BudgetAlert
  /// The rollover setting in force this month, if any.
  public var rollover: RolloverSetting?

  @inlinable
  package init(
    category: CategoryID, name: String, parent: CategoryID? = nil, budgetType: BudgetType, assigned: Money,
    carried: Money, budgeted: Money, actual: Money, difference: Money, usedBasisPoints: Int? = nil, isOverBudget: Bool,
    alert: BudgetAlert, rollover: RolloverSetting? = nil
  ) {
    self.category = category
    self.name = name
    self.parent = parent
    self.budgetType = budgetType
    self.assigned = assigned
    self.carried = carried
    self.budgeted = budgeted
    self.actual = actual
    self.difference = difference
    self.usedBasisPoints = usedBasisPoints
    self.isOverBudget = isOverBudget
    self.alert = alert
    self.rollover = rollover
  }
}

/// Budget vs actual for every expense category of a month, in one currency.
public struct BudgetMonthReport: Sendable, Hashable {
  public var month: YearMonth
  public var currency: Currency
  /// Active expense categories, plus archived or unknown ones with a budget, spending or
  /// carry this month; in sort order.
  public var lines: [BudgetLine]
  /// Sum of the lines' `budgeted`.
  public var totalBudgeted: Money
  /// Sum of the lines' `actual`.
  public var totalActual: Money
  /// The log position the answer reflects.
  public var asKnownAt: UInt64

  @inlinable
  package init(
    month: YearMonth, currency: Currency, lines: [BudgetLine], totalBudgeted: Money, totalActual: Money,
    asKnownAt: UInt64
  ) {
    self.month = month
    self.currency = currency
    self.lines = lines
    self.totalBudgeted = totalBudgeted
    self.totalActual = totalActual
    self.asKnownAt = asKnownAt
  }
}

/// One planned income and what of it counts for the month (or year) asked about.
public struct PlannedIncome: Sendable, Hashable {
  public var source: String
  /// The month planned, or `nil` for a yearly amount.
  public var month: YearMonth?
  /// The amount as planned.
  public var amount: Money
  /// What counts in the period asked about: a monthly amount whole; a yearly amount's share
  /// of a month by `allocatedInMinorUnits(into: 12)` (in cents, so the twelve shares add up to it), or whole for a year.
  public var counted: Money

  @inlinable
  package init(source: String, month: YearMonth? = nil, amount: Money, counted: Money) {
    self.source = source
    self.month = month
    self.amount = amount
    self.counted = counted
  }
}

/// Budgeted totals by the categories' budget type (seed 001's fixed / variable / quarterly).
public struct BudgetTypeTotals: Sendable, Hashable {
  public var fixed: Money
  public var variable: Money
  /// Quarterly categories' monthly equivalents.
  public var quarterly: Money
  public var total: Money

  @inlinable
  package init(fixed: Money, variable: Money, quarterly: Money, total: Money) {
    self.fixed = fixed
    self.variable = variable
    self.quarterly = quarterly
    self.total = total
  }
}

/// A category's payment due date.
public struct DueDate: Sendable, Hashable {
  public var category: CategoryID
  public var name: String
  public var date: CivilDate

  @inlinable
  package init(category: CategoryID, name: String, date: CivilDate) {
    self.category = category
    self.name = name
    self.date = date
  }
}

/// Due dates within a span of days.
public struct DueDateList: Sendable, Hashable {
  /// The first day of the span.
  public var from: CivilDate
  /// The last day of the span (inclusive).
  public var through: CivilDate
  /// In date order, then by name.
  public var dates: [DueDate]
  /// The log position the answer reflects.
  public var asKnownAt: UInt64

  @inlinable
  package init(from: CivilDate, through: CivilDate, dates: [DueDate], asKnownAt: UInt64) {
    self.from = from
    self.through = through
    self.dates = dates
    self.asKnownAt = asKnownAt
  }
}

/// The zero-based summary of a month (seed 001 Sheet 1): planned income, what is assigned,
/// and what remains to assign (the goal is zero). "Current available funds" needs account
/// balances: the application layer adds the running-balances total next to this summary.
public struct BudgetSummary: Sendable, Hashable {
  public var month: YearMonth
  public var currency: Currency
  /// Monthly sources of the month plus each yearly source's share of it.
  public var plannedIncome: Money
  public var incomeSources: [PlannedIncome]
  /// This month's assignments (`assigned`, without rollover carries, which were assigned
  /// in earlier months) by budget type.
  public var budgeted: BudgetTypeTotals
  /// `plannedIncome - budgeted.total`.
  public var remainingToAssign: Money
  /// Due dates that fall in the month.
  public var dueDates: [DueDate]
  /// The log position the answer reflects.
  public var asKnownAt: UInt64

  @inlinable
  package init(
    month: YearMonth, currency: Currency, plannedIncome: Money, incomeSources: [PlannedIncome],
    budgeted: BudgetTypeTotals, remainingToAssign: Money, dueDates: [DueDate], asKnownAt: UInt64
  ) {
    self.month = month
    self.currency = currency
    self.plannedIncome = plannedIncome
    self.incomeSources = incomeSources
    self.budgeted = budgeted
    self.remainingToAssign = remainingToAssign
    self.dueDates = dueDates
    self.asKnownAt = asKnownAt
  }
}

/// The income planned for a year: its yearly sources and every month's.
public struct IncomePlan: Sendable, Hashable {
  public var year: Int
  public var currency: Currency
  /// Yearly sources first, then by month and source.
  public var sources: [PlannedIncome]
  public var total: Money
  /// The log position the answer reflects.
  public var asKnownAt: UInt64

  @inlinable
  package init(year: Int, currency: Currency, sources: [PlannedIncome], total: Money, asKnownAt: UInt64) {
    self.year = year
    self.currency = currency
    self.sources = sources
    self.total = total
    self.asKnownAt = asKnownAt
  }
}
