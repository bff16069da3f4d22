import EventLog
import Ledger
import LedgerDomain

/// Commands written as the event a test expects them to record: `.addTransaction(expense(…))`
/// asks for the transaction `expense(…)` describes. Front ends build the commands themselves
/// (``AddTransaction`` …); tests, which check events, say what they expect once.
extension LedgerCommand {
  public static func createLedger(_ event: LedgerCreated) -> Self { .createLedger(CreateLedger(event)) }
  public static func setBudget(_ event: BudgetSet) -> Self { .setBudget(SetBudget(event)) }
  public static func planIncome(_ event: IncomePlanned) -> Self { .planIncome(PlanIncome(event)) }
  public static func moveBudget(_ event: BudgetMoved) -> Self { .moveBudget(MoveBudget(event)) }
  public static func setRollover(_ event: RolloverSet) -> Self { .setRollover(SetRollover(event)) }
  public static func addTransaction(_ event: TransactionAdded) -> Self { .addTransaction(AddTransaction(event)) }
  public static func amendTransaction(_ event: TransactionAmended, expectedVersion: UInt64?) -> Self {
    .amendTransaction(AmendTransaction(event), expectedVersion: expectedVersion)
  }
  public static func makeTransfer(_ event: TransferMade) -> Self { .makeTransfer(MakeTransfer(event)) }
  public static func addDebt(_ event: DebtAdded) -> Self { .addDebt(AddDebt(event)) }
  public static func addGoal(_ event: GoalAdded) -> Self { .addGoal(AddGoal(event)) }
}

extension CreateLedger {
  public init(_ event: LedgerCreated) {
    self.init(
      name: event.name, baseCurrency: event.baseCurrency, firstDayOfWeek: event.firstDayOfWeek,
      fiscalYearStartMonth: event.fiscalYearStartMonth)
  }
}

extension SetBudget {
  public init(_ event: BudgetSet) {
    self.init(month: event.month, category: event.category, amount: event.amount, span: event.span)
  }
}

extension PlanIncome {
  public init(_ event: IncomePlanned) {
    self.init(month: event.month, year: event.year, source: event.source, amount: event.amount)
  }
}

extension MoveBudget {
  public init(_ event: BudgetMoved) {
    self.init(month: event.month, from: event.from, to: event.to, amount: event.amount)
  }
}

extension SetRollover {
  public init(_ event: RolloverSet) {
    self.init(
      category: event.category, carryUnspent: event.carryUnspent, carryOverspent: event.carryOverspent, from: event.from
    )
  }
}

extension AddTransaction {
  public init(_ event: TransactionAdded) {
    self.init(
      transaction: event.transaction, account: event.account, date: event.date, amount: event.amount, type: event.type,
      category: event.category, splits: event.splits, name: event.name, description: event.description,
      notes: event.notes, period: event.period, importId: event.importId, tags: event.tags)
  }
}

extension AmendTransaction {
  public init(_ event: TransactionAmended) {
    self.init(transaction: event.transaction)
    account = event.account
    date = event.date
    amount = event.amount
    type = event.type
    category = event.category
    splits = event.splits
    name = event.name
    description = event.description
    notes = event.notes
    period = event.period
    tags = event.tags
  }
}

extension MakeTransfer {
  public init(_ event: TransferMade) {
    self.init(
      transfer: event.transfer, from: event.from, to: event.to, amount: event.amount, date: event.date, note: event.note
    )
  }
}

extension AddDebt {
  public init(_ event: DebtAdded) {
    self.init(
      debt: event.debt, name: event.name, debtKind: event.debtKind, account: event.account, terms: event.terms,
      from: event.from)
  }
}

extension AddGoal {
  public init(_ event: GoalAdded) {
    self.init(
      goal: event.goal, settings: event.settings, startDate: event.startDate,
      funding: event.funding ?? .account(AccountID(raw: EntityID(high: 0, low: 0))))
    account = event.account
    category = event.category
  }
}

extension BulkLoad.Row {
  /// A row that asks for the transaction `event` describes.
  package init(_ event: TransactionAdded, idempotencyKey: IdempotencyKey, isRecorded: Bool = false) {
    self.init(AddTransaction(event), idempotencyKey: idempotencyKey, isRecorded: isRecorded)
  }
}
