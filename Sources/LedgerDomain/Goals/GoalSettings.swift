/// What a savings goal is for (seed 002's Goal.type).
public enum GoalKind: String, Sendable, Hashable, Codable, CaseIterable {
  case emergency, vacation, house, car, education, retirement, custom
}

/// Where a contribution came from (seed 002's Contribution.source).
public enum ContributionSource: String, Sendable, Hashable, Codable, CaseIterable {
  /// Moved by hand (`budget goal contribute`).
  case manual
  /// A paid occurrence of a schedule that moves money into the goal.
  case recurring
  /// Spare change rounded up from purchases.
  case roundup
  /// A one-off: a bonus, a tax refund, a gift.
  case windfall
}

/// What a user may change about a goal: everything but its funding and its start.
public struct GoalSettings: Sendable, Hashable, Codable {
  public var name: String
  public var goalKind: GoalKind
  /// The amount to reach, above zero, in the funding's currency.
  public var target: Money
  /// The day the target should be reached by, if there is one.
  public var targetDate: CivilDate?
  /// Whether the goal's monthly need is a line of the month's budget sheet.
  public var onBudgetSheet: Bool
  public var note: String?

  public init(
    name: String, goalKind: GoalKind = .custom, target: Money, targetDate: CivilDate? = nil,
    onBudgetSheet: Bool = false, note: String? = nil
  ) {
    self.name = name
    self.goalKind = goalKind
    self.target = target
    self.targetDate = targetDate
    self.onBudgetSheet = onBudgetSheet
    self.note = note
  }
}

/// Where a goal's money is: an account whose balance is the progress, or a category the
/// money is moved into.
public enum GoalFunding: Sendable, Hashable {
  /// A savings account: its balance is what is saved.
  case account(AccountID)
  /// A savings category: what is saved is the money booked to it since the goal's start.
  case category(CategoryID)
}

/// Money moved into or out of a goal, as the goal lists it: the movement it links (a
/// transaction or a transfer) carries the money; the entry adds its source and note.
public struct GoalEntry: Sendable, Hashable {
  public var id: EntityID
  /// Money taken out of the goal (`budget goal withdraw`) rather than put in.
  public var isWithdrawal: Bool
  public var date: CivilDate
  /// Above zero; a withdrawal takes it out.
  public var amount: Money
  public var source: ContributionSource
  public var transaction: TransactionID?
  public var transfer: TransferID?
  public var note: String?

  public init(
    id: EntityID, isWithdrawal: Bool, date: CivilDate, amount: Money, source: ContributionSource,
    transaction: TransactionID?, transfer: TransferID?, note: String?
  ) {
    self.id = id
    self.isWithdrawal = isWithdrawal
    self.date = date
    self.amount = amount
    self.source = source
    self.transaction = transaction
    self.transfer = transfer
    self.note = note
  }

  /// The id of the movement it links.
  public var movement: EntityID? { transaction?.raw ?? transfer?.raw }
}
