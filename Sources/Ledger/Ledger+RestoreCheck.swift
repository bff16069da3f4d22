import LedgerDomain

extension Ledger {
  /// Checks that `events` can be a ledger's history before a restore writes any of them: a
  /// backup is restored as recorded facts, without the rules, so one that was damaged or
  /// edited by hand would otherwise make a ledger no command can use (no `LedgerCreated`
  /// first), or one whose read models count an entity twice. Checked: the ledger is created
  /// first and once; accounts, categories, periods, transactions and transfers are created
  /// once, and transactions and transfers name accounts that exist; amounts are within the
  /// ledger's limit, and all of them together within what its sums can add up exactly.
  ///
  /// - Returns: the state `events` fold into (the restored ledger's).
  /// - Throws: ``LedgerError/rejected(_:)`` naming the first event that cannot follow the
  ///   ones before it.
  static func checkRestorable(_ events: [RestoredEvent]) throws(LedgerError) -> LedgerState {
    guard !events.isEmpty else { throw refusal("holds no events; it is not a ledger's backup") }
    var state = LedgerState()
    for (index, item) in events.enumerated() {
      if let why = problem(with: item.event, after: state, first: index == 0) {
        throw refusal("event \(index + 1) (\(item.event.typeName)) \(why)")
      }
      // A version 1 rollover had no month: one given must be the month it was recorded in.
      if item.schemaVersion == 1, case .rolloverSet(let e) = item.event, let from = e.from,
        item.recordedAt.map({ CivilDate.today(utcMilliseconds: $0).yearMonth }) != from
      {
        throw refusal(
          "event \(index + 1) (RolloverSet) names month \(from), which a schema version 1 event cannot hold")
      }
      // It is written back in the version it was recorded in: one this program can write.
      if let version = item.schemaVersion, version != item.event.schemaVersion,
        (try? item.event.encodedPayload(schemaVersion: version)) == nil
      {
        throw refusal(
          "event \(index + 1) (\(item.event.typeName)) names schema version \(version), which it cannot be written in")
      }
      state.apply(item.recordedAt.map { item.event.completed(recordedAt: $0) } ?? item.event)
      guard state.turnover < .max else {
        throw refusal("event \(index + 1) (\(item.event.typeName)) takes the ledger's amounts past what it can add up")
      }
    }
    return state
  }

  private static func refusal(_ what: String) -> LedgerError {
    .rejected(
      .invalidField(
        field: "backup", reason: "\(what); it was damaged or edited by hand — nothing was restored"))
  }

