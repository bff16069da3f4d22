// The event each creating command records, before the rules check it: the fields the user
// gave, as the event holds them. Internal: only `decide` makes events from commands.

extension LedgerCreated {
  init(_ command: CreateLedger) {
    self.init(
      name: command.name, baseCurrency: command.baseCurrency, firstDayOfWeek: command.firstDayOfWeek,
      fiscalYearStartMonth: command.fiscalYearStartMonth)
  }
}

extension BudgetSet {
  init(_ command: SetBudget) {
    self.init(month: command.month, category: command.category, amount: command.amount, span: command.span)
  }
}

extension IncomePlanned {
  init(_ command: PlanIncome) {
    self.init(month: command.month, year: command.year, source: command.source, amount: command.amount)
  }
}

extension BudgetMoved {
  init(_ command: MoveBudget) {
    self.init(month: command.month, from: command.from, to: command.to, amount: command.amount)
  }
}

extension RolloverSet {
  init(_ command: SetRollover) {
    self.init(
      category: command.category, carryUnspent: command.carryUnspent, carryOverspent: command.carryOverspent,
      from: command.from)
  }
}

extension TransactionAdded {
  init(_ command: AddTransaction) {
    self.init(
      transaction: command.transaction, account: command.account, date: command.date, amount: command.amount,
      type: command.type, category: command.category, splits: command.splits, name: command.name,
      description: command.description, notes: command.notes, period: command.period, importId: command.importId,
      tags: command.tags)
  }
}

extension TransactionAmended {
  /// The change asked for, without the before-image the rules add.
  init(_ command: AmendTransaction) {
    self.init(transaction: command.transaction)
    account = command.account
    date = command.date
    amount = command.amount
    type = command.type
    category = command.category
    splits = command.splits
    name = command.name
    description = command.description
    notes = command.notes
    period = command.period
    tags = command.tags
  }
}

extension TransferMade {
  init(_ command: MakeTransfer) {
    self.init(
      transfer: command.transfer, from: command.from, to: command.to, amount: command.amount, date: command.date,
      note: command.note)
  }
}

extension DebtAdded {
  init(_ command: AddDebt) {
    self.init(
      debt: command.debt, name: command.name, debtKind: command.debtKind, account: command.account,
      terms: command.terms, from: command.from)
  }
}

extension GoalAdded {
  init(_ command: AddGoal) {
    goal = command.goal
    settings = command.settings
    startDate = command.startDate
    account = command.account
    category = command.category
  }
}
