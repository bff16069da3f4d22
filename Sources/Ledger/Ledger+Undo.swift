import EventLog
import LedgerDomain

extension Ledger {
  /// Undoes the most recent user action that is neither an undo nor already undone — the
  /// command and what followed it in commits of its own (the bill a new transaction paid,
  /// ``followUp(of:_:)``) — by recording compensating events, in one transaction. The undo's
  /// events carry the undone action's correlation id as their causation id, so the audit
  /// trail links them. A redo is an action like any other: undo takes it back.
  ///
  /// Returns the outcomes, or throws if there is nothing to undo or the action cannot be
  /// compensated (e.g. deleting a category). The compensation is all or nothing.
  ///
  /// The work follows the size of the action undone, not the ledger's: the state before it
  /// is read from the streams of the entities it touched (see ``undo(metadata:idempotencyKey:requestFingerprint:)``).
  ///
  /// - Parameter idempotencyKey: makes the undo safe to retry: a retry gets the first undo's
  ///   outcome instead of undoing the action before (``execute(atomically:metadata:idempotencyKey:requestFingerprint:)``).
  @discardableResult
  public func undoLast(
    metadata: EventMetadata = .init(), idempotencyKey: IdempotencyKey? = nil, requestFingerprint: ChainHash? = nil
  ) async throws(LedgerError) -> [CommandOutcome] {
    var work = UndoWork()
    return try await takeBack(
      .undo, metadata: metadata, idempotencyKey: idempotencyKey, requestFingerprint: requestFingerprint, work: &work)
  }

  /// ``undoLast(metadata:idempotencyKey:requestFingerprint:)``, answering with what it did
  /// rather than its events: each change in words ("transaction 'Broadband Telekom' 39.99
  /// deleted") when there are few, how many of each kind when there are many, and the action
  /// it took back. The summary is read back from the log, so a retry under the same key gets
  /// the same summary (`wasDuplicate` set).
  public func undo(
    metadata: EventMetadata = .init(), idempotencyKey: IdempotencyKey? = nil, requestFingerprint: ChainHash? = nil
  ) async throws(LedgerError) -> UndoSummary {
    try await summarized(
      .undo, metadata: metadata, idempotencyKey: idempotencyKey, requestFingerprint: requestFingerprint)
  }

  /// Re-applies what the last undo took back, by recording compensating events of that undo,
  /// in one transaction — only while nothing else was recorded since the undo (redos and
  /// further undos aside: after two undos, two redos re-apply both, newest undo first). The
  /// redo's events carry the undo's correlation id as their causation id. Undo takes a redo
  /// back like any other action.
  ///
  /// - Throws: ``LedgerError/rejected(_:)`` when there is nothing to redo — no undo, or a
  ///   change recorded after it — or the undo cannot be taken back (it deleted a category, a
  ///   schedule or a debt, which never come back); nothing changes.
  public func redo(
    metadata: EventMetadata = .init(), idempotencyKey: IdempotencyKey? = nil, requestFingerprint: ChainHash? = nil
  ) async throws(LedgerError) -> UndoSummary {
    try await summarized(
      .redo, metadata: metadata, idempotencyKey: idempotencyKey, requestFingerprint: requestFingerprint)
  }

  /// Which way a take-back goes.
  enum TakeBack {
    /// Takes back the last action.
    case undo
    /// Takes back the last undo.
    case redo

    var word: String { self == .undo ? "undo" : "redo" }
    var correlationPrefix: String { self == .undo ? ActionRole.undoPrefix : ActionRole.redoPrefix }
  }

  private func summarized(
    _ direction: TakeBack, metadata: EventMetadata, idempotencyKey: IdempotencyKey?, requestFingerprint: ChainHash?
  ) async throws(LedgerError) -> UndoSummary {
    var work = UndoWork()
    let outcomes = try await takeBack(
      direction, metadata: metadata, idempotencyKey: idempotencyKey, requestFingerprint: requestFingerprint, work: &work
    )
    guard let first = outcomes.first?.positions.lowerBound, let last = outcomes.last?.positions.upperBound else {
      throw LedgerError.rejected(.invalidField(field: direction.word, reason: "the \(direction.word) recorded nothing"))
    }
    do {
      return try undoSummary(
        ofUndoAt: first...last, wasDuplicate: outcomes.contains(where: \.wasDuplicate), work: work)
    } catch {
      throw LedgerError(error)
    }
  }

  /// Finds what `direction` takes back, works out its compensation, and records it — or, when
  /// `idempotencyKey` was recorded before, answers with that outcome.
  private func takeBack(
    _ direction: TakeBack, metadata: EventMetadata, idempotencyKey: IdempotencyKey?, requestFingerprint: ChainHash?,
    work: inout UndoWork
  ) async throws(LedgerError) -> [CommandOutcome] {
    if let idempotencyKey,
      let earlier = try earlierOutcome(forKey: idempotencyKey, requestFingerprint: requestFingerprint)
    {
      return [earlier]
    }
    do throws(LedgerError) {
      let commands: [LedgerCommand]
      var takeBackMetadata = metadata
      do {
        let target = try direction == .undo ? lastUndoableCommand(work: &work) : lastRedoableUndo(work: &work)
        let states = try statesAround(target, work: &work)
        commands = try compensation(direction, of: target, before: states.before, current: states.current)
        takeBackMetadata.causationId = target.correlation
        takeBackMetadata.correlationId = direction.correlationPrefix + EntityID.random().description
      } catch {
        throw LedgerError(error)
      }
      work.commands = commands.count
      return try await execute(
        atomically: commands, metadata: takeBackMetadata, idempotencyKey: idempotencyKey,
        requestFingerprint: requestFingerprint)
    } catch {
      // A retry racing its first call: that one may have committed since the key was
      // checked, and this one then found the action before it, or nothing, to take back.
      if let idempotencyKey,
        let earlier = try earlierOutcome(forKey: idempotencyKey, requestFingerprint: requestFingerprint)
      {
        return [earlier]
      }
      throw error
    }
  }

  /// The commands that take `target` back. A redo cannot bring back what its undo deleted
  /// for good (a category, a schedule, a debt): refused, saying so.
  private func compensation(
    _ direction: TakeBack, of target: RecordedCommand, before: LedgerState, current: LedgerState
  ) throws(DomainError) -> [LedgerCommand] {
    do throws(DomainError) {
      return try LedgerDomain.compensation(for: target.events, before: before, current: current, today: today())
    } catch {
      guard direction == .redo else { throw error }
      for event in target.events {
        let deleted: String
        switch event {
        case .categoryDeleted: deleted = "a category"
        case .scheduleDeleted: deleted = "a schedule"
        case .debtRemoved: deleted = "a debt"
        default: continue
        }
        throw .invalidField(
          field: "redo", reason: "the undo deleted \(deleted), which cannot come back; add it again yourself")
      }
      guard case .invalidField(_, let reason) = error else { throw error }
      throw .invalidField(field: "redo", reason: reason)
    }
  }

  /// An action as the log holds it: the events sharing one correlation id — a command's,
  /// and those of its follow-ups.
  struct RecordedCommand {
    var correlation: String
    var first: UInt64
    var last: UInt64
    /// Oldest first.
    var events: [LedgerEvent]
  }
}
