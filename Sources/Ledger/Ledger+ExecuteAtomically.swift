import EventLog
import LedgerDomain
import ProjectionEngine

extension Ledger {
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
    if let outbox {
      try requireWorkingLedger()
      return try await journaled(
        atomically: commands, metadata: metadata, idempotencyKey: idempotencyKey,
        requestFingerprint: requestFingerprint,
        outbox: outbox)
    }
    return try await record(
      atomically: commands, metadata: metadata, idempotencyKey: idempotencyKey, requestFingerprint: requestFingerprint)
  }

  /// ``execute(atomically:metadata:idempotencyKey:requestFingerprint:)`` without the outbox.
  func record(
    atomically commands: [LedgerCommand], metadata: EventMetadata, idempotencyKey: IdempotencyKey?,
    requestFingerprint: ChainHash?
  ) async throws(LedgerError) -> [CommandOutcome] {
    guard !commands.isEmpty else { return [] }
    let metadata = Self.correlated(metadata)
    let today = self.today()
    let writerState = self.writerState
    let committedState = self.committedState
    let keeper = self.keeper
    let projections = self.projections
    let result: Result<[Decided], LedgerError>
    do {
      result = try await log.transact(weight: 16 * commands.count) { session in
        try Self.withWriterState(writerState, at: session, keeper: keeper) { folded in
          if let earlier = try Self.earlier(idempotencyKey, requestFingerprint, in: session) {
            return earlier.map { [$0] }
          }
          var appended: [(event: LedgerEvent, point: LogPoint)] = []
          let decided: [Decided]
          if commands.contains(where: \.readsChainHead) {
            // A seal is the chain head where the period's event lands: decided again there.
            switch try Self.decideTwice(
              commands, today: today, metadata: metadata, session: &session, folded: &folded, appended: &appended)
            {
            case .failure(let error): return .failure(error)
            case .success(let outcomes): decided = outcomes
            }
          } else {
            switch try Self.decideOnce(
              commands, today: today, metadata: metadata, session: &session, folded: &folded, appended: &appended)
            {
            case .failure(let error): return .failure(error)
            case .success(let outcomes): decided = outcomes
            }
          }
          try projections.apply(appended, in: session)
          if let idempotencyKey, let first = appended.first?.point.position, let last = appended.last?.point.position {
            try session.recordIdempotencyKey(
              idempotencyKey, positions: first...last, fingerprint: requestFingerprint ?? .genesis)
          }
          return .success(decided)
        }.result
      } afterCommit: { _ in
        Self.publish(writerState, to: committedState, keeper: keeper)
      }
    } catch let refusal as Refusal {
      throw refusal.error
    } catch {
      throw LedgerError(error)
    }
    return try result.get().map(\.outcome)
  }

  /// Decides every command against a scratch copy of the state (copied on write, so only what
  /// the commands change is copied), then appends the events so decided and makes the scratch
  /// state the writer's: each command is decided, encoded and folded once. A refusal comes
  /// back as a value with nothing appended, so the transaction — shared with other callers'
  /// requests in a group commit — is not aborted for it.
  ///
  /// Each command's events are folded into the scratch state in the order the log stores
  /// them (grouped by stream, ``StoredEvent/batch(_:for:metadata:idempotencyKey:requestFingerprint:)``),
  /// as appending folds them: the state the next command is decided against, and the one
  /// stored, are what a fold of the log gives. Not for commands that read the chain head
  /// (``LedgerCommand/readsChainHead``), which a decision ahead of the appends cannot know.
  private static func decideOnce(
    _ commands: [LedgerCommand], today: CivilDate, metadata: EventMetadata, session: inout LogWriteSession,
    folded: inout FoldedState, appended toProject: inout [(event: LedgerEvent, point: LogPoint)]
  ) throws -> Result<[Decided], LedgerError> {
    let context = DecisionContext(today: today, chainHead: session.head.hash.hex)
    var scratch = folded.state
    // Room for a record per command (most change one transaction at most), made once rather
    // than grown — and rehashed — a dozen times over a hundred thousand.
    scratch.transactions.reserveCapacity(scratch.transactions.changes.count + commands.count)
    var batches: [(batch: AppendBatch, ordered: [LedgerEvent])] = []
    batches.reserveCapacity(commands.count)
    for command in commands {
      let events: [LedgerEvent]
      do throws(DomainError) {
        events = try decide(command, state: scratch, context: context)
      } catch {
        return .failure(.rejected(error))
      }
      let (batch, ordered) = try StoredEvent.batch(events, for: command, metadata: metadata, idempotencyKey: nil)
      scratch.apply(ordered)
      batches.append((batch, ordered))
    }
    toProject.reserveCapacity(toProject.count + batches.reduce(0) { $0 + $1.ordered.count })
    session.reserveStreams(batches.reduce(0) { $0 + $1.batch.streams.count })
    var decided: [Decided] = []
    decided.reserveCapacity(batches.count)
    for (batch, ordered) in batches {
      // Accepted above, so only the log can refuse now (a stream changed under an expected
      // version); that aborts the transaction and rolls back the commands before it. The
      // writer's state is then left as it was, behind the position it names: the next command
      // reads the stored state again.
      let appended = try session.append(batch).mapError { Refusal(error: .log($0)) }.get()
      for (event, position) in zip(ordered, appended.positions) {
        toProject.append((event, LogPoint(position: position, recordedAt: appended.recordedAt)))
        // Folded into the scratch state above; its id's tail is indexed when the state is stored.
        if case .transactionAdded(let added) = event { folded.unindexed.append(added.transaction) }
      }
      folded.position = appended.positions.upperBound
      folded.hash = session.head.hash
      let outcome = CommandOutcome(events: ordered, positions: appended.positions, wasDuplicate: appended.wasDuplicate)
      decided.append(Decided(outcome: outcome, hash: folded.hash))
    }
    folded.state = scratch
    return .success(decided)
  }

  /// Decides every command against a scratch copy of the state first (a refusal then comes
  /// back with nothing appended), then decides each again against the writer's state as it
  /// appends it, at the chain head its events land on.
  private static func decideTwice(
    _ commands: [LedgerCommand], today: CivilDate, metadata: EventMetadata, session: inout LogWriteSession,
    folded: inout FoldedState, appended: inout [(event: LedgerEvent, point: LogPoint)]
  ) throws -> Result<[Decided], LedgerError> {
    let context = DecisionContext(today: today, chainHead: session.head.hash.hex)
    var scratch = folded.state
    for command in commands {
      do throws(DomainError) {
        for event in try decide(command, state: scratch, context: context) { scratch.apply(event) }
      } catch {
        return .failure(.rejected(error))
      }
    }
    return .success(
      try commands.map { command in
        try Self.decideAndAppend(
          command, today: today, metadata: metadata, idempotencyKey: nil, session: &session, folded: &folded,
          appended: &appended
        ).mapError(Refusal.init).get()
      })
  }

  /// A command of an all-or-nothing batch was refused by the log after the rules accepted it:
  /// thrown to abort its transaction.
  struct Refusal: Error {
    let error: LedgerError
  }
}
