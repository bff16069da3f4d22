import EventLog
import LedgerDomain
import ProjectionEngine
import Synchronization

/// A bulk load of new transactions — an import of a million rows — recorded at the pace of
/// the writer's storage work rather than of the rules.
///
/// The rules run on the caller's thread: ``prepare(_:)`` decides each row against a private
/// copy of the state (folding in its own decisions), encodes the events and fingerprints them
/// (``PreparedAppends``), and ``Ledger/record(_:projecting:)`` has the writer only store them —
/// so that a caller which prepares the next batch while the writer records this one keeps both
/// cores busy. The outcome of every row is what ``Ledger/execute(batch:metadata:projecting:)``
/// would give for `BatchCommand(.addTransaction(row), idempotencyKey: key)`.
///
/// The private state is the writer's, taken out at ``Ledger/beginBulkLoad(metadata:)`` and
/// handed back by ``Ledger/finish(_:)``. If anything else writes to the log meanwhile — another
/// process, say — the decisions may be stale: the batches from there on are decided again, on
/// the writer, the ordinary way.
package struct BulkLoad: Sendable {
  var folded: FoldedState
  /// Whether the load's rows are folded into its state (see
  /// ``Ledger/beginBulkLoad(metadata:rebuildingProjections:keepingState:)``).
  let foldsRows: Bool
  let metadata: EventMetadata
  /// Today, asked for each batch (as each command asks): a load that runs past midnight takes
  /// rows of the new day.
  let today: @Sendable () -> CivilDate
  let tracker: Tracker

  init(
    folded: FoldedState, foldsRows: Bool, metadata: EventMetadata, today: @escaping @Sendable () -> CivilDate,
    rebuild: LiveRebuild?
  ) {
    self.folded = folded
    self.foldsRows = foldsRows
    self.metadata = metadata
    self.today = today
    self.tracker = Tracker(head: (folded.position, folded.hash), rebuild: rebuild)
    // A state without the load's rows is not the log's once a row is recorded.
    if !foldsRows { tracker.progress.withLock { $0.diverged = true } }
  }

  /// A new transaction to load, and the key that makes loading it again add nothing.
  package struct Row: Sendable {
    package var transaction: AddTransaction
    package var idempotencyKey: IdempotencyKey
    /// The caller found the key recorded (a statement imported again): the row is not decided
    /// — nor counted into the sums the rules bound — and the writer answers it as a duplicate.
    /// A command's key is looked up before its rules run; this is the same order for a load.
    package var isRecorded: Bool

    package init(_ transaction: AddTransaction, idempotencyKey: IdempotencyKey, isRecorded: Bool = false) {
      self.transaction = transaction
      self.idempotencyKey = idempotencyKey
      self.isRecorded = isRecorded
    }
  }

  /// Decides and encodes `rows`, in order, for ``Ledger/record(_:projecting:)``. Each row sees
  /// the rows prepared before it, in this batch and earlier ones.
  package mutating func prepare(_ rows: [Row]) -> PreparedBatch {
    var appends = PreparedAppends(reservingBytes: rows.count * 512)
    var plan: [PreparedBatch.Step] = []
    plan.reserveCapacity(rows.count)
    let context = DecisionContext(today: today())
    // By index: a row is not copied whole to be looked at.
    for index in rows.indices {
      let key = rows[index].idempotencyKey
      if rows[index].isRecorded {
        plan.append(
          .checkKey(.log(.corruptRecord(position: 0, reason: "the key '\(key)' was found recorded, then not"))))
        appends.checkKey(key)
        continue
      }
      // A row the rules or the log refuse is still a duplicate if its key was recorded — as
      // for a command, whose key is looked up first: the writer looks it up.
      func refuse(_ error: LedgerError) {
        appends.checkKey(key)
        plan.append(.checkKey(error))
      }
      // Adding a transaction makes one event that starts a stream of its own (what
      // `decide(.addTransaction(_:))` makes, without the command and the array).
      let event: LedgerEvent
      do throws(DomainError) {
        event = .transactionAdded(try decideAddition(rows[index].transaction, state: folded.state, context: context))
      } catch {
        refuse(.rejected(error))
        continue
      }
      do {
        try appends.append(
          StoredEvent.proposed(event, metadata: metadata), stream: try StreamName(event.stream),
          idempotencyKey: key)
        // Without the rows, the totals the rules bound (the ledger's turnover) still count them.
        if foldsRows { folded.state.apply(event) } else { folded.state.tally(event) }
        plan.append(.append(event))
      } catch {
        refuse(LedgerError(error))
      }
    }
    return PreparedBatch(rows: rows, appends: appends, plan: plan, metadata: metadata, tracker: tracker)
  }

  /// Where the load's batches have brought the log, as the writer saw it after the last one,
  /// and whether the private state still matches it.
  final class Tracker: Sendable {
    struct Progress {
      var head: (position: UInt64, hash: ChainHash)
      /// Set when the private state no longer tells the log's: a prepared row was not
      /// appended, or another writer came between two batches.
      var diverged = false
      /// Set when another writer came between two batches: the private state's decisions may
      /// be stale, so the writer decides the rest.
      var stale = false
    }

    let progress: Mutex<Progress>
    /// The read models' rebuild the load's events feed as they commit, if it defers them.
    let rebuild: LiveRebuild?

    init(head: (position: UInt64, hash: ChainHash), rebuild: LiveRebuild?) {
      progress = Mutex(Progress(head: head))
      self.rebuild = rebuild
    }
  }
}
