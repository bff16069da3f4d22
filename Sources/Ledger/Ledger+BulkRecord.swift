import EventLog
import LedgerDomain
import ProjectionEngine
import Synchronization

extension Ledger {
  /// Starts a bulk load of new transactions (see ``BulkLoad``): takes the writer's state, at
  /// the log's head, for the load to decide its rows against. Commands run meanwhile fold
  /// their state afresh; ``finish(_:)`` hands it back.
  ///
  /// - Parameter rebuildingProjections: the load's batches will defer the read models
  ///   (``ProjectionUpdate/deferred``): rebuild them from its events as they commit, on the
  ///   core the load leaves idle (``LiveRebuild``), for ``catchUpProjections(after:progress:)``.
  /// - Parameter keepingState: fold the load's rows into its state, to hand the state back to
  ///   the writer at the end. A process that ends with the load (the `budget import` command)
  ///   passes `false`: it never reads that state, and a million transactions in it cost time
  ///   and memory. The rules do not need them: what they bound across transactions (the
  ///   ledger's turnover) is still counted, and a row's id already in use is refused by the
  ///   log (its stream exists).
  /// - Parameter expectedRows: about how many rows the load brings (0: unknown), for the room
  ///   the rebuilt read models' tables get.
  package func beginBulkLoad(
    metadata: EventMetadata = .init(), rebuildingProjections: Bool = false, keepingState: Bool = true,
    expectedRows: Int = 0
  ) async throws(LedgerError) -> BulkLoad {
    guard outbox == nil else {
      throw .sync(
        .wrongRole(
          "this ledger is a device of a hub, and an import on a device is not synced yet: import the file on the hub (budget import csv FILE --account ACCOUNT --ledger HUB, or POST /api/v1/import/csv), then budget sync"
        ))
    }
    let metadata = Self.correlated(metadata)
    let writerState = self.writerState
    let keeper = self.keeper
    var taken: FoldedState
    do {
      taken = try await log.transact(weight: 0) { session in
        try Self.withWriterState(writerState, at: session, keeper: keeper) { _ in }.state
      }
    } catch {
      throw LedgerError(error)
    }
    // The load decides off the writer's thread, which alone may read through the writer's
    // transaction: its copy looks up no stored transaction (an id already in use is refused by
    // the log: its stream exists), only the rows it folds itself.
    taken.state.transactions.read(from: nil)
    let rebuild: LiveRebuild?
    do {
      rebuild = rebuildingProjections ? try projections.startLiveRebuild(expectingEvents: expectedRows) : nil
    } catch {
      throw LedgerError(error)
    }
    return BulkLoad(folded: taken, foldsRows: keepingState, metadata: metadata, today: today, rebuild: rebuild)
  }

  /// Records a batch ``BulkLoad/prepare(_:)`` made, in one write transaction — all that succeed
  /// commit together, one fsync — and returns each row's outcome, in order, as
  /// ``execute(batch:metadata:projecting:)`` would.
  ///
  /// - Parameter projecting: whether the read models fold the batch now or only at the next
  ///   rebuild (see ``ProjectionUpdate``).
  package func record(
    _ batch: PreparedBatch, projecting: ProjectionUpdate = .inline
  ) async throws(LedgerError) -> [Result<CommandOutcome, LedgerError>] {
    guard !batch.rows.isEmpty else { return [] }
    let tracker = batch.tracker
    if !tracker.progress.withLock({ $0.stale }) {
      let committedState = self.committedState
      let writerState = self.writerState
      let keeper = self.keeper
      let projections = self.projections
      let recorded: [Result<Decided, LedgerError>]?
      do {
        recorded = try await log.transact(weight: 16 * batch.count) { session -> PreparedRecord? in
          let expected = tracker.progress.withLock { $0.head }
          // Another writer since the last batch: the load's decisions may be stale.
          guard session.head.position == expected.position, session.head.hash == expected.hash else { return nil }
          // The rules' state takes the rows too; it is stored at the load's end.
          let record = try Self.withWriterState(writerState, at: session, keeper: keeper, storing: false) {
            folded in
            let outcomes = try session.append(batch.appends)
            let record = try Self.results(of: batch, outcomes: outcomes, session: session)
            for index in record.appended.indices {
              if case .transactionAdded(let added) = record.appended[index].event {
                folded.foldNewTransaction(added)
              } else {
                folded.fold(record.appended[index].event)
              }
            }
            folded.position = session.head.position
            folded.hash = session.head.hash
            return record
          }.result
          switch projecting {
          case .inline: try projections.apply(record.appended, in: session)
          case .deferred: try projections.recordWithoutFolding(record.appended, in: session)
          }
          return PreparedRecord(
            results: record.results, head: (session.head.position, session.head.hash), diverged: record.diverged,
            appended: projecting == .deferred && tracker.rebuild != nil ? record.appended : [],
            commitStart: session.firstPosition)
        } afterCommit: { record in
          // Only now: a transaction run again (after the map grew) must see the head it expects.
          tracker.progress.withLock { progress in
            if let record {
              progress.head = record.head
              progress.diverged = progress.diverged || record.diverged
            } else {
              progress.stale = true
              progress.diverged = true
            }
          }
          if let record {
            // Readers read the state afresh when they next ask: handed the writer's, holding the
            // load's unstored rows, it would be copied whole by the next batch.
            committedState.drop()
            tracker.rebuild?.feed(record.appended, commitStart: record.commitStart)
          }
        }?.results
      } catch {
        throw LedgerError(error)
      }
      if let recorded { return recorded.map { $0.map(\.outcome) } }
    }
    let commands = batch.rows.map { BatchCommand(.addTransaction($0.transaction), idempotencyKey: $0.idempotencyKey) }
    return try await execute(batch: commands, metadata: batch.metadata, projecting: projecting)
  }

