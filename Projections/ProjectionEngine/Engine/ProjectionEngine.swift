import EventLog
import LMDB
import LedgerDomain
import Synchronization

/// Keeps every projector's tables equal to the fold of the log.
///
/// - **Inline**: ``apply(_:in:)`` runs inside the log's write transaction, right after the
///   append, and moves each projector's checkpoint in the same transaction — exactly once,
///   read-your-writes, no gaps.
/// - **Rebuild** (blue/green): a projector whose code version differs from the stored one (or
///   that is asked to) is folded afresh into new tables, which replace the old ones in one
///   transaction; the old tables are dropped in it.
/// - **Verify deep**: fold the log in memory and compare with the stored rows.
public final class ProjectionEngine: Sendable {
  /// The projectors, by name.
  public let projectors: [String: any Projector]
  /// Names in registration order.
  public let names: [String]
  let log: EventLog
  let catalog: Database
  /// Which events were committed together (``CommitBoundaries``).
  let commits: Database
  let live: LiveCell

  /// Opens the catalog and each projector's live tables. Projectors that are missing, of
  /// another version, or behind the log are listed by ``staleProjectors()``.
  public init(projectors: [any Projector], log: EventLog) throws {
    self.projectors = Dictionary(uniqueKeysWithValues: projectors.map { ($0.name, $0) })
    self.names = projectors.map(\.name)
    self.log = log
    let environment = log.environment
    let (catalog, commits, live) = try environment.write { txn in
      let catalog = try txn.openDatabase(named: "projections", flags: .create)
      let commits = try txn.openDatabase(named: CommitBoundaries.tableName, flags: .create)
      var live: [String: LiveTables] = [:]
      for projector in projectors {
        guard let stored = try txn.get(projector.name, in: catalog), let entry = CatalogEntry(stored) else { continue }
        live[projector.name] = try Self.openTables(of: projector, generation: entry.generation, entry: entry, in: txn)
      }
      return (catalog, commits, live)
    }
    self.catalog = catalog
    self.commits = commits
    self.live = LiveCell(live)
  }

  static func openTables(
    of projector: any Projector, generation: Int, entry: CatalogEntry, in txn: WriteTransaction
  ) throws -> LiveTables {
    var tables: [String: (database: Database, keySize: Int)] = [:]
    for spec in projector.tables {
      let name = CatalogEntry.tableName(projector: projector.name, table: spec.name, generation: generation)
      tables[spec.name] = (try txn.openDatabase(named: name, flags: .create), spec.keySize)
    }
    return LiveTables(entry: entry, tables: tables)
  }

  // MARK: Inline

  /// Folds freshly appended `events` into every up-to-date projector, inside the session's
  /// transaction, and moves their checkpoints in the same transaction. A projector that is not
  /// at the position just before `events` (missing, of another version, or being rebuilt) is
  /// skipped; it catches up when it is rebuilt.
  ///
  /// Every call in one write transaction is one commit: rows it changes get one version, at
  /// the transaction's first position, and the commit's extent is recorded so that rebuilds
  /// and deep verification version rows the same way (``CommitBoundaries``).
  public func apply(_ events: [(event: LedgerEvent, point: LogPoint)], in session: LogWriteSession) throws {
    guard let last = events.last?.point.position else { return }
    try CommitBoundaries.record(first: session.firstPosition, last: last, in: session.transaction, database: commits)
    let completed = try BeforeImages.completing(events) { try session.read(stream: $0, limit: .max) }
    try apply(completed, in: session.transaction, commitStart: session.firstPosition)
  }

