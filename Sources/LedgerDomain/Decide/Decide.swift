/// The ledger's business rules: what a command means, given the current state.
///
/// Returns the events to append, or throws a ``DomainError`` that says why the command was
/// refused. Pure: no I/O, no clock (today comes in `context`), no randomness (ids come in the
/// command), so every rule can be tested as given events / when command / then events.
public func decide(
  _ command: LedgerCommand, state: LedgerState, context: DecisionContext
) throws(DomainError)
  -> [LedgerEvent]
{
  // One event, decided the way a bulk load decides each of its rows.
  if case .addTransaction(let command) = command {
    return [.transactionAdded(try decideAddition(command, state: state, context: context))]
  }
  let events = try decideEvents(command, state: state, context: context)
  // Every sum the ledger makes must stay exact: refused before any sum could wrap around.
  var turnover = state.turnover
  for event in events { turnover = turnover.addingClamped(event.turnover) }
  guard turnover < .max else { throw .sumsTooLarge }
  return events
}

/// ``decide(_:state:context:)`` before the check that the ledger's sums stay exact.
private func decideEvents(
  _ command: LedgerCommand, state: LedgerState, context: DecisionContext
)
  throws(DomainError) -> [LedgerEvent]
{
  var rules = Rules(state: state, context: context)
  if case .createLedger(let created) = command { return try rules.createLedger(created) }
  guard state.settings != nil else { throw .ledgerNotCreated }
  switch command {
  case .createLedger: return []  // handled above
  case .openAccount(let command): return [.accountOpened(try rules.openAccount(command))]
  case .renameAccount(let id, let name): return [.accountRenamed(try rules.renameAccount(id, to: name))]
  case .closeAccount(let id, let date): return [.accountClosed(try rules.closeAccount(id, on: date))]
  case .reopenAccount(let id, let reason): return [.accountReopened(try rules.reopenAccount(id, reason: reason))]
  case .changeOpeningBalance(let id, let balance):
    return [.openingBalanceChanged(try rules.changeOpeningBalance(id, to: balance))]
  case .setAccountRole(let id, let role): return [.accountRoleChanged(try rules.setAccountRole(id, to: role))]
  case .createCategory(let command): return [.categoryCreated(try rules.createCategory(command))]
  case .renameCategory(let id, let name): return [.categoryRenamed(try rules.renameCategory(id, to: name))]
  case .moveCategory(let id, let parent, let sortOrder):
    return [.categoryMoved(try rules.moveCategory(id, under: parent, sortOrder: sortOrder))]
  case .restyleCategory(let id, let icon, let color):
    return [.categoryRestyled(try rules.restyleCategory(id, icon: icon, color: color))]
  case .archiveCategory(let id): return [.categoryArchived(try rules.archiveCategory(id))]
  case .restoreCategory(let id): return [.categoryRestored(try rules.restoreCategory(id))]
  case .deleteCategory(let id): return [.categoryDeleted(try rules.deleteCategory(id))]
  case .openPeriod(let command): return [.periodOpened(try rules.openPeriod(command))]
  case .closePeriod(let id, let end): return [.periodClosed(try rules.closePeriod(id, end: end))]
  case .reopenPeriod(let id, let reason): return [.periodReopened(try rules.reopenPeriod(id, reason: reason))]
  case .setBudget(let command): return [.budgetSet(try rules.setBudget(command))]
  case .planIncome(let command): return [.incomePlanned(try rules.planIncome(command))]
  case .moveBudget(let command): return [.budgetMoved(try rules.moveBudget(command))]
  case .setDueDate(let id, let date): return [.dueDateSet(try rules.setDueDate(id, date))]
  case .clearDueDate(let id): return [.dueDateCleared(try rules.clearDueDate(id))]
  case .setRollover(let command): return [.rolloverSet(try rules.setRollover(command))]
  case .addTransaction: return []  // decided by decideAddition, in decide
  case .amendTransaction(let amendment, let expected):
    return [.transactionAmended(try rules.amendTransaction(amendment, expectedVersion: expected))]
  case .deleteTransaction(let id, let reason, let expected):
    return [.transactionDeleted(try rules.deleteTransaction(id, reason: reason, expectedVersion: expected))]
  case .restoreTransaction(let id, let reason, let expected):
    return [.transactionRestored(try rules.restoreTransaction(id, reason: reason, expectedVersion: expected))]
  case .makeTransfer(let command): return [.transferMade(try rules.makeTransfer(command))]
  case .cancelTransfer(let id, let reason): return [.transferCancelled(try rules.cancelTransfer(id, reason: reason))]
  case .createSchedule(let id, let terms): return [.scheduleCreated(try rules.createSchedule(id, terms: terms))]
  case .changeSchedule(let id, let from, let terms):
    return [.scheduleChanged(try rules.changeSchedule(id, from: from, terms: terms))]
  case .withdrawScheduleChange(let id, let from):
    return [.scheduleChangeWithdrawn(try rules.withdrawScheduleChange(id, from: from))]
  case .pauseSchedule(let id, let from): return [.schedulePaused(try rules.pauseSchedule(id, from: from))]
  case .resumeSchedule(let id, let date): return [.scheduleResumed(try rules.resumeSchedule(id, on: date))]
  case .endSchedule(let id, let date): return [.scheduleEnded(try rules.endSchedule(id, after: date))]
  case .reinstateSchedule(let id, let end):
    return [.scheduleReinstated(try rules.reinstateSchedule(id, endedAfter: end))]
  case .deleteSchedule(let id, let reason): return [.scheduleDeleted(try rules.deleteSchedule(id, reason: reason))]
  case .payOccurrence(let command): return rules.withRecurringContribution(try rules.payOccurrence(command))
  case .unpayOccurrence(let id, let date): return [.scheduleOccurrenceUnpaid(try rules.unpayOccurrence(id, date: date))]
  case .skipOccurrence(let id, let date, let reason):
    return [.scheduleOccurrenceSkipped(try rules.skipOccurrence(id, date: date, reason: reason))]
  case .unskipOccurrence(let id, let date):
    return [.scheduleOccurrenceUnskipped(try rules.unskipOccurrence(id, date: date))]
  case .addDebt(let command): return [.debtAdded(try rules.addDebt(command))]
  case .changeDebtTerms(let id, let from, let terms):
    return [.debtTermsChanged(try rules.changeDebtTerms(id, from: from, terms: terms))]
  case .withdrawDebtTerms(let id, let from): return [.debtTermsWithdrawn(try rules.withdrawDebtTerms(id, from: from))]
  case .removeDebt(let id, let reason): return [.debtRemoved(try rules.removeDebt(id, reason: reason))]
  case .addGoal(let command): return [.goalAdded(try rules.addGoal(command))]
  case .changeGoal(let id, let settings): return [.goalChanged(try rules.changeGoal(id, to: settings))]
  case .contributeToGoal(let movement): return try rules.contributeToGoal(movement)
  case .withdrawFromGoal(let movement): return try rules.withdrawFromGoal(movement)
  case .removeGoalEntry(let id, let entry): return [.goalEntryRemoved(try rules.removeGoalEntry(id, entry: entry))]
  case .completeGoal(let id, let date): return [.goalCompleted(try rules.completeGoal(id, on: date))]
  case .archiveGoal(let id, let date): return [.goalArchived(try rules.archiveGoal(id, on: date))]
  case .reopenGoal(let id): return [.goalReopened(try rules.reopenGoal(id))]
  }
}

