/// The commands that undo a recorded command: compensating events, recorded like any other,
/// so an undo is itself in the audit trail and can be undone in turn.
///
/// `events` are what the command recorded; `before` is the state just before them (to know
/// old names, amounts and flags); `current`, the state now (to know what later undos left,
/// for rollover settings, and which transfer ids are taken), if it differs. Each is read only
/// for the entities the events name — a state folded from those entities' own streams will
/// do — and transactions only for amendments without a before-image
/// (``TransactionAmended/previous``). One pass over the events: the work follows their count.
public func compensation(
  for events: [LedgerEvent], before: LedgerState, current: LedgerState? = nil, today: CivilDate
) throws(DomainError) -> [LedgerCommand] {
  var commands: [LedgerCommand] = []
  commands.reserveCapacity(events.count)
  for event in events.reversed() {
    commands += try compensation(for: event, before: before, current: current, today: today)
  }
  return commands
}

/// The commands that undo one event: most take one; an opening with a balance and a rollover
/// setting may take several.
private func compensation(
  for event: LedgerEvent, before: LedgerState, current: LedgerState?, today: CivilDate
) throws(DomainError) -> [LedgerCommand] {
  switch event {
  case .accountOpened(let e) where !e.openingBalance.isZero:
    // Closed, an account would still count its opening balance: take that back first.
    return [.changeOpeningBalance(e.account, to: .zero(e.currency)), .closeAccount(e.account, date: today)]
  case .rolloverSet(let e):
    guard let from = e.from, let current = current?.categories[e.category] else { break }
    // Settings are never removed, only overridden; undos of later settings may have left
    // some from months after this one. Each month a setting starts in, from this one on,
    // gets back what was in force there before this command: the flags of every month are
    // then as they were.
    let months = Set(current.rolloverChanges.compactMap(\.from).filter { $0 >= from } + [from]).sorted()
    return months.compactMap { month in
      let then: (carryUnspent: Bool, carryOverspent: Bool) =
        before.categories[e.category]?.rollover(in: month) ?? (false, false)
      guard month == from || current.rollover(in: month) != then else { return nil }
      return .setRollover(
        SetRollover(
          category: e.category, carryUnspent: then.carryUnspent, carryOverspent: then.carryOverspent, from: month))
    }
  default:
    break
  }
  return [try compensation(for: event, before: before, current: current, today: today)]
}