  /// Records the commit of freshly appended `events` without folding them: every projector
  /// falls behind the log (``staleProjectors()``) until ``rebuild(_:progress:)`` re-projects
  /// it. For bulk loads — an import that several times outgrows the ledger, a restore — where
  /// one rebuild at the end, folded in memory on every core and written in key order, costs
  /// less than folding each batch into the tables inline on the single writer. The commit's
  /// extent is recorded as ``apply(_:in:)`` records it, so the rebuilt rows are versioned
  /// exactly as inline folding would have versioned them.
  ///
  /// Marks the catalog with this process (``BulkLoadMarker``), so that another process opening
  /// the ledger meanwhile does not rebuild what this one will; the rebuild that brings every
  /// projector to the head removes the mark.
  public func recordWithoutFolding(
    _ events: [(event: LedgerEvent, point: LogPoint)], in session: LogWriteSession
  ) throws {
    guard let last = events.last?.point.position else { return }
    try CommitBoundaries.record(first: session.firstPosition, last: last, in: session.transaction, database: commits)
    let marker = BulkLoadMarker.currentProcess
    if try BulkLoadMarker.stored(in: session.transaction, catalog: catalog) != marker {
      try marker.store(in: session.transaction, catalog: catalog)
    }
  }

  /// Records `marker` as if its process had deferred the projections (tests).
  package func store(_ marker: BulkLoadMarker) async throws {
    let catalog = self.catalog
    _ = try await log.transact { session in try marker.store(in: session.transaction, catalog: catalog) }
  }

  /// The process whose bulk load has deferred the projections, if any.
  package func bulkLoadMarker() throws -> BulkLoadMarker? {
    try log.environment.read { txn in try BulkLoadMarker.stored(in: txn, catalog: catalog) }
  }

  func apply(
    _ events: [(event: LedgerEvent, point: LogPoint)], in txn: WriteTransaction, commitStart: UInt64
  ) throws {
    guard let first = events.first?.point.position, let last = events.last?.point.position else { return }
    let live = self.live.withLock { $0 }
    for name in names {
      guard let projector = projectors[name], var tables = live[name],
        let stored = try txn.get(name, in: catalog), var entry = CatalogEntry(stored),
        entry.version == projector.version, entry.checkpoint == first - 1
      else { continue }
      if entry.generation != tables.entry.generation {
        // A rebuild switched generations earlier in this same group commit; its tables are
        // published only after the commit, so open them here rather than skip the events.
        tables = try Self.openTables(of: projector, generation: entry.generation, entry: entry, in: txn)
      }
      try LMDBProjectionStore.with(txn: txn, tables: tables.tables) { store in
        store.commitStart = commitStart
        // By index: destructuring each element would copy the event (a retain per payload field).
        for index in events.indices { try projector.apply(events[index].event, at: events[index].point, into: &store) }
      }
      entry.checkpoint = last
      try txn.put(entry.encoded, for: name, in: catalog)
    }
  }

  /// The stored catalog entry of each projector, as of now.
  public func catalogEntries() throws -> [String: CatalogEntry] {
    try log.environment.read { txn in
      var entries: [String: CatalogEntry] = [:]
      for name in names {
        if let stored = try txn.get(name, in: catalog), let entry = CatalogEntry(stored) { entries[name] = entry }
      }
      return entries
    }
  }

  /// Projectors that cannot answer at all: their tables are missing or of another version.
  /// (One that is only behind answers as of its checkpoint.)
  public func unusableProjectors() throws -> [String] {
    let entries = try catalogEntries()
    return names.filter { name in entries[name].map { $0.version != projectors[name]!.version } ?? true }
  }

  /// Projectors whose tables are missing, of another version, or not at the log's head.
  ///
  /// - Parameter sparingLiveBulkLoad: leave out projectors that are only behind while the
  ///   process whose bulk load deferred them still runs (``BulkLoadMarker``): it rebuilds them
  ///   when it ends. What opening a ledger rebuilds.
  public func staleProjectors(sparingLiveBulkLoad: Bool = false) throws -> [String] {
    let head = try log.head().position
    let entries = try catalogEntries()
    let spare = try sparingLiveBulkLoad && (bulkLoadMarker()?.isAlive ?? false)
    return names.filter { name in
      guard let entry = entries[name] else { return true }
      if entry.version != projectors[name]!.version { return true }
      return entry.checkpoint != head && !spare
    }
  }
}

/// The live tables of every projector, shared with closures that run on the writer.
final class LiveCell: Sendable {
  private let mutex: Mutex<[String: LiveTables]>

  init(_ tables: [String: LiveTables]) { mutex = Mutex(tables) }

  func withLock<R>(_ body: (inout [String: LiveTables]) throws -> R) rethrows -> R {
    try mutex.withLock { try body(&$0) }
  }
}