/// The rules, grouped by entity in `Rules+*.swift` files; each returns the event a valid
/// command produces.
struct Rules {
  let state: LedgerState
  let context: DecisionContext

  var baseCurrency: Currency { state.baseCurrency }

  mutating func createLedger(_ command: CreateLedger) throws(DomainError) -> [LedgerEvent] {
    if let existing = state.settings { throw .ledgerAlreadyCreated(name: existing.name) }
    var created = LedgerCreated(command)
    created.name = try TextRules.validated(created.name, field: "ledger name", maximum: FieldLimits.ledgerName)
    guard (1...7).contains(created.firstDayOfWeek) else {
      throw .invalidField(field: "first day of week", reason: "must be 1 (Monday) to 7 (Sunday)")
    }
    guard (1...12).contains(created.fiscalYearStartMonth) else {
      throw .invalidField(field: "fiscal year start", reason: "must be a month from 1 to 12")
    }
    return [.ledgerCreated(created)] + DefaultCategories.events().map(LedgerEvent.categoryCreated)
  }

  // MARK: Shared checks

  /// Throws if `date` is after today.
  /// Throws if `date` is after today — or before 1900, which is a typo, not a budget: the
  /// domain keeps business dates within 1900-01-01...today.
  func notInFuture(_ date: CivilDate) throws(DomainError) {
    if date > context.today { throw .dateInFuture(date, today: context.today) }
    if date < Self.earliestBusinessDate {
      throw .invalidField(
        field: "date", reason: "\(date) is before 1900-01-01; budget-ledger records dates from 1900 on")
    }
  }

