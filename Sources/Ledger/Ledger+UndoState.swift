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
      switch UndoReads(event) {
      case .nothing: continue
      case .stream(let stream): need(stream)
      case .remadeTransfers(let after): cancelledTransfers.append(after)
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

  /// What the undo or redo recorded at `positions` did, read back from the log: its events
  /// by type — each in words when there are at most ``UndoSummary/detailLimit`` — and the
  /// action it took back: the events before it that share the correlation id its events name
  /// as their cause (a command's, and its follow-ups'). Envelopes only, but for those few
  /// events described in words.
  func undoSummary(
    ofUndoAt positions: ClosedRange<UInt64>, wasDuplicate: Bool, work: UndoWork
  ) throws -> UndoSummary {
    var work = work
    var counts: [String: Int] = [:]
    var cause: String?
    var isRedo = false
    var described: [LedgerEvent] = []
    // Few changes are described one by one; an import's are counted, with the file it read.
    var few = positions.count <= UndoSummary.detailLimit
    work.eventsScanned += try log.scan(from: positions.lowerBound) { view in
      guard view.position <= positions.upperBound else { return .stop }
      if cause == nil {
        cause = view.metadata.causationId
        if case .redo? = ActionRole(view.metadata) { isRedo = true }
        if let cause, UndoneCommand.isImport(cause) { few = false }
      }
      counts[view.type, default: 0] += 1
      if few { described.append(try StoredEvent.decode(view)) }
      return .continue
    }
    guard let cause else {
      throw LedgerError.rejected(.invalidField(field: "undo", reason: "no undo is recorded there"))
    }
    var undoneCounts: [String: Int] = [:]
    var first: UInt64 = 0, last: UInt64 = 0
    var actor: String?
    var recordedAt: Int64 = 0
    // Past the action's follow-ups (and others' commands recorded between), to its command.
    var reachedCommand = false
    var entries: [EntityID: (amount: Money, isWithdrawal: Bool)] = [:]
    work.eventsScanned += try log.scan(from: positions.lowerBound - 1, direction: .backward) { view in
      let metadata = view.metadata
      guard metadata.correlationId == cause else { return reachedCommand ? .stop : .continue }
      if last == 0 {
        last = view.position
        actor = metadata.actor
        recordedAt = view.recordedAt
      }
      if ActionRole(metadata) != .followUp { reachedCommand = true }
      first = view.position
      undoneCounts[view.type, default: 0] += 1
      if few,
        view.type == EventKind.goalContributed.rawValue || view.type == EventKind.goalContributionWithdrawn.rawValue
      {
        switch try StoredEvent.decode(view) {
        case .goalContributed(let e): entries[e.contribution] = (e.amount, false)
        case .goalContributionWithdrawn(let e): entries[e.withdrawal] = (e.amount, true)
        default: break
        }
      }
      return .continue
    }
    guard last > 0 else {
      throw LedgerError.rejected(
        .invalidField(field: "undo", reason: "the command undone at \(positions) is not in the log"))
    }
    let undone = UndoneCommand(
      positions: first...last, counts: undoneCounts, actor: actor, recordedAt: recordedAt, correlationId: cause)
    // In the order of the action taken back: an undo's compensation runs it backwards, a
    // redo's (backwards of an undo) forwards.
    let details =
      described.isEmpty
      ? [] : ChangeWording(state: state, entries: entries).describe(isRedo ? described : Array(described.reversed()))
    var summary = UndoSummary(
      undone: undone, positions: positions, counts: counts, details: details, isRedo: isRedo,
      wasDuplicate: wasDuplicate)
    summary.work = work
    return summary
  }
}
