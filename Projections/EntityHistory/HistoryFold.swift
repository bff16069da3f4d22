import LedgerDomain

/// The state of one stream's entity, folded event by event, so each event can be described
/// against what it replaced. Only what the events say is recorded; nothing is checked.
struct HistoryFold {
  var names: NameBook
  /// A transaction stream's current state.
  var transaction: TransactionAdded?
  /// A category stream's current state.
  var category: CategoryCreated?
  var archived = false
  var dueDate: CivilDate?
  var rollover: (carryUnspent: Bool, carryOverspent: Bool)?
  /// An account stream's current state.
  var account: AccountOpened?
  /// A period stream's current state.
  var period: PeriodOpened?
  var periodClosed = false
  /// A budget stream's amounts: per category, and planned income per source.
  var budgets: [CategoryID: (amount: Money, span: BudgetSpan)] = [:]
  var income: [String: Money] = [:]
  /// A schedule stream's terms now.
  var schedule: ScheduleTerms?

  init(names: NameBook) { self.names = names }

  /// What `event` (at `position`) changes, in words; folds it in. Every kind of event is
  /// named here, so that a new one does not compile until it has its wording.
  mutating func describe(_ event: LedgerEvent, at position: UInt64) throws -> [String] {
    switch event {
    case .transactionAdded(let e): return try added(e, at: position)
    case .transactionAmended(let e): return try amended(e, at: position)
    case .transactionDeleted(let e): return ["deleted: \(e.reason)"]
    case .transactionRestored(let e):
      transaction = e.transaction
      return [
        "restored: \(e.reason)", "\(e.transaction.type.rawValue) of \(e.transaction.amount) on \(e.transaction.date)",
      ]
    case .transferMade(let e): return try transfer(e, at: position)
    case .transferCancelled(let e): return ["cancelled: \(e.reason)"]
    case .budgetSet(let e): return try budgetSet(e, at: position)
    case .budgetMoved(let e): return try budgetMoved(e, at: position)
    case .incomePlanned(let e): return incomePlanned(e)
    case .accountOpened, .accountRenamed, .accountClosed, .accountReopened, .openingBalanceChanged,
      .accountRoleChanged:
      return accountEvent(event)
    case .periodOpened, .periodClosed, .periodReopened: return periodEvent(event)
    case .ledgerCreated(let e):
      return [
        "created ledger \(Wording.quoted(e.name)) in \(e.baseCurrency.code)",
        "week starts on \(Wording.weekday(e.firstDayOfWeek))", "fiscal year starts in month \(e.fiscalYearStartMonth)",
      ]
    case .categoryCreated, .categoryRenamed, .categoryMoved, .categoryRestyled, .categoryArchived, .categoryRestored,
      .categoryDeleted, .dueDateSet, .dueDateCleared, .rolloverSet:
      return try categoryEvent(event, at: position)
    case .scheduleCreated, .scheduleChanged, .scheduleChangeWithdrawn, .schedulePaused, .scheduleResumed,
      .scheduleEnded, .scheduleReinstated, .scheduleDeleted, .scheduleOccurrencePaid, .scheduleOccurrenceUnpaid,
      .scheduleOccurrenceSkipped, .scheduleOccurrenceUnskipped:
      return try scheduleEvent(event, at: position)
    case .debtAdded, .debtTermsChanged, .debtTermsWithdrawn, .debtRemoved:
      return debtEvent(event)
    case .goalAdded, .goalChanged, .goalContributed, .goalContributionWithdrawn, .goalEntryRemoved, .goalCompleted,
      .goalArchived, .goalReopened:
      return try goalEvent(event, at: position)
    }
  }
}
