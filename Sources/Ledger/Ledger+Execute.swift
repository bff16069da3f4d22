import EventLog
import LedgerDomain
import ProjectionEngine
import Synchronization

/// One command of a batch, with its own idempotency key.
public struct BatchCommand: Sendable {
  public var command: LedgerCommand
  public var idempotencyKey: IdempotencyKey?
  /// What a retry under the key must match (a digest of the request, for callers whose
  /// retries make events with new ids): a reused key with another request is refused
  /// (``EventLogError/idempotencyKeyReused(key:)``). Without one, the key alone decides.
  public var requestFingerprint: ChainHash?

  public init(_ command: LedgerCommand, idempotencyKey: IdempotencyKey? = nil, requestFingerprint: ChainHash? = nil) {
    self.command = command
    self.idempotencyKey = idempotencyKey
    self.requestFingerprint = requestFingerprint
  }
}

extension Ledger {
  /// Decides `command` against the current state and records its events, atomically.
  ///
  /// - Parameters:
  ///   - metadata: who issued the command (actor) and how it relates to others.
  ///   - idempotencyKey: makes the command safe to retry: a second call with the same key
  ///     returns the first outcome (`wasDuplicate`) and records nothing.
  /// - Throws: ``LedgerError/rejected(_:)`` when a rule refuses the command; nothing changes.
  ///   - requestFingerprint: with a key, what a retry must ask for (see
  ///     ``BatchCommand/requestFingerprint``).
  @discardableResult
  public func execute(
    _ command: LedgerCommand, metadata: EventMetadata = .init(), idempotencyKey: IdempotencyKey? = nil,
    requestFingerprint: ChainHash? = nil
  ) async throws(LedgerError) -> CommandOutcome {
    try await execute(
      batch: [BatchCommand(command, idempotencyKey: idempotencyKey, requestFingerprint: requestFingerprint)],
      metadata: metadata)[0].get()
  }

  /// Decides and records `commands` in order, in one write transaction: each sees the
  /// events of those before it, each succeeds or is refused on its own (a refused command
  /// changes nothing), and all that succeed commit together — one fsync for the batch, which
  /// is what imports rely on.
  ///
  /// - Parameter projecting: whether the read models fold the batch now (the default) or
  ///   only at the next rebuild (bulk loads, see ``ProjectionUpdate``).
  ///
  /// On a device (a ledger cloned from a hub), each command is also kept in the device's
  /// ``Outbox`` until the hub accepts it (see ``Ledger/journaled(batch:metadata:projecting:outbox:)``).
  public func execute(
    batch commands: [BatchCommand], metadata: EventMetadata = .init(), projecting: ProjectionUpdate = .inline
  ) async throws(LedgerError) -> [Result<CommandOutcome, LedgerError>] {
    if let outbox {
      try requireWorkingLedger()
      return try await journaled(batch: commands, metadata: metadata, projecting: projecting, outbox: outbox)
    }
    return try await record(batch: commands, metadata: metadata, projecting: projecting)
  }

  /// ``execute(batch:metadata:projecting:)`` without the outbox: what a device runs again on
  /// its working ledger after a sync, and what the outbox journal itself calls.
  func record(
    batch commands: [BatchCommand], metadata: EventMetadata, projecting: ProjectionUpdate
  ) async throws(LedgerError) -> [Result<CommandOutcome, LedgerError>] {
    guard !commands.isEmpty else { return [] }
    let metadata = Self.correlated(metadata)
    let today = self.today()
    let writerState = self.writerState
    let committedState = self.committedState
    let keeper = self.keeper
    let projections = self.projections
    let results: [Result<Decided, LedgerError>]
    do {
      results = try await log.transact(weight: 16 * commands.count) { session in
        try Self.withWriterState(writerState, at: session, keeper: keeper) { folded in
          var appended: [(event: LedgerEvent, point: LogPoint)] = []
          let results = try commands.map { item in
            try Self.decideAndAppend(
              item.command, today: today, metadata: metadata, idempotencyKey: item.idempotencyKey,
              requestFingerprint: item.requestFingerprint, session: &session, folded: &folded, appended: &appended)
          }
          switch projecting {
          case .inline: try projections.apply(appended, in: session)
          case .deferred: try projections.recordWithoutFolding(appended, in: session)
          }
          return results
        }.result
      } afterCommit: { _ in
        Self.publish(writerState, to: committedState, keeper: keeper)
      }
    } catch {
      throw LedgerError(error)
    }
    return results.map { $0.map(\.outcome) }
  }

