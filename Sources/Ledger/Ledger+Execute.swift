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
  public func execute(
    batch commands: [BatchCommand], metadata: EventMetadata = .init(), projecting: ProjectionUpdate = .inline
  ) async throws(LedgerError) -> [Result<CommandOutcome, LedgerError>] {
    guard !commands.isEmpty else { return [] }
    let metadata = Self.correlated(metadata)
    let today = self.today()
    let writerState = self.writerState
    let committedState = self.committedState
    let projections = self.projections
    let results: [Result<Decided, LedgerError>]
    do {
      results = try await log.transact(weight: 16 * commands.count) { session in
        try Self.withWriterState(writerState, at: session, seed: committedState) { folded in
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
        }
      } afterCommit: { results in
        Self.publish(results.compactMap { try? $0.get() }, to: committedState)
      }
    } catch {
      throw LedgerError(error)
    }
    return results.map { $0.map(\.outcome) }
  }

  /// Decides and records `commands` in order, in one write transaction, **all or nothing**:
  /// each sees the events of those before it, and if a rule refuses any of them nothing at all
  /// is recorded. For what a user asked for as one change — a budget copied from another
  /// month, a category renamed and moved in one edit — so that a refusal halfway never
  /// leaves half of it done. The events share one correlation id, so `undo` takes them back
  /// together.
  ///
  /// - Parameters:
  ///   - idempotencyKey: makes the whole change safe to retry: a second call with the key gets
  ///     the first one's outcome (`wasDuplicate`, all its positions) and records nothing —
  ///     provided it asks for the same (`requestFingerprint`), else it is refused.
  /// - Throws: the first refusal (``LedgerError/rejected(_:)``); nothing changes.
  @discardableResult
  public func execute(
    atomically commands: [LedgerCommand], metadata: EventMetadata = .init(), idempotencyKey: IdempotencyKey? = nil,
    requestFingerprint: ChainHash? = nil
  ) async throws(LedgerError) -> [CommandOutcome] {
    guard !commands.isEmpty else { return [] }
    let metadata = Self.correlated(metadata)
    let today = self.today()
    let writerState = self.writerState
    let committedState = self.committedState
    let projections = self.projections
    let result: Result<[Decided], LedgerError>
    do {
      result = try await log.transact(weight: 16 * commands.count) { session in
        try Self.withWriterState(writerState, at: session, seed: committedState) { folded in
          // Decide every command first, against a scratch copy of the state (copied on write,
          // so only what the commands change is copied): a refusal then comes back as a value
          // with nothing appended, and the transaction — shared with other callers' requests
          // in a group commit — is not aborted for it.
          if let earlier = try Self.earlier(idempotencyKey, requestFingerprint, in: session) {
            return earlier.map { [$0] }
          }
          let context = DecisionContext(today: today, chainHead: session.head.hash.hex)
          var scratch = folded.state
          for command in commands {
            do throws(DomainError) {
              for event in try decide(command, state: scratch, context: context) { scratch.apply(event) }
            } catch {
              return .failure(.rejected(error))
            }
          }
          var appended: [(event: LedgerEvent, point: LogPoint)] = []
          let decided = try commands.map { command in
            // Accepted above, so only the log can refuse now (a stream changed under an
            // expected version); that aborts the transaction and rolls back the commands
            // before it.
            try Self.decideAndAppend(
              command, today: today, metadata: metadata, idempotencyKey: nil, session: &session, folded: &folded,
              appended: &appended
            ).mapError(Refusal.init).get()
          }
          try projections.apply(appended, in: session)
          if let idempotencyKey, let first = appended.first?.point.position, let last = appended.last?.point.position {
            try session.recordIdempotencyKey(
              idempotencyKey, positions: first...last, fingerprint: requestFingerprint ?? .genesis)
          }
          return .success(decided)
        }
      } afterCommit: { result in
        if case .success(let decided) = result { Self.publish(decided, to: committedState) }
      }
    } catch let refusal as Refusal {
      throw refusal.error
    } catch {
      throw LedgerError(error)
    }
    return try result.get().map(\.outcome)
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

  /// A command of an all-or-nothing batch was refused by the log after the rules accepted it:
  /// thrown to abort its transaction.
  private struct Refusal: Error {
    let error: LedgerError
  }

  /// Brings the rules' state up to the log's head now — folded from the history, or copied
  /// from the readers' state — instead of in the first command. A server calls it before it
  /// accepts requests, so that its first write does not wait seconds on a big ledger.
  public func prepareWriter() async throws(LedgerError) {
    let writerState = self.writerState
    let committedState = self.committedState
    do {
      try await log.transact(weight: 0) { session in
        try Self.withWriterState(writerState, at: session, seed: committedState) { folded in
          // Own the storage now (it may be shared with the readers' state): the copy happens
          // here rather than in the first command that changes it.
          folded.state.transactions.reserveCapacity(folded.state.transactions.count + 1)
        }
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

  /// Folds committed commands into the readers' state, on the writer after the commit: commits
  /// complete in log order, so these events follow what it holds — unless a reader folded
  /// them from the log while this commit waited for the lock, which the positions tell. A
  /// state not loaded yet is left alone (it is folded from the log when first read).
  static func publish(_ decided: [Decided], to committedState: StateCell) {
    committedState.withLock { folded in
      guard folded.isLoaded else { return }
      for item in decided where !item.outcome.wasDuplicate {
        guard item.outcome.positions.upperBound > folded.position else { continue }
        guard item.outcome.positions.lowerBound == folded.position + 1 else {
          folded = .unloaded  // not a continuation: fold it afresh on the next read
          return
        }
        for event in item.outcome.events { folded.state.apply(event) }
        folded.position = item.outcome.positions.upperBound
        folded.hash = item.hash
      }
    }
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
  private static func decideAndAppend(
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
        folded.state.apply(event)
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
  private static func earlier(
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
  /// brings it to the head `session` sees, runs `body` on it, and puts it back — also when
  /// `body` throws (the next command then notices it ran ahead and resynchronizes).
  static func withWriterState<R>(
    _ cell: StateCell, at session: LogWriteSession, seed: StateCell, _ body: (inout FoldedState) throws -> R
  ) throws -> R {
    var folded = cell.withLock { state in
      let taken = state
      state.isTaken = true
      state.state = LedgerState()
      return taken
    }
    defer { cell.withLock { $0 = folded } }
    try synchronize(&folded, with: session, seed: seed)
    // A bulk load's transactions: the table grows once instead of doubling (and copying
    // every record) twenty times on the way to a million.
    let announced = cell.takeAnnouncedTransactions()
    if announced > 0 { folded.state.transactions.reserveCapacity(folded.state.transactions.count + announced) }
    return try body(&folded)
  }

  /// Makes `folded` reflect exactly the log as `session` sees it: folds events it has not
  /// seen (written by another process), or rebuilds it if it ran ahead of the log (a
  /// transaction that applied to it was rolled back).
  ///
  /// When it must start over, it starts from `seed` — the readers' state, if it has been
  /// folded and is a prefix of the log — instead of from nothing: a process that has read
  /// the state (every CLI command that resolves a name) then folds the history once, not twice.
  private static func synchronize(_ folded: inout FoldedState, with session: LogWriteSession, seed: StateCell) throws {
    let head = session.head
    if !folded.isTaken, folded.position == head.position, folded.hash == head.hash { return }
    func isPrefix(_ candidate: FoldedState) throws -> Bool {
      try !candidate.isTaken && candidate.isLoaded && candidate.position <= head.position
        && (candidate.position == 0 || session.hash(at: candidate.position) == candidate.hash)
    }
    // Start from whichever is a prefix of the log and further along: what the writer has, or
    // the readers' state (after a rolled-back transaction — e.g. one retried after the map
    // grew — the writer's state ran ahead and only the readers' can save a fold from scratch).
    // The readers' lock is not waited for: a reader folding the history holds it while it
    // reads the log, which can wait behind a map resize that waits for this transaction.
    let readers = seed.copyIfAvailable() ?? .unloaded
    switch (try isPrefix(folded), try isPrefix(readers)) {
    case (true, true): if readers.position > folded.position { folded = readers }
    case (false, true): folded = readers
    case (true, false): break
    case (false, false): folded = FoldedState()
    }
    if folded.position == 0 { folded.state.transactions.reserveCapacity(Int(min(head.position, 1 << 26))) }
    try session.scan(after: folded.position) { view in
      folded.apply(try StoredEvent.decode(view), at: view.position, hash: view.hash)
    }
  }
}
