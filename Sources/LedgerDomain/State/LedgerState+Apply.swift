extension LedgerState {
  /// Folds one event into the state. No rules are checked here: an event is a fact.
  public mutating func apply(_ event: LedgerEvent) {
    eventCount += 1
    // The turnover is counted in the cases below, where each payload is at hand already
    // (``LedgerEvent/turnover`` says the same, for a few events at a time): a second switch
    // here copied every added transaction out of its box, on every replay of the history.
    switch event {
    case .ledgerCreated(let e):
      settings = e
    case .accountOpened(let e):
      count(e.openingBalance)
      accounts[e.account] = AccountRecord(
        name: e.name, type: e.type, currency: e.currency,
        openingBalance: e.openingBalance.isZero ? nil : e.openingBalance,
        openingDate: e.date, role: e.type.defaultRole)
    case .accountRenamed(let e):
      updateAccount(e.account) { $0.name = e.name }
    case .accountRoleChanged(let e):
      updateAccount(e.account) { $0.role = e.role }
    case .accountClosed(let e):
      updateAccount(e.account) { $0.isClosed = true }
    case .accountReopened(let e):
      updateAccount(e.account) { $0.isClosed = false }
    case .openingBalanceChanged(let e):
      count(e.balance)
      updateAccount(e.account) { $0.openingBalance = e.balance.isZero ? nil : e.balance }
    case .categoryCreated(let e):
      categories[e.category] = CategoryRecord(
        name: e.name, kind: e.kind, budgetType: e.budgetType, parent: e.parent, icon: e.icon, color: e.color,
        sortOrder: e.sortOrder, isCustom: e.isCustom)
    case .categoryRenamed(let e):
      updateCategory(e.category) { $0.name = e.name }
    case .categoryMoved(let e):
      updateCategory(e.category) {
        $0.parent = e.parent
        $0.sortOrder = e.sortOrder
      }
    case .categoryRestyled(let e):
      updateCategory(e.category) {
        $0.icon = e.icon
        $0.color = e.color
      }
    case .categoryArchived(let e):
      updateCategory(e.category) { $0.isArchived = true }
    case .categoryRestored(let e):
      updateCategory(e.category) { $0.isArchived = false }
    case .categoryDeleted(let e):
      updateCategory(e.category) { $0.isDeleted = true }
    case .dueDateSet(let e):
      updateCategory(e.category) { $0.dueDate = e.dueDate }
    case .dueDateCleared(let e):
      updateCategory(e.category) { $0.dueDate = nil }
    case .rolloverSet(let e):
      updateCategory(e.category) {
        $0.carryUnspent = e.carryUnspent
        $0.carryOverspent = e.carryOverspent
        let earliest = YearMonth(uncheckedYear: 1, month: 1)
        let after = $0.rolloverChanges.lastIndex { change in (change.from ?? earliest) <= (e.from ?? earliest) }
        $0.rolloverChanges.insert(e, at: after.map { $0 + 1 } ?? 0)
      }
    case .periodOpened(let e):
      periods[e.period] = PeriodRecord(name: e.name, start: e.start, end: e.end)
    case .periodClosed(let e):
      updatePeriod(e.period) {
        $0.isClosed = true
        $0.end = e.end
      }
    case .periodReopened(let e):
      updatePeriod(e.period) { $0.isClosed = false }
    case .budgetSet(let e):
      count(e.amount)
      if budgets[e.month]?[e.category] == nil { categories[e.category]?.budgetCount += 1 }
      budgets[e.month, default: [:]][e.category] = BudgetRecord(set: e.amount, span: e.span)
    case .budgetMoved(let e):
      count(e.amount)
      moveBudget(e)
    case .incomePlanned(let e):
      count(e.amount)
      plannedIncome[IncomeKey(e)] = e.amount
    case .transactionAdded(let e):
      count(e.amount)
      transactions[e.transaction] = TransactionRecord(added: e)
      countPostings(of: e, by: 1)
    case .transactionAmended(let e):
      if let amount = e.amount { count(amount) }
      amendTransaction(e, event)
    case .transactionDeleted(let e):
      guard var record = transactions[e.transaction] else { return }
      if !record.isDeleted, record.added.importId != nil { deletedImports += 1 }
      record.apply(event)
      transactions[e.transaction] = record
      countPostings(of: record.added, by: -1)
    case .transactionRestored(let e):
      let id = e.transaction.transaction
      guard var record = transactions[id] else { return }
      if record.isDeleted, record.added.importId != nil { deletedImports -= 1 }
      record.apply(event)
      transactions[id] = record
      countPostings(of: e.transaction, by: 1)
    case .transferMade(let e):
      count(e.amount)
      transferRecords[e.transfer] = e
    case .transferCancelled(let e):
      transferRecords[e.cancelled.transfer] = nil
      cancelledTransfers.insert(e.cancelled.transfer)
    case .scheduleCreated, .scheduleChanged, .scheduleChangeWithdrawn, .schedulePaused, .scheduleResumed,
      .scheduleEnded, .scheduleReinstated, .scheduleDeleted, .scheduleOccurrencePaid, .scheduleOccurrenceUnpaid,
      .scheduleOccurrenceSkipped, .scheduleOccurrenceUnskipped:
      applySchedule(event)
    case .debtAdded, .debtTermsChanged, .debtTermsWithdrawn, .debtRemoved:
      applyDebt(event)
    case .goalAdded, .goalChanged, .goalContributed, .goalContributionWithdrawn, .goalEntryRemoved, .goalCompleted,
      .goalArchived, .goalReopened:
      applyGoal(event)
    }
  }

  /// Folds `events` in order.
  public mutating func apply(_ events: some Sequence<LedgerEvent>) {
    for event in events { apply(event) }
  }

  // MARK: Helpers

  /// Counts `event` into the ledger's totals — its events and its turnover, which the rules
  /// bound for every later command — without recording what it changes: for a bulk load of
  /// new transactions that decides each against a state it does not keep them in.
  public mutating func tally(_ event: LedgerEvent) {
    eventCount += 1
    turnover = turnover.addingClamped(event.turnover)
  }

  /// Folds a transaction's addition into everything but the table of transactions — the
  /// totals, its account's days, its categories' counts — for a state whose table reads the
  /// transaction from the log instead (a bulk load's rows, which the writer stores as events
  /// and indexes at the load's end). ``apply(_:)`` of `.transactionAdded` is this and the
  /// table's new record.
  public mutating func applyAddition(withoutRecord e: TransactionAdded) {
    eventCount += 1
    count(e.amount)
    countPostings(of: e, by: 1)
  }

  /// Adds `amount`'s magnitude to ``turnover``.
  private mutating func count(_ amount: Money) { turnover = turnover.addingClamped(amount.units.magnitudeClamped) }

  private mutating func updateAccount(_ id: AccountID, _ change: (inout AccountRecord) -> Void) {
    guard var record = accounts[id] else { return }
    change(&record)
    record.version += 1
    accounts[id] = record
  }

  /// Changes an account's ``AccountRecord/transactionDays`` (not a new version of the account).
  private mutating func updateDays(of id: AccountID, _ change: (inout DayCounts) -> Void) {
    guard accounts[id] != nil else { return }
    change(&accounts[id]!.transactionDays)
  }

  private mutating func updateCategory(_ id: CategoryID, _ change: (inout CategoryRecord) -> Void) {
    guard var record = categories[id] else { return }
    change(&record)
    record.version += 1
    categories[id] = record
  }

  private mutating func updatePeriod(_ id: PeriodID, _ change: (inout PeriodRecord) -> Void) {
    guard var record = periods[id] else { return }
    change(&record)
    record.version += 1
    periods[id] = record
  }

  private mutating func countPostings(of transaction: TransactionAdded, by delta: Int) {
    updateDays(of: transaction.account) { days in
      let count = days[transaction.date, default: 0] + delta
      days[transaction.date] = count > 0 ? count : nil
    }
    // Most transactions have one category and no splits: counted without building a set.
    guard !transaction.splits.isEmpty else {
      if let category = transaction.category { categories[category]?.transactionCount += delta }
      return
    }
    for posting in Set(transaction.splits.map(\.category)) {
      categories[posting]?.transactionCount += delta
    }
  }

  private mutating func moveBudget(_ e: BudgetMoved) {
    let zero = Money.zero(e.amount.currency)
    var month = budgets[e.month, default: [:]]
    var from = month[e.from] ?? BudgetRecord(set: zero, span: .month)
    var to = month[e.to] ?? BudgetRecord(set: zero, span: .month)
    if month[e.to] == nil { categories[e.to]?.budgetCount += 1 }
    from.moved = (try? from.moved.subtracting(e.amount)) ?? from.moved
    to.moved = (try? to.moved.adding(e.amount)) ?? to.moved
    month[e.from] = from
    month[e.to] = to
    budgets[e.month] = month
  }

  private mutating func amendTransaction(_ e: TransactionAmended, _ event: LedgerEvent) {
    guard let before = transactions[e.transaction]?.added else { return }
    countPostings(of: before, by: -1)
    // Changed where it is stored: a copy of the record would share its transaction's box, and
    // the change would copy the box.
    transactions[e.transaction]?.apply(event)
    if let after = transactions[e.transaction]?.added { countPostings(of: after, by: 1) }
  }
}

extension TransactionAdded {
  /// This transaction with `amendment`'s changed fields applied.
  public func applying(_ amendment: TransactionAmended) -> TransactionAdded {
    var amended = self
    amended.apply(amendment)
    return amended
  }

  /// Applies `amendment`'s changed fields.
  public mutating func apply(_ amendment: TransactionAmended) {
    if let account = amendment.account { self.account = account }
    if let date = amendment.date { self.date = date }
    if let amount = amendment.amount { self.amount = amount }
    if let type = amendment.type { self.type = type }
    if let category = amendment.category {
      self.category = category
      splits = []
    }
    if let splits = amendment.splits {
      self.splits = splits
      category = nil
    }
    if let name = amendment.name { self.name = name }
    if let description = amendment.description { self.description = description.value }
    if let notes = amendment.notes { self.notes = notes.value }
    if let period = amendment.period { self.period = period.value }
    if let tags = amendment.tags { self.tags = tags }
  }
}