private func compensation(
  for event: LedgerEvent, before: LedgerState, current: LedgerState?, today: CivilDate
) throws(DomainError)
  -> LedgerCommand
{
  func cannot(_ what: String) -> DomainError {
    .invalidField(field: "undo", reason: "\(what) cannot be undone; make the opposite change yourself")
  }
  switch event {
  case .ledgerCreated: throw cannot("creating the ledger")
  case .accountOpened(let e): return .closeAccount(e.account, date: today)
  case .accountRenamed(let e): return .renameAccount(e.account, name: e.previousName)
  case .accountClosed(let e): return .reopenAccount(e.account, reason: "undo")
  case .accountReopened(let e): return .closeAccount(e.account, date: today)
  case .openingBalanceChanged(let e): return .changeOpeningBalance(e.account, to: e.previous)
  case .accountRoleChanged(let e): return .setAccountRole(e.account, role: e.previous)
  case .categoryCreated(let e): return .deleteCategory(e.category)
  case .categoryRenamed(let e): return .renameCategory(e.category, name: e.previousName)
  case .categoryMoved(let e):
    guard let old = before.categories[e.category] else { throw cannot("this move") }
    return .moveCategory(e.category, parent: old.parent, sortOrder: old.sortOrder)
  case .categoryRestyled(let e):
    guard let old = before.categories[e.category] else { throw cannot("this restyle") }
    return .restyleCategory(e.category, icon: old.icon, color: old.color)
  case .categoryArchived(let e): return .restoreCategory(e.category)
  case .categoryRestored(let e): return .archiveCategory(e.category)
  case .categoryDeleted: throw cannot("deleting a category")
  case .periodOpened:
    throw .invalidField(
      field: "undo", reason: "opening a period cannot be undone: periods are never deleted; close it, or leave it open")
  case .periodClosed(let e): return .reopenPeriod(e.period, reason: "undo")
  case .periodReopened(let e): return .closePeriod(e.period, end: before.periods[e.period]?.end)
  case .budgetSet(let e):
    let old = before.budgets[e.month]?[e.category]
    // A month's budget comes back whole (set and moved); a quarter's as set — its thirds come
    // from that — which loses what was moved in or out of its first month since: refused then.
    if let old, old.span == .quarter, !old.moved.isZero {
      throw .invalidField(
        field: "undo",
        reason:
          "setting this quarter's budget replaced \(old.moved.formatted()) moved in its first month; set the budget back yourself"
      )
    }
    let amount = old.map { $0.span == .quarter ? $0.set : $0.amount } ?? .zero(e.amount.currency)
    return .setBudget(SetBudget(month: e.month, category: e.category, amount: amount, span: old?.span ?? e.span))
  case .incomePlanned(let e):
    let previous = before.plannedIncome[IncomeKey(e)] ?? .zero(e.amount.currency)
    return .planIncome(PlanIncome(month: e.month, year: e.year, source: e.source, amount: previous))
  case .budgetMoved(let e): return .moveBudget(MoveBudget(month: e.month, from: e.to, to: e.from, amount: e.amount))
  case .dueDateSet(let e):
    guard let old = before.categories[e.category]?.dueDate else { return .clearDueDate(e.category) }
    return .setDueDate(e.category, old)
  case .dueDateCleared(let e):
    guard let old = before.categories[e.category]?.dueDate else { throw cannot("this change") }
    return .setDueDate(e.category, old)
  case .rolloverSet(let e):
    // What was in force from the setting's month before it (the last flags, for version 1).
    let category = before.categories[e.category]
    let old: (carryUnspent: Bool, carryOverspent: Bool) =
      e.from.flatMap { from in category?.rollover(in: from) }
      ?? (category?.carryUnspent ?? false, category?.carryOverspent ?? false)
    return .setRollover(
      SetRollover(
        category: e.category, carryUnspent: old.carryUnspent, carryOverspent: old.carryOverspent, from: e.from))
  case .transactionAdded(let e): return .deleteTransaction(e.transaction, reason: "undo", expectedVersion: nil)
  case .transactionAmended(let e):
    // The amendment's own before-image when it carries one (every event since schema
    // version 2), else the transaction as `before` holds it.
    guard let old = e.previous ?? before.transactions[e.transaction]?.added else { throw cannot("this amendment") }
    var inverse = AmendTransaction(transaction: e.transaction)
    if e.account != nil { inverse.account = old.account }
    if e.date != nil { inverse.date = old.date }
    if e.amount != nil { inverse.amount = old.amount }
    if e.type != nil { inverse.type = old.type }
    if e.category != nil || e.splits != nil {
      if old.splits.isEmpty { inverse.category = old.category } else { inverse.splits = old.splits }
    }
    if e.name != nil { inverse.name = old.name }
    if e.description != nil { inverse.description = Change(old.description) }
    if e.notes != nil { inverse.notes = Change(old.notes) }
    if e.period != nil { inverse.period = Change(old.period) }
    if e.tags != nil { inverse.tags = old.tags }
    return .amendTransaction(inverse, expectedVersion: nil)
  case .transactionDeleted(let e): return .restoreTransaction(e.transaction, reason: "undo", expectedVersion: nil)
  case .transactionRestored(let e):
    return .deleteTransaction(e.transaction.transaction, reason: "undo", expectedVersion: nil)
  case .transferMade(let e): return .cancelTransfer(e.transfer, reason: "undo")
  case .transferCancelled(let e):
    // Made again as it was, under an id of its own (a cancelled transfer's id stays used):
    // the next unused one along a sequence that does not come back to an earlier id, so that
    // cancelling and undoing may repeat.
    let cancelled = e.cancelled
    var again = MakeTransfer(
      transfer: cancelled.transfer, from: cancelled.from, to: cancelled.to, amount: cancelled.amount,
      date: cancelled.date, note: cancelled.note)
    repeat {
      again.transfer = remadeTransferID(after: again.transfer)
    } while before.usesTransferID(again.transfer) || current?.usesTransferID(again.transfer) == true
    return .makeTransfer(again)
  case .scheduleCreated(let e): return .deleteSchedule(e.schedule, reason: "undo")
  case .scheduleChanged(let e):
    guard let replaced = e.replaced else { return .withdrawScheduleChange(e.schedule, from: e.from) }
    return .changeSchedule(e.schedule, from: e.from, terms: replaced)
  case .scheduleChangeWithdrawn(let e):
    guard let withdrawn = before.schedules[e.schedule]?.timeline.version(from: e.from) else {
      throw cannot("this withdrawal")
    }
    return .changeSchedule(e.schedule, from: e.from, terms: withdrawn)
  case .schedulePaused(let e): return .resumeSchedule(e.schedule, on: e.from)
  case .scheduleResumed(let e): return .pauseSchedule(e.schedule, from: e.on)
  case .scheduleEnded(let e): return .reinstateSchedule(e.schedule, endedAfter: e.previous)
  case .scheduleReinstated(let e):
    guard let end = before.schedules[e.schedule]?.timeline.endedAfter else { throw cannot("this change") }
    return .endSchedule(e.schedule, after: end)
  case .scheduleDeleted: throw cannot("deleting a schedule")
  case .scheduleOccurrencePaid(let e): return .unpayOccurrence(e.schedule, date: e.date)
  case .scheduleOccurrenceUnpaid(let e):
    let payment: PayOccurrence.Payment
    if let id = e.paid.transaction {
      payment = .link(id)
    } else if let id = e.paid.transfer {
      payment = .linkTransfer(id)
    } else {
      throw cannot("this unlinking")
    }
    return .payOccurrence(PayOccurrence(schedule: e.schedule, date: e.date, payment: payment, source: e.paid.source))
  case .scheduleOccurrenceSkipped(let e): return .unskipOccurrence(e.schedule, date: e.date)
  case .scheduleOccurrenceUnskipped(let e): return .skipOccurrence(e.schedule, date: e.date, reason: nil)
  case .debtAdded(let e): return .removeDebt(e.debt, reason: "undo")
  case .debtTermsChanged(let e):
    guard let replaced = e.replaced else { return .withdrawDebtTerms(e.debt, from: e.from) }
    return .changeDebtTerms(e.debt, from: e.from, terms: replaced)
  case .debtTermsWithdrawn(let e):
    guard let withdrawn = before.debts[e.debt]?.terms(from: e.from) else { throw cannot("this change") }
    return .changeDebtTerms(e.debt, from: e.from, terms: withdrawn)
  case .debtRemoved: throw cannot("removing a debt")
  case .goalAdded(let e): return .archiveGoal(e.goal, date: today)
  case .goalChanged(let e): return .changeGoal(e.goal, settings: e.previous)
  case .goalContributed(let e): return .removeGoalEntry(e.goal, entry: e.contribution)
  case .goalContributionWithdrawn(let e): return .removeGoalEntry(e.goal, entry: e.withdrawal)
  case .goalEntryRemoved(let e):
    guard let entry = before.goals[e.goal]?.entry(e.entry) else { throw cannot("this removal") }
    let payment: GoalMovement.Payment
    if let id = entry.transaction {
      payment = .link(id)
    } else if let id = entry.transfer {
      payment = .linkTransfer(id)
    } else {
      throw cannot("this removal")
    }
    let movement = GoalMovement(goal: e.goal, entry: e.entry, payment: payment, source: entry.source, note: entry.note)
    return entry.isWithdrawal ? .withdrawFromGoal(movement) : .contributeToGoal(movement)
  case .goalCompleted(let e): return .reopenGoal(e.goal)
  case .goalArchived(let e): return .reopenGoal(e.goal)
  case .goalReopened(let e):
    return e.wasArchived ? .archiveGoal(e.goal, date: e.since) : .completeGoal(e.goal, date: e.since)
  }
}

