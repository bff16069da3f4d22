/// Attaches a debt to a loan or credit-card account, with its terms from `from` on.
public struct AddDebt: Sendable, Hashable, Codable {
  public var debt: DebtID
  public var name: String
  public var debtKind: DebtKind
  public var account: AccountID
  public var terms: DebtTerms
  public var from: CivilDate

  public init(debt: DebtID, name: String, debtKind: DebtKind, account: AccountID, terms: DebtTerms, from: CivilDate) {
    self.debt = debt
    self.name = name
    self.debtKind = debtKind
    self.account = account
    self.terms = terms
    self.from = from
  }
}

/// Adds a savings goal funded by an account or by a category (exactly one of them).
public struct AddGoal: Sendable, Hashable, Codable {
  public var goal: GoalID
  public var settings: GoalSettings
  public var startDate: CivilDate
  public var account: AccountID?
  public var category: CategoryID?

  public init(goal: GoalID, settings: GoalSettings, startDate: CivilDate, funding: GoalFunding) {
    self.goal = goal
    self.settings = settings
    self.startDate = startDate
    switch funding {
    case .account(let id): account = id
    case .category(let id): category = id
    }
  }

  /// Where the goal's money is: `nil` unless exactly one of account and category is given.
  public var funding: GoalFunding? {
    switch (account, category) {
    case (let account?, nil): .account(account)
    case (nil, let category?): .category(category)
    default: nil
    }
  }
}