  /// Ends a bulk load: frees its copy of the state, and stores the rules' state with the rows
  /// the writer took from its batches (left unstored until now, see
  /// ``withWriterState(_:at:keeper:storing:_:)``) in one transaction. If that fails, the rows
  /// stay in the log and the next command or opening stores them.
  package func finish(_ load: inout BulkLoad) async {
    load.folded = FoldedState()
    try? await prepareWriter()
  }

  /// What a prepared batch's transaction did: the outcomes, the head after it, and whether a
  /// row the load folded into its state was not appended.
  struct PreparedRecord: Sendable {
    var results: [Result<Decided, LedgerError>]
    var head: (position: UInt64, hash: ChainHash)
    var diverged: Bool
    /// For the load's rebuild: the events appended, and where the commit began.
    var appended: [(event: LedgerEvent, point: LogPoint)]
    var commitStart: UInt64
  }

  /// Each row's outcome from the plan and what the log did with its entries, with the events
  /// appended (for the read models).
  private static func results(
    of batch: PreparedBatch, outcomes: [PreparedOutcome], session: LogWriteSession
  ) throws -> (
    results: [Result<Decided, LedgerError>], appended: [(event: LedgerEvent, point: LogPoint)], diverged: Bool
  ) {
    var results: [Result<Decided, LedgerError>] = []
    results.reserveCapacity(batch.plan.count)
    var appended: [(event: LedgerEvent, point: LogPoint)] = []
    appended.reserveCapacity(batch.plan.count)
    var diverged = false
    var next = 0
    let hash = session.head.hash
    let recordedAt = session.head.recordedAt
    // By index: a row is copied only where its stream is named.
    for index in batch.plan.indices {
      switch batch.plan[index] {
      case .append(let event):
        switch outcomes[next] {
        case .appended(let position):
          appended.append((event, LogPoint(position: position, recordedAt: recordedAt)))
          results.append(
            .success(
              Decided(
                outcome: CommandOutcome(events: [event], positions: position...position, wasDuplicate: false),
                hash: hash)))
        case .duplicate(let positions):
          diverged = true
          results.append(
            .success(Decided(outcome: CommandOutcome(events: [], positions: positions, wasDuplicate: true), hash: hash))
          )
        case .streamExists(let version):
          diverged = true
          results.append(
            .failure(
              .log(
                .wrongExpectedVersion(
                  stream: batch.rows[index].transaction.transaction.stream, expected: .noStream, actual: version))
            ))
        case .keyNotRecorded:
          throw LedgerError.log(.corruptRecord(position: 0, reason: "the log answered a key lookup for an append"))
        }
      case .checkKey(let error):
        switch outcomes[next] {
        case .duplicate(let positions):
          results.append(
            .success(Decided(outcome: CommandOutcome(events: [], positions: positions, wasDuplicate: true), hash: hash))
          )
        default:
          results.append(.failure(error))
        }
      }
      next += 1
    }
    return (results, appended, diverged)
  }
}

extension Ledger {
  /// Brings the read models a bulk load deferred up to the log: through the load's own
  /// rebuild, fed as it went (``beginBulkLoad(metadata:rebuildingProjections:)``), else — or
  /// if that fails — by an ordinary rebuild of what is behind. Returns the names rebuilt.
  @discardableResult
  package func catchUpProjections(
    after load: BulkLoad, progress: (@Sendable (ProjectionProgress) -> Void)? = nil
  ) async throws(LedgerError) -> [String] {
    if let rebuild = load.tracker.rebuild {
      do {
        // A load that recorded nothing (every row skipped or refused) left nothing behind.
        guard try !projections.staleProjectors().isEmpty else {
          rebuild.cancel()
          return []
        }
        return try await rebuild.finish(through: try log.head().position, progress: progress)
      } catch {
        rebuild.cancel()
      }
    }
    return try await catchUpProjections(progress: progress)
  }

  /// Gives up a batch ``BulkLoad/prepare(_:)`` made that will not be recorded (the load stops
  /// early): the load's state then holds rows the log does not, and ``finish(_:)`` does not
  /// hand it back to the writer.
  package func abandon(_ batch: PreparedBatch) {
    batch.tracker.progress.withLock { $0.diverged = true }
  }

  /// Stops a bulk load's rebuild without finishing it (the load failed before its end; the
  /// read models are caught up the ordinary way).
  package func abandonProjections(of load: BulkLoad) {
    load.tracker.rebuild?.cancel()
  }
}