  /// The outcome of the change recorded under `idempotencyKey`, if any — read before a change
  /// whose commands depend on the state (an undo, a copy) is worked out, so that its retry
  /// answers as the first call did instead of working out another change.
  ///
  /// - Throws: ``EventLogError/idempotencyKeyReused(key:)`` when `requestFingerprint` is given
  ///   and the key was recorded for another request.
  public func earlierOutcome(
    forKey idempotencyKey: IdempotencyKey, requestFingerprint: ChainHash?
  ) throws(LedgerError) -> CommandOutcome? {
    do {
      guard let record = try log.idempotencyRecord(forKey: idempotencyKey) else { return nil }
      if let requestFingerprint, record.fingerprint != requestFingerprint {
        throw LedgerError.log(.idempotencyKeyReused(key: idempotencyKey.rawValue))
      }
      return CommandOutcome(events: [], positions: record.positions, wasDuplicate: true)
    } catch {
      throw LedgerError(error)
    }
  }

  /// Brings the rules' state up to the log's head now — folded from the history, or copied
  /// from the readers' state — instead of in the first command, and stores it there. A server
  /// calls it before it accepts requests, so that its first write does not wait seconds on a
  /// big ledger.
  public func prepareWriter() async throws(LedgerError) {
    let writerState = self.writerState
    let committedState = self.committedState
    let keeper = self.keeper
    do {
      _ = try await log.transact(weight: 0) { session in
        _ = try Self.withWriterState(writerState, at: session, keeper: keeper, always: true) { _ in }
      } afterCommit: { _ in
        Self.publish(writerState, to: committedState, keeper: keeper)
      }
    } catch {
      throw LedgerError(error)
    }
  }

  /// `metadata` with a correlation id of its own if it has none: every command of one call
  /// shares it, and it is the unit `undoLast` compensates.
  static func correlated(_ metadata: EventMetadata) -> EventMetadata {
    guard metadata.correlationId == nil else { return metadata }
    return EventMetadata(
      actor: metadata.actor, correlationId: EntityID.random().description, causationId: metadata.causationId)
  }

  /// Hands the writer's state after a commit to readers (reading stored transactions on
  /// their own): commits complete in log order, so a state at a later position replaces an
  /// earlier one, never the reverse. Never waits for the readers' lock (``StateCell/offer(_:)``).
  static func publish(_ folded: FoldedState, to committedState: StateCell, keeper: SnapshotKeeper) {
    committedState.offer(keeper.forReaders(folded))
  }

  /// Hands readers the writer's state as it stands after a commit (from the commit's
  /// `afterCommit`, on the writer, before the next transaction begins). Taken from its cell
  /// rather than returned by each request: a copy held across a group commit would make every
  /// later request of the group copy the dictionaries it changes.
  static func publish(_ writerState: StateCell, to committedState: StateCell, keeper: SnapshotKeeper) {
    guard let current = writerState.withLock({ $0.isLoaded && !$0.isTaken ? $0 : nil }) else { return }
    publish(current, to: committedState, keeper: keeper)
  }

  /// What the writer decided for one command, with the chain hash after it.
  struct Decided: Sendable {
    var outcome: CommandOutcome
    var hash: ChainHash
  }