  /// Why `event` cannot follow the events folded into `state`, if it cannot.
  private static func problem(with event: LedgerEvent, after state: LedgerState, first: Bool) -> String? {
    if case .ledgerCreated = event { return first ? nil : "creates the ledger a second time" }
    guard !first else { return "comes first, but a ledger's history starts with LedgerCreated" }
    func tooLarge(_ amount: Money) -> String? {
      amount.isWithinLedgerLimit ? nil : "has an amount beyond the ledger's limit of \(Money.maximumText)"
    }
    switch event {
    case .accountOpened(let e):
      return state.accounts[e.account] != nil ? "opens account \(e.account) a second time" : tooLarge(e.openingBalance)
    case .openingBalanceChanged(let e):
      guard let account = state.accounts[e.account] else { return "names account \(e.account), which does not exist" }
      if e.balance.currency != account.currency || e.previous.currency != account.currency {
        return "changes the opening balance of account \(e.account) in another currency than its own"
      }
      // The read models take `previous` out: it must be what the account had.
      if e.previous != (account.openingBalance ?? .zero(account.currency)) {
        return "changes the opening balance of account \(e.account) from an amount it did not have"
      }
      return tooLarge(e.balance)
    case .accountRoleChanged(let e):
      guard let account = state.accounts[e.account] else { return "names account \(e.account), which does not exist" }
      // Undo sets `previous` back: it must be the role the account had.
      if e.previous != account.role { return "changes the role of account \(e.account) from one it did not have" }
      return e.previous == e.role ? "changes the role of account \(e.account) to the one it had" : nil
    case .categoryCreated(let e):
      return state.categories[e.category] != nil ? "creates category \(e.category) a second time" : nil
    case .periodOpened(let e):
      return state.periods[e.period] != nil ? "opens period \(e.period) a second time" : nil
    case .transactionAdded(let e):
      if state.transactions[e.transaction] != nil { return "adds transaction \(e.transaction) a second time" }
      if state.accounts[e.account] == nil { return "names account \(e.account), which does not exist" }
      return tooLarge(e.amount)
    case .transferMade(let e):
      if state.transferRecords[e.transfer] != nil || state.cancelledTransfers.contains(e.transfer) {
        return "makes transfer \(e.transfer) a second time"
      }
      if state.accounts[e.from] == nil || state.accounts[e.to] == nil { return "names an account that does not exist" }
      return tooLarge(e.amount)
    case .transferCancelled(let e):
      return state.transferRecords[e.cancelled.transfer] == nil
        ? "cancels transfer \(e.cancelled.transfer), not made or already cancelled" : nil
    case .transactionAmended(let e):
      guard state.transactions[e.transaction] != nil else { return "amends transaction \(e.transaction), never added" }
      return e.amount.flatMap(tooLarge)
    case .transactionDeleted(let e):
      return state.transactions[e.transaction] == nil ? "deletes transaction \(e.transaction), never added" : nil
    case .budgetSet(let e): return tooLarge(e.amount)
    case .budgetMoved(let e): return tooLarge(e.amount)
    case .incomePlanned(let e): return tooLarge(e.amount)
    case .scheduleCreated(let e):
      if state.schedules[e.schedule] != nil { return "creates schedule \(e.schedule) a second time" }
      return scheduleProblem(e.terms, state: state)
    case .scheduleChanged(let e):
      guard state.schedules[e.schedule] != nil else { return "changes schedule \(e.schedule), never created" }
      return scheduleProblem(e.terms, state: state)
    case .scheduleChangeWithdrawn(let e): return unknownSchedule(e.schedule, state)
    case .schedulePaused(let e): return unknownSchedule(e.schedule, state)
    case .scheduleResumed(let e): return unknownSchedule(e.schedule, state)
    case .scheduleEnded(let e): return unknownSchedule(e.schedule, state)
    case .scheduleReinstated(let e): return unknownSchedule(e.schedule, state)
    case .scheduleDeleted(let e): return unknownSchedule(e.schedule, state)
    case .scheduleOccurrenceSkipped(let e): return unknownSchedule(e.schedule, state)
    case .scheduleOccurrenceUnskipped(let e): return unknownSchedule(e.schedule, state)
    case .scheduleOccurrenceUnpaid(let e): return unknownSchedule(e.schedule, state)
    case .scheduleOccurrencePaid(let e):
      if let problem = unknownSchedule(e.schedule, state) { return problem }
      if let id = e.transaction, state.transactions[id] == nil { return "links transaction \(id), never added" }
      if let id = e.transfer, state.transferRecords[id] == nil && !state.cancelledTransfers.contains(id) {
        return "links transfer \(id), never made"
      }
      return e.entry == nil ? "pays an occurrence with neither a transaction nor a transfer" : nil
    case .debtAdded(let e):
      if state.debts[e.debt] != nil { return "adds debt \(e.debt) a second time" }
      return state.accounts[e.account] == nil ? "adds a debt on account \(e.account), never opened" : nil
    case .debtTermsChanged(let e): return unknownDebt(e.debt, state)
    case .debtTermsWithdrawn(let e): return unknownDebt(e.debt, state)
    case .debtRemoved(let e): return unknownDebt(e.debt, state)
    case .goalAdded(let e):
      if state.goals[e.goal] != nil { return "adds goal \(e.goal) a second time" }
      if (e.account == nil) == (e.category == nil) { return "adds goal \(e.goal) with no single funding" }
      if let id = e.account, state.accounts[id] == nil { return "adds a goal on account \(id), never opened" }
      if let id = e.category, state.categories[id] == nil { return "adds a goal on category \(id), never created" }
      return tooLarge(e.settings.target)
    case .goalContributed(let e):
      return unknownGoal(e.goal, state) ?? goalMovementProblem(e.transaction, e.transfer, state)
    case .goalContributionWithdrawn(let e):
      return unknownGoal(e.goal, state) ?? goalMovementProblem(e.transaction, e.transfer, state)
    case .goalChanged(let e): return unknownGoal(e.goal, state)
    case .goalEntryRemoved(let e): return unknownGoal(e.goal, state)
    case .goalCompleted(let e): return unknownGoal(e.goal, state)
    case .goalArchived(let e): return unknownGoal(e.goal, state)
    case .goalReopened(let e): return unknownGoal(e.goal, state)
    case .ledgerCreated, .accountRenamed, .accountClosed, .accountReopened, .categoryRenamed, .categoryMoved,
      .categoryRestyled, .categoryArchived, .categoryRestored, .categoryDeleted, .periodClosed, .periodReopened,
      .dueDateSet, .dueDateCleared, .rolloverSet, .transactionRestored:
      return nil
    }
  }

  private static func unknownGoal(_ id: GoalID, _ state: LedgerState) -> String? {
    state.goals[id] == nil ? "names goal \(id), never added" : nil
  }

  private static func goalMovementProblem(
    _ transaction: TransactionID?, _ transfer: TransferID?, _ state: LedgerState
  ) -> String? {
    if let id = transaction { return state.transactions[id] == nil ? "links transaction \(id), never added" : nil }
    if let id = transfer {
      return state.transferRecords[id] == nil && !state.cancelledTransfers.contains(id)
        ? "links transfer \(id), never made" : nil
    }
    return "links a goal entry to neither a transaction nor a transfer"
  }

  private static func unknownDebt(_ id: DebtID, _ state: LedgerState) -> String? {
    state.debts[id] == nil ? "names debt \(id), never added" : nil
  }

  private static func unknownSchedule(_ id: ScheduleID, _ state: LedgerState) -> String? {
    state.schedules[id] == nil ? "names schedule \(id), never created" : nil
  }

  private static func scheduleProblem(_ terms: ScheduleTerms, state: LedgerState) -> String? {
    if state.accounts[terms.account] == nil { return "names account \(terms.account), which does not exist" }
    if let to = terms.toAccount, state.accounts[to] == nil { return "names account \(to), which does not exist" }
    return terms.amount.isWithinLedgerLimit ? nil : "has an amount beyond the ledger's limit of \(Money.maximumText)"
  }
}
