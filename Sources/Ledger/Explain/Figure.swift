import LedgerDomain

/// A figure the ledger shows, which ``Ledger/explain(_:at:)`` takes apart into what made it.
public enum Figure: Sendable, Hashable {
  /// An account's balance at the end of a date: its opening balance, its transactions and its
  /// transfers' legs up to that day.
  case balance(AccountID, on: CivilDate)
  /// What a category spent in a month in the ledger's base currency, net of refunds (the
  /// budget sheet's *actual*): its expenses, less the money that came back into it.
  case spent(CategoryID, in: YearMonth)
  /// What a category has left in a month on the budget sheet (its *difference*): this month's
  /// assignment (or the goal need planned in its place), what rollover carried in from the
  /// month before, less what it spent.
  case left(CategoryID, in: YearMonth)
  /// What a category may spend in a month on the budget sheet (its *available*): this month's
  /// assignment (or the goal need planned in its place) and what rollover carried in.
  case available(CategoryID, in: YearMonth)
  /// What rollover carried into a category's month (its *carried*): the month before's
  /// leftover — its assignment, what was carried into it, less what it spent — or none of it,
  /// where the setting in force that month keeps it back.
  case carried(CategoryID, in: YearMonth)
  /// A month's remaining to assign on the budget sheet: the income planned for it, less
  /// every category's assignment and the needs of the goals the sheet counts.
  case remaining(in: YearMonth)
  /// A month's net cash flow (the cash flow report's *net*): every transaction of the month
  /// in the base currency booked to a category, income adding and expenses taking away.
  case cashflow(in: YearMonth)
  /// An account's forecast balance at the end of a month (the forecast's month end): its
  /// balance on the day the forecast starts (`from`, else today) and each open scheduled
  /// occurrence up to then — with `withBudgets`, also the unspent part of that month's
  /// variable budgets, spent from it over the days left.
  case forecast(AccountID, in: YearMonth, withBudgets: Bool, from: CivilDate? = nil)
  /// What a goal has left to save at the end of a day (its *left*): its target, less what its
  /// savings account holds (each entry of that balance) or what was booked to its category
  /// from the month the goal began; with the months to the target date that share it (its *monthly
  /// need*).
  case goal(GoalID, on: CivilDate)
}

extension Figure {
  /// The figure's name, as the CLI's `budget explain` and the API's `/explain` call it.
  public var name: String {
    switch self {
    case .balance: "balance"
    case .spent: "spent"
    case .left: "left"
    case .available: "available"
    case .carried: "carried"
    case .remaining: "remaining"
    case .cashflow: "cashflow"
    case .forecast: "forecast"
    case .goal: "goal"
    }
  }
}
