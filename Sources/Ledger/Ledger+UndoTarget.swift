import EventLog
import LedgerDomain

extension Ledger {
  /// The last action not yet undone and not an undo: the events of its command and of its
  /// follow-ups (``ActionRole/followUp``), which share its correlation id. Only its own events
  /// are decoded: undos and the actions they took back, on the way to it — and the commands of
  /// others recorded between a follow-up and its command — are passed over on their envelopes.
  func lastUndoableCommand(work: inout UndoWork) throws -> RecordedCommand {
    var undone = Set<String>()
    var target: RecordedCommand?
    // Whether the target's command has been reached (and not only its follow-ups).
    var reachedCommand = false
    let scanned = try log.scan(from: .max, direction: .backward) { view in
      let metadata = view.metadata
      // Nothing reaches back past an event recorded before undo existed.
      guard let role = ActionRole(metadata), let correlation = metadata.correlationId else { return .stop }
      if var found = target {
        guard correlation == found.correlation else { return reachedCommand ? .stop : .continue }
        if role == .command { reachedCommand = true }
        found.first = view.position
        found.events.append(try StoredEvent.decode(view))  // newest first; reversed once found
        target = found
        return .continue
      }
      switch role {
      case .undo(let action):
        undone.insert(action)
        return .continue
      case .redo(let undo):
        undone.insert(undo)
      case .command, .followUp:
        break
      }
      guard !undone.contains(correlation) else { return .continue }
      target = RecordedCommand(
        correlation: correlation, first: view.position, last: view.position, events: [try StoredEvent.decode(view)])
      reachedCommand = role != .followUp
      return .continue
    }
    work.eventsScanned += scanned
    guard var found = target else {
      throw LedgerError.rejected(.invalidField(field: "undo", reason: "there is no command to undo"))
    }
    found.events.reverse()
    return found
  }

  /// The undo a redo takes back now: of the undos and redos recorded since the last other
  /// change, the newest undo not redone yet (a stack: each redo re-applies the undo above
  /// it). Refused when there is none — nothing was undone, or a change was recorded since.
  func lastRedoableUndo(work: inout UndoWork) throws -> RecordedCommand {
    struct Group {
      var correlation: String
      var role: ActionRole
      var first: UInt64
      var last: UInt64
    }
    // The undos and redos at the head of the log, newest first.
    var run: [Group] = []
    var changedSince = false
    work.eventsScanned += try log.scan(from: .max, direction: .backward) { view in
      guard let role = ActionRole(view.metadata), let correlation = view.metadata.correlationId else { return .stop }
      guard role.isUndoOrRedo else {
        changedSince = true
        return .stop
      }
      if run.last?.correlation == correlation {
        run[run.count - 1].first = view.position
      } else {
        run.append(Group(correlation: correlation, role: role, first: view.position, last: view.position))
      }
      return .continue
    }
    var stack: [Group] = []
    for group in run.reversed() {
      switch group.role {
      case .undo: stack.append(group)
      case .redo(let undo): stack.removeAll { $0.correlation == undo }
      case .command, .followUp: break
      }
    }
    guard let undo = stack.last else {
      let reason: String
      if !run.isEmpty {
        reason = "nothing to redo: every undo since the last change is redone"
      } else if changedSince, try undoRecordedRecently(work: &work) {
        reason = "a change was recorded after the undo; redo is only possible right after undo"
      } else {
        reason = "nothing to redo: redo re-applies what the last undo took back"
      }
      throw LedgerError.rejected(.invalidField(field: "redo", reason: reason))
    }
    let recorded = try log.read(from: undo.first, limit: Int(undo.last - undo.first + 1))
    work.eventsScanned += recorded.count
    let events = try recorded.map { try StoredEvent.decode($0) }
    return RecordedCommand(correlation: undo.correlation, first: undo.first, last: undo.last, events: events)
  }

  /// Whether an undo is among the last events of the log (a few thousand, envelopes only):
  /// to tell a redo refused because a change came after an undo from one with no undo at all.
  private func undoRecordedRecently(work: inout UndoWork) throws -> Bool {
    var found = false
    var looked = 0
    work.eventsScanned += try log.scan(from: .max, direction: .backward) { view in
      looked += 1
      if case .undo? = ActionRole(view.metadata) {
        found = true
        return .stop
      }
      return looked < 4096 ? .continue : .stop
    }
    return found
  }
}