/// The id an undo tries next for a cancelled transfer it makes again, after `id` (the
/// cancelled transfer's, then each id tried): a sequence that does not come back to an earlier
/// id. The first one no transfer has used is taken.
public func remadeTransferID(after id: TransferID) -> TransferID {
  TransferID(raw: EntityID(high: id.raw.high, low: id.raw.low &+ 0x9E37_79B9_7F4A_7C15))
}

extension LedgerState {
  /// Whether a transfer made or cancelled here has `id`: its id stays used either way.
  fileprivate func usesTransferID(_ id: TransferID) -> Bool {
    transferRecords[id] != nil || cancelledTransfers.contains(id)
  }
}

/// What compensating an event needs to know besides the event itself: the state of which
/// entity, folded from its own stream (``compensation(for:before:current:today:)`` reads no
/// other). Every kind is named, so that a new one does not compile until it says.
public enum UndoReads: Sendable, Hashable {
  /// Nothing: the event holds what taking it back needs.
  case nothing
  /// The state of the entity on this stream, before the event and now.
  case stream(String)
  /// The transfer ids this cancelled transfer may be made again under (which are taken).
  case remadeTransfers(after: TransferID)

  /// What undoing `event` reads.
  public init(_ event: LedgerEvent) {
    switch event {
    case .transactionAdded, .transactionDeleted, .transactionRestored, .transferMade, .ledgerCreated,
      .accountOpened, .accountRenamed, .accountClosed, .accountReopened, .openingBalanceChanged, .accountRoleChanged,
      .categoryCreated, .categoryRenamed, .categoryArchived, .categoryRestored, .categoryDeleted,
      .periodOpened, .periodClosed, .budgetMoved, .scheduleCreated, .scheduleChanged, .schedulePaused,
      .scheduleResumed, .scheduleEnded, .scheduleDeleted, .scheduleOccurrencePaid, .scheduleOccurrenceUnpaid,
      .scheduleOccurrenceSkipped, .scheduleOccurrenceUnskipped, .debtAdded, .debtTermsChanged, .debtRemoved,
      .goalAdded, .goalChanged, .goalContributed, .goalContributionWithdrawn, .goalCompleted, .goalArchived,
      .goalReopened:
      self = .nothing
    case .transactionAmended(let e):
      // An amendment with its before-image is taken back from it.
      self = e.previous == nil ? .stream(e.stream) : .nothing
    case .transferCancelled(let e):
      self = .remadeTransfers(after: e.cancelled.transfer)
    case .categoryMoved, .categoryRestyled, .dueDateSet, .dueDateCleared, .rolloverSet, .periodReopened,
      .budgetSet, .incomePlanned, .scheduleChangeWithdrawn, .scheduleReinstated, .debtTermsWithdrawn,
      .goalEntryRemoved:
      self = .stream(event.stream)
    }
  }
}
