import BudgetVsActual
import CategoryTotals
import EventLog
import Foundation
import LedgerDomain
import Notifications
import ProjectionEngine
import RunningBalances
import Schedules
import Synchronization
import TransactionIndex

/// An open ledger: the event log plus the state the rules need, kept in step with it.
///
/// Every front end (CLI, HTTP server) goes through ``execute(_:metadata:idempotencyKey:)``:
/// the command is decided against the current state *inside* the log's write transaction,
/// so two commands can never both pass a rule that only one of them may (unique names,
/// non-overlapping periods, closed periods), even when they come from different processes.
public final class Ledger: Sendable {
  /// How a ledger is opened.
  public struct Options: Sendable {
    public var log: EventLog.Options
    /// Today's date in the user's calendar; transactions may not be dated after it.
    public var today: @Sendable () -> CivilDate
    /// The read models kept in step with the log.
    public var projectors: [any Projector]
    /// On a device, what sends each change to the hub at once while it is reachable
    /// (``CommandForwarder``); without one, changes wait in the outbox for `budget sync`.
    public var forwarder: (any CommandForwarder)?
    /// The least time between two stores of the rules' state by a busy writer (its first
    /// commit always stores it). Zero, the default, stores it in every commit: a command-line
    /// process leaves it at the head. A server sets ``serverStateStoreInterval``. See
    /// ``SnapshotSchedule``.
    public var stateStoreInterval: Duration

    /// What a server sets ``stateStoreInterval`` to: under a steady load of group commits the
    /// state is then stored twice a second rather than in every commit.
    public static let serverStateStoreInterval: Duration = .milliseconds(500)

    public init(
      log: EventLog.Options = .init(), today: @escaping @Sendable () -> CivilDate = Ledger.localToday,
      projectors: [any Projector] = Ledger.standardProjectors, forwarder: (any CommandForwarder)? = nil,
      stateStoreInterval: Duration = .zero
    ) {
      self.log = log
      self.today = today
      self.projectors = projectors
      self.forwarder = forwarder
      self.stateStoreInterval = stateStoreInterval
    }
  }

  /// The underlying event log: for this package (tests, tools); front ends go through the
  /// ledger's own methods.
  package let log: EventLog
  /// The read models, updated in the same transaction as each command's events (package
  /// access, as ``log``).
  package let projections: ProjectionEngine
  /// Today's date in the user's calendar (``Options/today``).
  package let today: @Sendable () -> CivilDate
  /// The state as the writer sees it; touched only inside the log's write transactions.
  let writerState: StateCell
  /// The last committed state, for readers.
  let committedState: StateCell
  /// The rules' state stored in the ledger file, and the sources its transactions are read from.
  let keeper: SnapshotKeeper
  /// The schedules read model, decoded once per change (``ScheduleCache``).
  let scheduleCache = ScheduleCache()
  /// On a device, the changes its hub has not accepted yet; `nil` on any other ledger.
  let outbox: Outbox?
  /// On a device online, what sends its changes to the hub at once.
  let forwarder: (any CommandForwarder)?
  /// The ledger's path: the file opened, except on a device that has no working ledger yet,
  /// where the replica is read in its place (``readsReplica``).
  public let path: String
  /// Whether this is a device whose working ledger is not made yet, read from its replica:
  /// every report answers, and the first change makes the working ledger
  /// (``requireWorkingLedger()``), so that nothing of the device's own enters the replica.
  public let readsReplica: Bool

