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
  /// The work follows the size of the command undone, not the ledger's: the state before it
  /// is read from the streams of the entities it touched (see ``undo(metadata:idempotencyKey:requestFingerprint:)``).
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
      var work = UndoWork()
      return try await undoLastCommand(
        metadata: metadata, idempotencyKey: idempotencyKey, requestFingerprint: requestFingerprint, work: &work)
    } catch {
      if let earlier = try replayOfRacingRetry(idempotencyKey, requestFingerprint) { return [earlier] }
      throw error
    }
  }

  /// ``undoLast(metadata:idempotencyKey:requestFingerprint:)``, answering with what it did in
  /// a few numbers rather than its events: the command it took back, and how many changes of
  /// each kind the compensation made — for a front end to tell the user, whatever the size of
  /// the command. The summary is read back from the log, so a retry under the same key gets
  /// the same summary (`wasDuplicate` set).
  public func undo(
    metadata: EventMetadata = .init(), idempotencyKey: IdempotencyKey? = nil, requestFingerprint: ChainHash? = nil
  ) async throws(LedgerError) -> UndoSummary {
    var work = UndoWork()
    let outcomes: [CommandOutcome]
    if let idempotencyKey,
      let earlier = try earlierOutcome(forKey: idempotencyKey, requestFingerprint: requestFingerprint)
    {
      outcomes = [earlier]
    } else {
      do {
        outcomes = try await undoLastCommand(
          metadata: metadata, idempotencyKey: idempotencyKey, requestFingerprint: requestFingerprint, work: &work)
      } catch {
        guard let earlier = try replayOfRacingRetry(idempotencyKey, requestFingerprint) else { throw error }
        outcomes = [earlier]
      }
    }
    guard let first = outcomes.first?.positions.lowerBound, let last = outcomes.last?.positions.upperBound else {
      throw LedgerError.rejected(.invalidField(field: "undo", reason: "the undo recorded nothing"))
    }
    do {
      return try undoSummary(
        ofUndoAt: first...last, wasDuplicate: outcomes.contains(where: \.wasDuplicate), work: work)
    } catch {
      throw LedgerError(error)
    }
  }

  /// A retry racing its first call: that one may have committed since the key was checked,
  /// and this one then found the command before it, or nothing, to undo.
  private func replayOfRacingRetry(
    _ idempotencyKey: IdempotencyKey?, _ requestFingerprint: ChainHash?
  ) throws(LedgerError) -> CommandOutcome? {
    guard let idempotencyKey else { return nil }
    return try earlierOutcome(forKey: idempotencyKey, requestFingerprint: requestFingerprint)
  }

  private func undoLastCommand(
    metadata: EventMetadata, idempotencyKey: IdempotencyKey?, requestFingerprint: ChainHash?, work: inout UndoWork
  ) async throws(LedgerError) -> [CommandOutcome] {
    let commands: [LedgerCommand]
    var undoMetadata = metadata
    do {
      guard let target = try lastUndoableCommand(work: &work) else {
        throw LedgerError.rejected(.invalidField(field: "undo", reason: "there is no command to undo"))
      }
      let states = try statesAround(target, work: &work)
      commands = try compensation(for: target.events, before: states.before, current: states.current, today: today())
      undoMetadata.causationId = target.correlation
      undoMetadata.correlationId = "undo-" + EntityID.random().description
    } catch {
      throw LedgerError(error)
    }
    work.commands = commands.count
    return try await execute(
      atomically: commands, metadata: undoMetadata, idempotencyKey: idempotencyKey,
      requestFingerprint: requestFingerprint)
  }

  /// A command as the log holds it: the events sharing one correlation id.
  struct RecordedCommand {
    var correlation: String
    var first: UInt64
    var last: UInt64
    /// Oldest first.
    var events: [LedgerEvent]
  }

  /// The last command (events sharing a correlation id) not yet undone and not an undo. Only
  /// its own events are decoded: undos and the commands they took back, on the way to it,
  /// are passed over on their envelopes.
  private func lastUndoableCommand(work: inout UndoWork) throws -> RecordedCommand? {
    var undone = Set<String>()
    var current: RecordedCommand?
    var found: RecordedCommand?
    var skipping: String?
    func isCandidate(_ correlation: String) -> Bool {
      !undone.contains(correlation) && !correlation.hasPrefix("undo-")
    }
    let scanned = try log.scan(from: .max, direction: .backward) { view in
      let metadata = view.metadata
      guard let correlation = metadata.correlationId else { return .stop }  // before undo existed
      if let group = current, group.correlation != correlation {
        found = group
        return .stop
      }
      if let cause = metadata.causationId { undone.insert(cause) }
      if skipping == correlation { return .continue }
      guard current != nil || isCandidate(correlation) else {
        skipping = correlation
        return .continue
      }
      let event = try StoredEvent.decode(view)
      if current == nil {
        current = RecordedCommand(correlation: correlation, first: view.position, last: view.position, events: [])
      }
      current?.first = view.position
      current?.events.append(event)  // newest first while scanning back; reversed once found
      return .continue
    }
    work.eventsScanned += scanned
    if found == nil { found = current }
    found?.events.reverse()
    return found
  }
}
