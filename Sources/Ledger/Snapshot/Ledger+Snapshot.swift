import EventLog
import LMDB
import LedgerDomain

extension Ledger {
  /// Makes the stored snapshot of the rules' state reflect the log's head, if it does not
  /// (a ledger written by an older program, or a snapshot that fails its checks). One read of
  /// its header when it is current, as it nearly always is: readers read the state itself
  /// when they first ask (``state``), and many commands never do.
  func bringSnapshotUpToDate() async throws(LedgerError) {
    let keeper = self.keeper
    let current: Bool
    do {
      current = try log.environment.read { txn in
        try keeper.snapshot.isCurrent(in: txn, log: log, head: try log.head(in: txn).position)
      }
    } catch {
      throw LedgerError(error)
    }
    if !current { try await prepareWriter() }
  }

  /// Stores the rules' state if a busy writer left it behind the head
  /// (``Options/stateStoreInterval``) and has written nothing for `quiet` since: what a server
  /// does now and then, and as it stops, so that the next process to open the ledger finds it
  /// at the head. Returns whether it stored.
  @discardableResult
  package func storeStateIfBehind(quietFor quiet: Duration = .zero) async throws(LedgerError) -> Bool {
    let behind = writerState.withLock { state in
      state.isLoaded && !state.isTaken && state.snapshotPosition != state.position
        && (state.changedAt.map { ContinuousClock.now - $0 >= quiet } ?? true)
    }
    guard behind else { return false }
    try await prepareWriter()
    return true
  }

  /// The ledger's transactions at the log's head, each read from its stream when asked for,
  /// without reading the rest of the rules' state: for resolving an id a user typed.
  public var transactions: TransactionTable {
    TransactionTable(source: keeper.readerSource, through: position)
  }

  /// Stores `state` — folded from the whole log, every transaction in memory — as the
  /// snapshot at the log's head, replacing what was stored (a restore, which checked the
  /// events it appended by folding them).
  func storeSnapshot(of state: LedgerState) async throws(LedgerError) {
    let keeper = self.keeper
    let writerState = self.writerState
    let committedState = self.committedState
    do {
      _ = try await log.transact(weight: 0) { session in
        var folded = FoldedState(state: state, position: session.head.position, hash: session.head.hash)
        try keeper.snapshot.replace(with: &folded, source: keeper.writerSource, in: session.transaction)
        writerState.withLock { $0 = folded }
        return folded
      } afterCommit: { folded in
        Self.publish(folded, to: committedState, keeper: keeper)
      }
    } catch {
      throw LedgerError(error)
    }
  }

  /// Folds the whole log afresh into the rules' state and stores it as the snapshot,
  /// replacing the stored one — what `budget rebuild` does for the state, as it re-projects
  /// the read models. Returns how many transactions it stored.
  @discardableResult
  public func rebuildRulesState() async throws(LedgerError) -> Int {
    let keeper = self.keeper
    let writerState = self.writerState
    let committedState = self.committedState
    do {
      return try await log.transact(weight: 0) { session in
        try Self.withWriterState(writerState, at: session, keeper: keeper) { folded in
          try keeper.rebuild(&folded, with: session)
        }.result
      } afterCommit: { _ in
        Self.publish(writerState, to: committedState, keeper: keeper)
      }
    } catch {
      throw LedgerError(error)
    }
  }
}
