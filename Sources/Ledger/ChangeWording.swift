import LedgerDomain

/// An undo's or a redo's changes in the user's words — "transaction 'Broadband Telekom' 39.99
/// deleted", "bill 'Broadband' of 2026-12-11 unpaid again" — never an event type's name.
/// Names are read from `state` (the ledger after the change: what it names is still there,
/// deleted or archived entities included).
struct ChangeWording {
  let state: LedgerState
  /// Goal entries the action taken back recorded, by id: an entry removed is gone from the
  /// state, but its amount is still worth saying.
  var entries: [EntityID: (amount: Money, isWithdrawal: Bool)] = [:]

  /// One phrase per event, in order; repeated phrases (a transfer's two legs) once.
  func describe(_ events: [LedgerEvent]) -> [String] {
    var phrases: [String] = []
    for event in events {
      let phrase = describe(event)
      if !phrases.contains(phrase) { phrases.append(phrase) }
    }
    return phrases
  }

  /// What `event` changed, in words. Every kind of event is named, so that a new one does not
  /// compile until it has its wording.
  func describe(_ event: LedgerEvent) -> String {
    switch event {
    case .ledgerCreated(let e): return "ledger \(quoted(e.name)) created"
    case .accountOpened(let e): return "account \(quoted(e.name)) opened"
    case .accountRenamed(let e): return "account \(quoted(e.previousName)) renamed \(quoted(e.name))"
    case .accountClosed(let e): return "account \(account(e.account)) closed"
    case .accountReopened(let e): return "account \(account(e.account)) reopened"
    case .openingBalanceChanged(let e):
      return "opening balance of \(account(e.account)) set to \(e.balance.formatted(grouping: true))"
    case .accountRoleChanged(let e): return "account \(account(e.account)) made a \(e.role.rawValue) account"
    case .categoryCreated(let e): return "category \(quoted(e.name)) created"
    case .categoryRenamed(let e): return "category \(quoted(e.previousName)) renamed \(quoted(e.name))"
    case .categoryMoved(let e): return "category \(category(e.category)) moved"
    case .categoryRestyled(let e): return "category \(category(e.category)) restyled"
    case .categoryArchived(let e): return "category \(category(e.category)) archived"
    case .categoryRestored(let e): return "category \(category(e.category)) restored"
    case .categoryDeleted(let e): return "category \(category(e.category)) deleted"
    case .periodOpened(let e): return "period \(quoted(e.name)) opened"
    case .periodClosed(let e): return "period \(period(e.period)) closed"
    case .periodReopened(let e): return "period \(period(e.period)) reopened"
    case .budgetSet(let e):
      return "budget of \(category(e.category)) for \(e.month) set to \(e.amount.formatted(grouping: true))"
    case .incomePlanned(let e):
      let when = e.month?.description ?? String(e.year)
      return "planned income \(quoted(e.source)) for \(when) set to \(e.amount.formatted(grouping: true))"
    case .budgetMoved(let e):
      return
        "\(e.amount.formatted(grouping: true)) of \(e.month)'s budget moved from \(category(e.from)) to \(category(e.to))"
    case .dueDateSet(let e): return "due date of \(category(e.category)) set to \(e.dueDate)"
    case .dueDateCleared(let e): return "due date of \(category(e.category)) cleared"
    case .rolloverSet(let e):
      let from = e.from.map { " from \($0)" } ?? ""
      return
        "rollover of \(category(e.category))\(from) set to carry unspent \(yesNo(e.carryUnspent)), overspent \(yesNo(e.carryOverspent))"
    case .transactionAdded(let e): return "transaction \(transaction(e)) added"
    case .transactionAmended(let e): return "transaction \(transaction(e.transaction)) changed back"
    case .transactionDeleted(let e):
      return "transaction \(e.deleted.map { transaction($0) } ?? transaction(e.transaction)) deleted"
    case .transactionRestored(let e): return "transaction \(transaction(e.transaction)) restored"
    case .transferMade(let e): return "transfer \(transfer(e)) made"
    case .transferCancelled(let e): return "transfer \(transfer(e.cancelled)) cancelled"
    case .scheduleCreated(let e): return "\(noun(e.terms.kind)) \(quoted(e.terms.name)) scheduled"
    case .scheduleChanged(let e): return "\(schedule(e.schedule)) changed from \(e.from)"
    case .scheduleChangeWithdrawn(let e): return "change of \(schedule(e.schedule)) from \(e.from) withdrawn"
    case .schedulePaused(let e): return "\(schedule(e.schedule)) paused from \(e.from)"
    case .scheduleResumed(let e): return "\(schedule(e.schedule)) resumed on \(e.on)"
    case .scheduleEnded(let e): return "\(schedule(e.schedule)) ended after \(e.after)"
    case .scheduleReinstated(let e): return "\(schedule(e.schedule)) no longer ended"
    case .scheduleDeleted(let e): return "\(schedule(e.schedule)) deleted"
    case .scheduleOccurrencePaid(let e): return "\(schedule(e.schedule)) of \(e.date) paid"
    case .scheduleOccurrenceUnpaid(let e): return "\(schedule(e.schedule)) of \(e.date) unpaid again"
    case .scheduleOccurrenceSkipped(let e): return "\(schedule(e.schedule)) of \(e.date) skipped"
    case .scheduleOccurrenceUnskipped(let e): return "\(schedule(e.schedule)) of \(e.date) no longer skipped"
    case .debtAdded(let e): return "debt \(quoted(e.name)) added"
    case .debtTermsChanged(let e): return "terms of debt \(debt(e.debt)) from \(e.from) changed"
    case .debtTermsWithdrawn(let e): return "terms of debt \(debt(e.debt)) from \(e.from) withdrawn"
    case .debtRemoved(let e): return "debt \(debt(e.debt)) removed"
    case .goalAdded(let e): return "goal \(quoted(e.settings.name)) added"
    case .goalChanged(let e): return "goal \(quoted(e.settings.name)) changed"
    case .goalContributed(let e): return "\(e.amount.formatted(grouping: true)) contributed to goal \(goal(e.goal))"
    case .goalContributionWithdrawn(let e):
      return "\(e.amount.formatted(grouping: true)) withdrawn from goal \(goal(e.goal))"
    case .goalEntryRemoved(let e):
      let known = state.goals[e.goal]?.entry(e.entry).map { ($0.amount, $0.isWithdrawal) } ?? entries[e.entry]
      guard let (amount, isWithdrawal) = known else { return "entry of goal \(goal(e.goal)) removed" }
      let what =
        isWithdrawal
        ? "withdrawal of \(amount.formatted(grouping: true)) from"
        : "contribution of \(amount.formatted(grouping: true)) to"
      return "\(what) goal \(goal(e.goal)) taken back"
    case .goalCompleted(let e): return "goal \(goal(e.goal)) completed"
    case .goalArchived(let e): return "goal \(goal(e.goal)) archived"
    case .goalReopened(let e): return "goal \(goal(e.goal)) reopened"
    }
  }

