/// What kind of account money sits in (seed 002/003).
public enum AccountType: String, Sendable, Hashable, Codable, CaseIterable {
  case checking, savings, creditCard = "credit-card", cash, loan, investment

  /// The role an account of this type has until it is changed: money to spend or owe day to
  /// day (checking, savings, cash, credit card) is a budget account; a loan or an investment
  /// is tracked.
  public var defaultRole: AccountRole {
    switch self {
    case .checking, .savings, .creditCard, .cash: .budget
    case .loan, .investment: .tracking
    }
  }
}

/// What an account's balance counts for. A **budget** account holds money the budget can
/// assign (a credit card's debt lowers it); a **tracking** account (a loan, an investment)
/// shows a balance but is no part of the available funds.
public enum AccountRole: String, Sendable, Hashable, Codable, CaseIterable {
  case budget, tracking
}

/// Whether a category collects income or expenses.
public enum CategoryKind: String, Sendable, Hashable, Codable, CaseIterable {
  case income, expense
}

/// How a category is budgeted (seed 001): every month the same (fixed), month by month
/// (variable), or once a quarter and shown as a monthly equivalent (quarterly).
public enum BudgetType: String, Sendable, Hashable, Codable, CaseIterable {
  case fixed, variable, quarterly
}

/// Whether a transaction brings money in or takes it out. Amounts are always positive; the
/// type gives the sign (seed 000's model; see `docs/domain.md`).
public enum TransactionType: String, Sendable, Hashable, Codable, CaseIterable {
  case income, expense
}

/// The span a budget amount covers.
public enum BudgetSpan: String, Sendable, Hashable, Codable, CaseIterable {
  /// The amount is for one month.
  case month
  /// The amount is for the quarter starting at the given month; reports show a third of it
  /// in each month.
  case quarter
}
