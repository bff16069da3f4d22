import EventLog
import LedgerDomain

extension Ledger {
  /// The state just before `target` and the state now, as far as compensating it needs to
  /// know (``compensation(for:before:current:today:)``): folded from the own streams of the
  /// entities its events name — a category, a budget month, a period, a transaction amended
  /// without a before-image, the ids a cancelled transfer may be made again under — and
  /// nothing else. An import of a million rows needs none of them; the ledger's history is
  /// never folded.
  func statesAround(
    _ target: RecordedCommand, work: inout UndoWork
  ) throws -> (before: LedgerState, current: LedgerState) {
    var streams: [String] = []
    var seen = Set<String>()
    func need(_ stream: String) {
      if seen.insert(stream).inserted { streams.append(stream) }
    }
    var cancelledTransfers: [TransferID] = []
    for event in target.events {
      switch event {
      case .transactionAdded, .transactionDeleted, .transactionRestored, .transferMade, .ledgerCreated,
        .accountOpened, .accountRenamed, .accountClosed, .accountReopened, .openingBalanceChanged, .accountRoleChanged,
        .categoryCreated, .categoryRenamed, .categoryArchived, .categoryRestored, .categoryDeleted,
        .periodOpened, .periodClosed, .budgetMoved, .scheduleCreated, .scheduleChanged, .schedulePaused,
        .scheduleResumed, .scheduleEnded, .scheduleDeleted, .scheduleOccurrencePaid, .scheduleOccurrenceUnpaid,
        .scheduleOccurrenceSkipped, .scheduleOccurrenceUnskipped, .debtAdded, .debtTermsChanged, .debtRemoved,
        .goalAdded, .goalChanged, .goalContributed, .goalContributionWithdrawn, .goalCompleted, .goalArchived,
        .goalReopened:
        continue  // undone from the event alone
      case .transactionAmended(let e):
        if e.previous == nil { need(e.stream) }
      case .transferCancelled(let e):
        cancelledTransfers.append(e.cancelled.transfer)
      case .categoryMoved, .categoryRestyled, .dueDateSet, .dueDateCleared, .rolloverSet, .periodReopened,
        .budgetSet, .incomePlanned, .scheduleChangeWithdrawn, .scheduleReinstated, .debtTermsWithdrawn,
        .goalEntryRemoved:
        need(event.stream)
      }
    }
    var before = LedgerState()
    var current = LedgerState()
    func fold(_ stream: String) throws -> Bool {
      let recorded = try log.read(stream: try StreamName(stream), limit: .max)
      work.streamsRead += 1
      work.streamEventsRead += recorded.count
      for event in recorded {
        let decoded = try StoredEvent.decode(event)
        if event.position < target.first { before.apply(decoded) }
        current.apply(decoded)
      }
      return !recorded.isEmpty
    }
    for stream in streams { _ = try fold(stream) }
    // The ids tried for each transfer made again, up to the first no transfer has used.
    for cancelled in cancelledTransfers {
      var candidate = remadeTransferID(after: cancelled)
      while try fold(candidate.stream) { candidate = remadeTransferID(after: candidate) }
    }
    return (before, current)
  }

  /// What the undo recorded at `positions` did, read back from the log: its events by type,
  /// and the command it took back — the events, before it, that share the correlation id its
  /// events name as their cause. Envelopes only: no payload is decoded.
  func undoSummary(
    ofUndoAt positions: ClosedRange<UInt64>, wasDuplicate: Bool, work: UndoWork
  ) throws -> UndoSummary {
    var work = work
    var counts: [String: Int] = [:]
    var cause: String?
    work.eventsScanned += try log.scan(from: positions.lowerBound) { view in
      guard view.position <= positions.upperBound else { return .stop }
      if cause == nil { cause = view.metadata.causationId }
      counts[view.type, default: 0] += 1
      return .continue
    }
    guard let cause else {
      throw LedgerError.rejected(.invalidField(field: "undo", reason: "no undo is recorded there"))
    }
    var undoneCounts: [String: Int] = [:]
    var first: UInt64 = 0, last: UInt64 = 0
    var actor: String?
    var recordedAt: Int64 = 0
    work.eventsScanned += try log.scan(from: positions.lowerBound - 1, direction: .backward) { view in
      let metadata = view.metadata
      guard metadata.correlationId == cause else { return last == 0 ? .continue : .stop }
      if last == 0 {
        last = view.position
        actor = metadata.actor
        recordedAt = view.recordedAt
      }
      first = view.position
      undoneCounts[view.type, default: 0] += 1
      return .continue
    }
    guard last > 0 else {
      throw LedgerError.rejected(
        .invalidField(field: "undo", reason: "the command undone at \(positions) is not in the log"))
    }
    let undone = UndoneCommand(
      positions: first...last, counts: undoneCounts, actor: actor, recordedAt: recordedAt, correlationId: cause)
    var summary = UndoSummary(undone: undone, positions: positions, counts: counts, wasDuplicate: wasDuplicate)
    summary.work = work
    return summary
  }
}