  /// Opens (or creates) the ledger file at `path` and brings every projection up to date
  /// (rebuilding those whose code version changed, or that are behind the log — except while
  /// another process's bulk load has deferred them, see ``ProjectionUpdate/deferred``).
  ///
  /// Opening does not read the history: queries answer from the projections, and the rules'
  /// state is read from its snapshot in the file (``RulesSnapshot``), so a report or a command
  /// on a ledger of millions of events starts in milliseconds. A ledger without a usable
  /// snapshot — written by an older program, or whose snapshot fails its checks — has it
  /// built (or completed) here, once, from the log.
  public init(path: String, options: Options = Options()) async throws(LedgerError) {
    let files = SyncFiles(ledger: path)
    self.path = path
    readsReplica = files.holdsOnlyReplica
    do { log = try EventLog(path: readsReplica ? files.replica : path, options: options.log) } catch {
      throw .log(error)
    }
    do { projections = try ProjectionEngine(projectors: options.projectors, log: log) } catch {
      throw LedgerError(error)
    }
    do {
      keeper = try SnapshotKeeper(
        log: log, schedule: SnapshotSchedule(interval: options.stateStoreInterval), notice: options.log.notice)
    } catch {
      throw LedgerError(error)
    }
    today = options.today
    outbox = files.isDevice ? Outbox(files: files) : nil
    forwarder = files.isDevice ? options.forwarder : nil
    writerState = StateCell(.unloaded)
    committedState = StateCell(.unloaded)
    try await catchUpAbandonedProjections()
    do {
      try await bringSnapshotUpToDate()
    } catch {
      // A full disk, say: the ledger still opens to read (and to free space); the state is
      // then folded in memory from the stored one and the log, and stored by the next write.
      options.log.notice("warning: the rules' state could not be stored (\(error)); it is read from the log meanwhile")
    }
  }

  /// The ledger's settings (name, base currency, …) from its first event, without folding
  /// the history; `nil` before `createLedger`.
  public var settings: LedgerCreated? {
    guard let first = try? log.event(at: 1), first.type == LedgerCreated.typeName,
      case .ledgerCreated(let created)? = try? StoredEvent.decode(first)
    else { return nil }
    return created
  }

  /// The base currency (EUR before the ledger is created).
  public var baseCurrency: Currency { settings?.baseCurrency ?? .eur }

  /// The read models every ledger keeps.
  public static var standardProjectors: [any Projector] {
    [
      RunningBalancesProjector(), CategoryTotalsProjector(), BudgetVsActualProjector(), TransactionIndexProjector(),
      SchedulesProjector(), NotificationsProjector(),
    ]
  }

  /// The last committed state: accounts, categories, periods, transactions and budgets as the
  /// rules see them. Folded from the log on first use (O(history)); kept current after.
  public var state: LedgerState {
    if committedState.takeStaleness() { committedState.withLock { $0 = .unloaded } }
    if let loaded = committedState.withLock({ $0.isLoaded ? $0.state : nil }) { return loaded }
    // Read (or, failing that, folded) outside the lock: the writer takes it after every commit.
    let folded = keeper.readersState()
    return committedState.withLock { current in
      if !current.isLoaded, var folded {
        // Commits made meanwhile were not published into a state that was not loaded.
        Self.foldTail(&folded, of: log)
        current = folded
      }
      return current.state
    }
  }

  /// The log position the committed state reflects (the log's head).
  public var position: UInt64 { (try? log.head().position) ?? 0 }

  /// The whole log folded into state, or `nil` if it cannot be read. From `decodingAside`
  /// events on (and with a second core), the events are decoded on another thread.
  static func fold(_ log: EventLog, decodingAside: UInt64 = decodingAsideThreshold) -> FoldedState? {
    var folded = FoldedState()
    let head = (try? log.head().position) ?? 0
    // Most events of a big ledger add a transaction: size the table once instead of
    // growing (and rehashing) it twenty times on the way to a million.
    folded.state.transactions.reserveCapacity(Int(min(head, 1 << 26)))
    if head >= decodingAside, ProcessInfo.processInfo.activeProcessorCount > 1 {
      return foldDecodingAside(&folded, of: log) ? folded : nil
    }
    return foldTail(&folded, of: log) ? folded : nil
  }

  /// Folds the events after `folded`'s position into it; `false` if the log cannot be read.
  @discardableResult
  static func foldTail(_ folded: inout FoldedState, of log: EventLog) -> Bool {
    do {
      try log.scan(from: folded.position + 1) { view in
        folded.apply(try StoredEvent.decode(view), at: view.position, hash: view.hash)
        return .continue
      }
      return true
    } catch {
      return false
    }
  }

  /// Today's date in this machine's time zone.
  @Sendable public static func localToday() -> CivilDate {
    let now = Date()
    let offset = Int64(TimeZone.current.secondsFromGMT(for: now)) * 1000
    return CivilDate.today(utcMilliseconds: Int64(now.timeIntervalSince1970 * 1000) + offset)
  }
}

/// A lock-protected ``FoldedState`` that closures can share.
final class StateCell: Sendable {
  private let mutex: Mutex<FoldedState>
  /// Set when a newer state could not be handed over because the lock was taken: the state
  /// held is then read afresh on its next use.
  private let stale = Atomic<Bool>(false)