  /// Runs on the writer inside the transaction, with `folded` at the log's head: decides,
  /// appends, and adds the events to `appended`, which the caller projects once for the whole
  /// transaction (projections are read by queries, never by the rules, so they need not keep
  /// step command by command; the engine's per-call work — checkpoints, the commit's extent —
  /// is then paid once per transaction). Rule violations come back as values; storage
  /// failures throw.
  static func decideAndAppend(
    _ command: LedgerCommand, today: CivilDate, metadata: EventMetadata, idempotencyKey: IdempotencyKey?,
    requestFingerprint: ChainHash? = nil, session: inout LogWriteSession, folded: inout FoldedState,
    appended toProject: inout [(event: LedgerEvent, point: LogPoint)]
  ) throws -> Result<Decided, LedgerError> {
    if let earlier = try earlier(idempotencyKey, requestFingerprint, in: session) { return earlier }
    let events: [LedgerEvent]
    let context = DecisionContext(today: today, chainHead: session.head.hash.hex)
    do throws(DomainError) {
      events = try decide(command, state: folded.state, context: context)
    } catch {
      return .failure(.rejected(error))
    }
    let (batch, ordered) = try StoredEvent.batch(
      events, for: command, metadata: metadata, idempotencyKey: idempotencyKey, requestFingerprint: requestFingerprint)
    switch try session.append(batch) {
    case .failure(let error):
      return .failure(.log(error))
    case .success(let appended):
      for (event, position) in zip(ordered, appended.positions) {
        toProject.append((event, LogPoint(position: position, recordedAt: appended.recordedAt)))
        folded.fold(event)
      }
      folded.position = appended.positions.upperBound
      folded.hash = session.head.hash
      let outcome = CommandOutcome(events: ordered, positions: appended.positions, wasDuplicate: appended.wasDuplicate)
      return .success(Decided(outcome: outcome, hash: folded.hash))
    }
  }

  /// What was recorded under `key` in the transaction's view, as the outcome of a retry — or
  /// its refusal when `requestFingerprint` says the retry asks for something else (the key
  /// alone cannot tell) — or `nil` when nothing was.
  static func earlier(
    _ key: IdempotencyKey?, _ requestFingerprint: ChainHash?, in session: LogWriteSession
  ) throws -> Result<Decided, LedgerError>? {
    guard let key, let earlier = try session.earlierAppend(withKey: key) else { return nil }
    if let requestFingerprint, try session.recordedFingerprint(forKey: key) != requestFingerprint {
      return .failure(.log(.idempotencyKeyReused(key: key.rawValue)))
    }
    let outcome = CommandOutcome(events: [], positions: earlier.positions, wasDuplicate: true)
    return .success(Decided(outcome: outcome, hash: session.head.hash))
  }

  /// Takes the writer's state out of its cell (so that folding into it does not copy it),
  /// brings it to the head `session` sees (``SnapshotKeeper/synchronize(_:with:)``), runs
  /// `body` on it, and puts it back — also when `body` throws (the next command then notices
  /// it ran ahead and reads the stored snapshot again) — to be stored as the snapshot just
  /// before the transaction commits (``LogWriteSession/beforeCommit(_:_:)``), once for every
  /// command of a group commit. Returns `body`'s result and the state after it.
  ///
  /// - Parameter storing: `false` leaves what `body` changed in memory, unstored, for a later
  ///   transaction to store: a bulk load's batches, whose rows would otherwise each dirty a
  ///   page of the stored tables in every batch, are stored once, together, at its end
  ///   (``finish(_:)``) or by the next command. The file's snapshot then stays where it was,
  ///   behind the head but valid, with the events after it in the log.
  /// - Parameter always: stores the state in this transaction whatever the schedule says
  ///   (``SnapshotSchedule``): what bringing it up to date on purpose wants.
  static func withWriterState<R>(
    _ cell: StateCell, at session: LogWriteSession, keeper: SnapshotKeeper, storing: Bool = true,
    always: Bool = false, _ body: (inout FoldedState) throws -> R
  ) throws -> (result: R, state: FoldedState) {
    var folded = cell.withLock { state in
      let taken = state
      state.isTaken = true
      state.state = LedgerState()
      return taken
    }
    keeper.writerSource.bind(session.transaction)
    defer {
      keeper.writerSource.unbind()
      cell.withLock { $0 = folded }
    }
    try keeper.synchronize(&folded, with: session)
    let result = try body(&folded)
    folded.changedAt = .now
    if always { folded.storeDue = true }
    if storing {
      // Once for the whole group commit, after its last request: the state then reflects
      // every command of the transaction, and its header is encoded and hashed once — when
      // the schedule says this transaction stores it (``SnapshotSchedule``).
      session.beforeCommit("rules-state") { transaction in
        try cell.withLock { state in
          guard keeper.schedule.stores(state) else { return }
          try keeper.snapshot.store(&state, in: transaction)
        }
      }
    }
    return (result, folded)
  }
}
