import Ledger
import LedgerDomain

extension Wire {
  /// A figure and what makes it up (`GET /explain/…`, `budget explain … --json`): the
  /// parts' amounts add up to `total`.
  public struct Explanation: Codable, Sendable, Equatable {
    /// One entry that counts in the figure.
    public struct Part: Codable, Sendable, Equatable {
      /// `opening`, `transaction`, `transfer`, `budget`, `carried`, `withheld`, `goal`,
      /// `income`, for a forecast `balance` (today's), `scheduled` or `budgets`, and for a goal
      /// `target` or `beyondTarget`.
      public var kind: String
      /// The transaction's id, the transfer leg's, the account's (an opening balance), the
      /// category's (`budget`, `carried`, `withheld`), the goal's or the schedule's; none for planned income
      /// and budgets.
      public var id: String?
      public var date: String
      /// The transaction's name, the transfer's note (or `transfer`), `opening balance`, the
      /// category's or the goal's name, the income's source, or why money was withheld.
      public var name: String
      /// What it adds to the figure; negative where it takes away.
      public var amount: String
    }

    /// `balance`, `spent`, `left`, `available`, `carried`, `remaining`, `cashflow`, `forecast`
    /// or `goal`.
    public var figure: String
    public var accountId, account: String?
    public var categoryId, category: String?
    public var goalId, goal: String?
    /// The day of a balance or of a goal's progress (its end).
    public var date: String?
    /// The month of a category's spending, of what it has left, of remaining to assign, of
    /// a cash flow, or whose end a forecast is for.
    public var month: String?
    /// Whether a forecast spends this month's unspent variable budgets too.
    public var withBudgets: Bool?
    /// The day a forecast starts from, when not today.
    public var from: String?
    public var total: String
    public var currency: String
    public var position: UInt64
    /// Oldest first.
    public var parts: [Part]
    /// For a goal with a date: the months left to it, this one included, that share `total`…
    public var months: Int?
    /// …and the need each month, rounded up to the minor unit.
    public var monthlyNeed: String?
  }
}

extension Wire.Explanation {
  /// `explanation`, with names from `state` (the state as known at its position, for a past one).
  public init(_ explanation: Explanation, state: LedgerState) {
    figure = explanation.figure.name
    switch explanation.figure {
    case .balance(let account, let date):
      accountId = account.description
      self.account = state.accounts[account]?.name
      self.date = date.description
    case .spent(let category, let month), .left(let category, let month), .available(let category, let month),
      .carried(let category, let month):
      categoryId = category.description
      self.category = state.categories[category]?.name
      self.month = month.description
    case .remaining(let month):
      self.month = month.description
    case .cashflow(let month):
      self.month = month.description
    case .forecast(let account, let month, let withBudgets, let from):
      accountId = account.description
      self.account = state.accounts[account]?.name
      self.month = month.description
      self.withBudgets = withBudgets
      self.from = from?.description
    case .goal(let goal, let date):
      goalId = goal.description
      self.goal = state.goals[goal]?.name
      self.date = date.description
    }
    months = explanation.perMonth?.months
    monthlyNeed = explanation.perMonth?.need.formatted()
    total = explanation.total.formatted()
    currency = explanation.total.currency.code
    position = explanation.position
    parts = explanation.parts.map { part in
      let name: String =
        switch part.kind {
        case .opening: "opening balance"
        case .transaction: part.id.flatMap { state.transactions[TransactionID(raw: $0)]?.added.name } ?? ""
        case .transfer: part.id.flatMap { state.transfer(ofLeg: $0)?.note } ?? "transfer"
        case .budget, .carried: part.id.flatMap { state.categories[CategoryID(raw: $0)]?.name } ?? ""
        case .goal: part.id.flatMap { state.goals[GoalID(raw: $0)]?.name } ?? ""
        case .income, .withheld: part.label ?? ""
        case .balance: "balance today"
        case .scheduled: part.id.flatMap { state.schedules[ScheduleID(raw: $0)]?.name } ?? ""
        case .budgets: "unspent variable budgets"
        case .target: "target"
        case .beyondTarget: "beyond the target"
        }
      return Part(
        kind: part.kind.rawValue, id: part.id?.description, date: part.date.description, name: name,
        amount: part.amount.formatted())
    }
  }
}
