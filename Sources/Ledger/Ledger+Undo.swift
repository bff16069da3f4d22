import EventLog
import LedgerDomain

extension Ledger {
  /// Undoes the most recent command that is neither an undo nor already undone, by
  /// recording compensating events (in one transaction). The undo's events carry the
  /// undone command's correlation id as their causation id, so the audit trail links them.
  ///
  /// Returns the outcomes, or throws if there is nothing to undo or the command cannot be
  /// compensated (e.g. deleting a transaction). The compensation is all or nothing.
  ///
  /// - Parameter idempotencyKey: makes the undo safe to retry: a retry gets the first undo's
  ///   outcome instead of undoing the command before (``execute(atomically:metadata:idempotencyKey:requestFingerprint:)``).
  @discardableResult
  public func undoLast(
    metadata: EventMetadata = .init(), idempotencyKey: IdempotencyKey? = nil, requestFingerprint: ChainHash? = nil
  ) async throws(LedgerError) -> [CommandOutcome] {
    if let idempotencyKey,
      let earlier = try earlierOutcome(forKey: idempotencyKey, requestFingerprint: requestFingerprint)
    {
      return [earlier]
    }
    do {
      return try await undoLastCommand(
        metadata: metadata, idempotencyKey: idempotencyKey, requestFingerprint: requestFingerprint
      ).outcomes
    } catch {
      // A retry racing its first call: that one may have committed since the check above, and
      // this one then found the command before it, or nothing, to undo.
      if let idempotencyKey,
        let earlier = try earlierOutcome(forKey: idempotencyKey, requestFingerprint: requestFingerprint)
      {
        return [earlier]
      }
      throw error
    }
  }

  /// ``undoLast(metadata:idempotencyKey:requestFingerprint:)`` without a key, also saying
  /// which command it took back: for a front end to tell the user what was undone.
  public func undoLastDescribed(
    metadata: EventMetadata = .init()
  ) async throws(LedgerError) -> (outcomes: [CommandOutcome], undone: UndoneCommand) {
    try await undoLastCommand(metadata: metadata, idempotencyKey: nil, requestFingerprint: nil)
  }

  private func undoLastCommand(
    metadata: EventMetadata, idempotencyKey: IdempotencyKey?, requestFingerprint: ChainHash?
  ) async throws(LedgerError) -> (outcomes: [CommandOutcome], undone: UndoneCommand) {
    do {
      guard let target = try lastUndoableCommand() else {
        throw LedgerError.rejected(.invalidField(field: "undo", reason: "there is no command to undo"))
      }
      var before = FoldedState()
      try log.scan { view in
        guard view.position < target.first else { return .stop }
        folded(&before, view)
        return .continue
      }
      let commands = try compensation(for: target.events, before: before.state, current: state, today: today())
      var undoMetadata = metadata
      undoMetadata.causationId = target.correlation
      undoMetadata.correlationId = "undo-" + EntityID.random().description
      let outcomes = try await execute(
        atomically: commands, metadata: undoMetadata, idempotencyKey: idempotencyKey,
        requestFingerprint: requestFingerprint)
      let undone = UndoneCommand(
        positions: target.first...target.last, eventTypes: target.events.map(\.typeName), actor: target.actor,
        recordedAt: target.recordedAt)
      return (outcomes, undone)
    } catch {
      throw LedgerError(error)
    }
  }

  private func folded(_ state: inout FoldedState, _ view: EventView) {
    if let event = try? StoredEvent.decode(view) { state.apply(event, at: view.position, hash: view.hash) }
  }

  /// A command as the log holds it: the events sharing one correlation id.
  private struct RecordedCommand {
    var correlation: String
    var first: UInt64
    var last: UInt64
    /// Oldest first.
    var events: [LedgerEvent]
    var actor: String?
    var recordedAt: Int64
  }

  /// The last command (events sharing a correlation id) not yet undone and not an undo.
  private func lastUndoableCommand() throws -> RecordedCommand? {
    var undone = Set<String>()
    var current: RecordedCommand?
    var found: RecordedCommand?
    try log.scan(from: .max, direction: .backward) { view in
      let metadata = view.metadata
      guard let correlation = metadata.correlationId else { return .stop }  // before undo existed
      if let group = current, group.correlation != correlation {
        if !undone.contains(group.correlation), !group.correlation.hasPrefix("undo-") { found = group; return .stop }
        current = nil
      }
      if let cause = metadata.causationId { undone.insert(cause) }
      let event = try StoredEvent.decode(view)
      if current == nil {
        current = RecordedCommand(
          correlation: correlation, first: view.position, last: view.position, events: [], actor: metadata.actor,
          recordedAt: view.recordedAt)
      }
      current?.first = view.position
      current?.events.append(event)  // newest first while scanning back; reversed once found
      return .continue
    }
    if found == nil, let group = current, !undone.contains(group.correlation), !group.correlation.hasPrefix("undo-") {
      found = group
    }
    found?.events.reverse()
    return found
  }
}