  private func quoted(_ name: String) -> String { "'\(name)'" }

  /// An id as tables show it: its last eight digits.
  private func short(_ id: EntityID) -> String { String(id.description.suffix(8)) }

  private func yesNo(_ value: Bool) -> String { value ? "yes" : "no" }

  private func account(_ id: AccountID) -> String { state.accounts[id].map { quoted($0.name) } ?? short(id.raw) }

  private func category(_ id: CategoryID) -> String { state.categories[id].map { quoted($0.name) } ?? short(id.raw) }

  private func period(_ id: PeriodID) -> String { state.periods[id].map { quoted($0.name) } ?? short(id.raw) }

  private func debt(_ id: DebtID) -> String { state.debts[id].map { quoted($0.name) } ?? short(id.raw) }

  private func goal(_ id: GoalID) -> String { state.goals[id].map { quoted($0.name) } ?? short(id.raw) }

  /// "bill 'Broadband'", "income 'Salary'", "scheduled transfer 'Savings'".
  private func schedule(_ id: ScheduleID) -> String {
    guard let record = state.schedules[id] else { return "schedule \(short(id.raw))" }
    return "\(noun(record.timeline.current.kind)) \(quoted(record.name))"
  }

  private func noun(_ kind: ScheduleKind) -> String {
    switch kind {
    case .expense: "bill"
    case .income: "income"
    case .transfer: "scheduled transfer"
    }
  }

  /// "'Broadband Telekom' 39.99".
  private func transaction(_ added: TransactionAdded) -> String {
    "\(quoted(added.name)) \(added.amount.formatted(grouping: true))"
  }