  init(_ state: FoldedState) { mutex = Mutex(state) }

  func withLock<R>(_ body: (inout FoldedState) throws -> R) rethrows -> R {
    try mutex.withLock { try body(&$0) }
  }

  /// Replaces the state with `newer` if it is not behind it — or, if the lock is taken (a
  /// reader reading the log under it may wait for a map resize that waits for the writer,
  /// which calls this), marks the state to be read afresh instead of waiting.
  func offer(_ newer: FoldedState) {
    let taken = mutex.withLockIfAvailable { current in
      if !current.isLoaded || current.position <= newer.position { current = newer }
    }
    if taken == nil { stale.store(true, ordering: .releasing) }
  }

  /// Drops the state, so that its next read reads it afresh — or, if the lock is taken, marks
  /// it to be. For a writer whose state holds many unstored changes (a bulk load's): a state
  /// shared with readers would be copied whole by the writer's next change.
  func drop() {
    if mutex.withLockIfAvailable({ $0 = .unloaded }) == nil { stale.store(true, ordering: .releasing) }
  }

  /// Whether a newer state was offered while the lock was taken (and clears the mark).
  func takeStaleness() -> Bool { stale.exchange(false, ordering: .acquiringAndReleasing) }

  /// A copy of the state, or `nil` if the lock stays taken for about a millisecond (a reader
  /// folding the history holds it for seconds; everyone else for microseconds).
  func copyIfAvailable() -> FoldedState? {
    for _ in 0..<10 {
      if let copy = mutex.withLockIfAvailable({ $0 }) { return copy }
      usleep(100)
    }
    return nil
  }
}

/// A ledger state and the log position (and chain hash) it was folded up to.
struct FoldedState: Sendable {
  var state = LedgerState()
  var position: UInt64 = 0
  var hash = ChainHash.genesis
  /// Set while the writer has taken the state out; a state left this way is rebuilt.
  var isTaken = false
  /// `false` until the history has been folded (readers fold lazily).
  var isLoaded = true
  /// The stamp of the stored snapshot this state was read from or last stored as (``SnapshotHeader/stamp``):
  /// the writer's state is in step with the file only while the file's snapshot bears it — a
  /// transaction rolled back after storing the state leaves the file's older stamp.
  var snapshotStamp: UInt64?

  /// A state whose history is still to be folded.
  static var unloaded: FoldedState {
    var state = FoldedState()
    state.isLoaded = false
    return state
  }

  /// The position of the stored snapshot that bears ``snapshotStamp``.
  var snapshotPosition: UInt64?
  /// When this state was last stored (``RulesSnapshot/store(_:in:)``); `nil` if it was read
  /// from the file, or never stored, in this process.
  var storedAt: ContinuousClock.Instant?
  /// Whether the transaction being built stores the state whatever the schedule says (one
  /// that brings it up to date on purpose: an opening, the end of a bulk load).
  var storeDue = false
  /// When a write transaction last changed this state, for a store once the writer is quiet.
  var changedAt: ContinuousClock.Instant?
  /// Transactions added since a stored snapshot's index of ids' tails was known to hold them
  /// (``RulesSnapshot/store(_:in:)``): a bulk load's until its end, and a busy writer's until
  /// its next store (``SnapshotSchedule``).
  var unindexed: [TransactionID] = []

  /// Folds `event` into the state (the position is the caller's to move).
  mutating func fold(_ event: LedgerEvent) {
    state.apply(event)
    if case .transactionAdded(let added) = event { unindexed.append(added.transaction) }
  }

  /// Folds a bulk load's new transaction without keeping its record in memory: the writer
  /// reads it from its stream once its transaction has committed (the table's position is
  /// moved past it then, ``SnapshotKeeper/synchronize(_:with:)``). Until that commit a lookup
  /// of the id through this state finds nothing — an id minted by the load in the same
  /// transaction, which no other request of it can know.
  mutating func foldNewTransaction(_ added: TransactionAdded) {
    state.applyAddition(withoutRecord: added)
    unindexed.append(added.transaction)
  }

  mutating func apply(_ event: LedgerEvent, at position: UInt64, hash: ChainHash) {
    fold(event)
    self.position = position
    self.hash = hash
  }

}
