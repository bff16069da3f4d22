import EventLog
import LMDB
import LedgerDomain

/// Keeps the rules' state and its stored snapshot (``RulesSnapshot``) in step with the log:
/// the writer's state is read from the snapshot when it is not at the head, and stored back in
/// the same transaction as every command's events.
struct SnapshotKeeper: Sendable {
  let log: EventLog
  let snapshot: RulesSnapshot
  /// The writer's source of stored transactions, bound to its write transaction.
  let writerSource: StoredTransactions
  /// Everyone else's: reads in read transactions of its own.
  let readerSource: StoredTransactions
  /// Where warnings go (a snapshot found unusable and rebuilt).
  let notice: @Sendable (String) -> Void
  /// When the writer stores the state.
  let schedule: SnapshotSchedule

  init(log: EventLog, schedule: SnapshotSchedule, notice: @escaping @Sendable (String) -> Void) throws {
    self.log = log
    self.schedule = schedule
    self.notice = notice
    snapshot = try RulesSnapshot.open(in: log.environment)
    writerSource = StoredTransactions(log: log, snapshot: snapshot)
    readerSource = StoredTransactions(log: log, snapshot: snapshot)
  }

  /// Makes `folded` the state at the head `session` sees, reading its transactions through
  /// the session: unchanged if it is there already and the file's snapshot is the one it last
  /// stored or read (a rolled-back transaction leaves an older one); else the stored snapshot with the events
  /// after it folded in; else — no snapshot, or one that fails its checks (said in a notice) —
  /// the whole log folded and stored as the new snapshot.
  func synchronize(_ folded: inout FoldedState, with session: LogWriteSession) throws {
    let head = session.head
    let txn = session.transaction
    // In step: at the head, and the file's snapshot is the one it read or stored last (it may
    // hold unstored changes since: a bulk load's, stored at its end).
    if !folded.isTaken, folded.isLoaded, folded.position == head.position, folded.hash == head.hash,
      let stamp = folded.snapshotStamp, try snapshot.storedStamp(in: txn) == stamp
    {
      // Everything it reflects was committed before this transaction began: the log's
      // streams, which the source reads, hold its changes now (an earlier command of the same
      // transaction leaves them in memory: their streams are written as it commits), and the
      // index holds its ids if the snapshot was stored at its position (a bulk load's are
      // indexed at its end).
      if folded.position < session.firstPosition {
        folded.state.transactions.settle(through: folded.position)
        if folded.snapshotPosition == folded.position { folded.unindexed = [] }
      }
      return
    }
    switch try snapshot.load(in: txn, log: log, head: head.position, source: writerSource) {
    case .usable(let stored):
      folded = stored
      try session.scan(after: folded.position) { view in
        folded.apply(try StoredEvent.decode(view), at: view.position, hash: view.hash)
      }
    case .missing:
      try rebuild(&folded, with: session)
    case .unusable(let reason):
      notice("warning: the rules' stored state was not used (\(reason)); it is rebuilt from the log")
      try rebuild(&folded, with: session)
    }
  }

  /// Folds the whole log as `session` sees it into `folded` and stores it as the snapshot.
  /// Returns how many transactions it holds.
  @discardableResult
  func rebuild(_ folded: inout FoldedState, with session: LogWriteSession) throws -> Int {
    folded = FoldedState()
    folded.state.transactions.reserveCapacity(Int(min(session.head.position, 1 << 26)))
    try session.scan(after: 0) { view in
      folded.apply(try StoredEvent.decode(view), at: view.position, hash: view.hash)
    }
    try snapshot.replace(with: &folded, source: writerSource, in: session.transaction)
    // Every transaction is in its memory until the next transaction settles them.
    return folded.state.transactions.changes.count
  }

  /// The state for readers: the stored snapshot with the events after it folded in (it is
  /// behind only when a program without snapshots wrote since), or — when there is no usable
  /// one — the whole log folded in memory. `nil` if the log cannot be read.
  func readersState() -> FoldedState? {
    let stored: FoldedState? = try? log.environment.read { txn in
      let head = try log.head(in: txn)
      guard case .usable(let stored) = try snapshot.load(in: txn, log: log, head: head.position, source: readerSource)
      else { return nil }
      return stored
    }
    guard var stored else { return Ledger.fold(log) }
    return Ledger.foldTail(&stored, of: log) ? stored : nil
  }

  /// `folded` as readers see it: reading stored transactions on their own.
  func forReaders(_ folded: FoldedState) -> FoldedState {
    var folded = folded
    if folded.state.transactions.source != nil { folded.state.transactions.read(from: readerSource) }
    return folded
  }
}