  private func transaction(_ id: TransactionID) -> String {
    state.transactions[id].map { transaction($0.added) } ?? short(id.raw)
  }

  /// "of 50.00 from 'Checking' to 'Savings'".
  private func transfer(_ made: TransferMade) -> String {
    "of \(made.amount.formatted(grouping: true)) from \(account(made.from)) to \(account(made.to))"
  }

  /// Every kind of event in words, one and many, for an undo that changed too many things to
  /// describe one by one (``UndoSummary``): a new kind does not compile until it has its
  /// wording here.
  static func phrases(_ kind: EventKind) -> (String, String) {
    switch kind {
    case .ledgerCreated: ("ledger created", "ledgers created")
    case .transactionAdded: ("transaction added", "transactions added")
    case .transactionDeleted: ("transaction deleted", "transactions deleted")
    case .transactionRestored: ("transaction restored", "transactions restored")
    case .transactionAmended: ("transaction changed back", "transactions changed back")
    case .accountOpened: ("account opened", "accounts opened")
    case .accountClosed: ("account closed", "accounts closed")
    case .accountReopened: ("account reopened", "accounts reopened")
    case .accountRenamed: ("account renamed back", "accounts renamed back")
    case .openingBalanceChanged: ("opening balance set back", "opening balances set back")
    case .accountRoleChanged: ("account role set back", "account roles set back")
    case .categoryCreated: ("category created", "categories created")
    case .categoryDeleted: ("category deleted", "categories deleted")
    case .categoryRenamed: ("category renamed back", "categories renamed back")
    case .categoryMoved: ("category moved back", "categories moved back")
    case .categoryRestyled: ("category restyled back", "categories restyled back")
    case .categoryArchived: ("category archived", "categories archived")
    case .categoryRestored: ("category restored", "categories restored")
    case .periodOpened: ("period opened", "periods opened")
    case .periodClosed: ("period closed", "periods closed")
    case .periodReopened: ("period reopened", "periods reopened")
    case .budgetSet: ("budget set back", "budgets set back")
    case .budgetMoved: ("budget move reversed", "budget moves reversed")
    case .incomePlanned: ("planned income set back", "planned incomes set back")
    case .dueDateSet: ("due date set back", "due dates set back")
    case .dueDateCleared: ("due date cleared", "due dates cleared")
    case .rolloverSet: ("rollover setting set back", "rollover settings set back")
    case .transferMade: ("transfer made again", "transfers made again")
    case .transferCancelled: ("transfer cancelled", "transfers cancelled")
    case .scheduleCreated: ("schedule created", "schedules created")
    case .scheduleChanged: ("schedule change set back", "schedule changes set back")
    case .scheduleChangeWithdrawn: ("schedule change withdrawn", "schedule changes withdrawn")
    case .schedulePaused: ("schedule paused", "schedules paused")
    case .scheduleResumed: ("schedule resumed", "schedules resumed")
    case .scheduleEnded: ("schedule ended", "schedules ended")
    case .scheduleReinstated: ("schedule reinstated", "schedules reinstated")
    case .scheduleDeleted: ("schedule deleted", "schedules deleted")
    case .scheduleOccurrencePaid: ("bill paid again", "bills paid again")
    case .scheduleOccurrenceUnpaid: ("bill unpaid again", "bills unpaid again")
    case .scheduleOccurrenceSkipped: ("bill skipped", "bills skipped")
    case .scheduleOccurrenceUnskipped: ("bill no longer skipped", "bills no longer skipped")
    case .debtAdded: ("debt added", "debts added")
    case .debtTermsChanged: ("debt terms set back", "debt terms set back")
    case .debtTermsWithdrawn: ("debt terms withdrawn", "debt terms withdrawn")
    case .debtRemoved: ("debt removed", "debts removed")
    case .goalAdded: ("goal added", "goals added")
    case .goalChanged: ("goal changed back", "goals changed back")
    case .goalContributed: ("goal contribution made again", "goal contributions made again")
    case .goalContributionWithdrawn: ("goal withdrawal made again", "goal withdrawals made again")
    case .goalEntryRemoved: ("goal entry removed", "goal entries removed")
    case .goalCompleted: ("goal completed", "goals completed")
    case .goalArchived: ("goal archived", "goals archived")
    case .goalReopened: ("goal reopened", "goals reopened")
    }
  }
}