  /// The earliest date a transaction, transfer or account may carry.
  static let earliestBusinessDate = CivilDate(uncheckedYear: 1900, month: 1, day: 1)

  /// Throws if `date` falls inside a closed period.
  func notInClosedPeriod(_ date: CivilDate) throws(DomainError) {
    for period in state.periods.values where period.isClosed && period.contains(date) {
      throw .periodClosed(name: period.name, date: date)
    }
  }

  /// Throws unless `amount` is above zero, within the ledger's limit, and in `currency`.
  func positive(_ amount: Money, field: String, currency: Currency) throws(DomainError) {
    guard amount.currency == currency else {
      throw .currencyMismatch(field: field, expected: currency, found: amount.currency)
    }
    guard amount.isPositive else {
      throw .invalidField(
        field: field, reason: "must be more than zero (the type says whether money comes in or goes out)")
    }
    guard amount.isWithinLedgerLimit else {
      throw .invalidField(field: field, reason: "\(amount.formatted()) \(Money.beyondLimitReason)")
    }
    try inMinorUnits(amount, field: field)
  }

  /// Throws unless `amount` is in whole minor units of its currency (`5.1234 EUR` is not;
  /// `10.5 JPY` is not): money paid and received is.
  func inMinorUnits(_ amount: Money, field: String) throws(DomainError) {
    guard amount.isInMinorUnits else {
      let digits = max(amount.currency.minorUnitDigits, 0)
      throw .invalidField(
        field: field,
        reason: "\(amount.formatted()) has more decimal places than \(amount.currency.code) amounts have (\(digits)); "
          + (digits == 0 ? "give whole units" : "round it to \(digits) decimal place\(digits == 1 ? "" : "s")"))
    }
  }

  /// Throws unless `amount` is zero or more, within the limit, and in `currency`.
  func nonNegative(_ amount: Money, field: String, currency: Currency) throws(DomainError) {
    if amount.isZero, amount.currency == currency { return }
    try positive(amount, field: field, currency: currency)
  }
}

/// The one event ``decide(_:state:context:)`` makes for `.addTransaction(command)` — `decide`
/// calls it — without wrapping the transaction in a command and the event in an array: a bulk
/// load (an import) decides a million of them.
public func decideAddition(
  _ command: AddTransaction, state: LedgerState, context: DecisionContext
) throws(DomainError) -> TransactionAdded {
  guard state.settings != nil else { throw .ledgerNotCreated }
  let event = try Rules(state: state, context: context).addTransaction(command)
  guard state.turnover.addingClamped(event.turnover) < .max else { throw .sumsTooLarge }
  return event
}
