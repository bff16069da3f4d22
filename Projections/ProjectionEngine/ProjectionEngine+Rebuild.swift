import Dispatch
import EventLog
import LMDB
import LedgerDomain
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How far a rebuild or verification has come.
public struct ProjectionProgress: Sendable {
  public var done: UInt64
  public var total: UInt64
  public var eventsPerSecond: Double
  /// Seconds left at the current rate.
  public var secondsLeft: Double { eventsPerSecond > 0 ? Double(total - done) / eventsPerSecond : 0 }
}

extension ProjectionEngine {
  /// Rebuilds `names` (default: every projector that is missing, of another version, or
  /// behind) by re-projection, blue/green: the log is folded in memory from a snapshot, the
  /// rows are written to a new generation of tables, the events appended meanwhile are folded
  /// in, and the new generation replaces the old in one transaction. Appends go on while the
  /// log is folded. Returns the names rebuilt.
  @discardableResult
  public func rebuild(
    _ names: [String]? = nil, progress: (@Sendable (ProjectionProgress) -> Void)? = nil
  ) async throws -> [String] {
    let selected = try names ?? staleProjectors()
    for name in selected where projectors[name] == nil {
      throw ProjectionError.unknownProjector(name, known: self.names)
    }
    guard !selected.isEmpty else { return [] }
    let chosen = selected.compactMap { projectors[$0] }
    let (stores, snapshot) = try fold(chosen, progress: progress)
    // Room for the new generation beside the old one (both live until the switch commits),
    // with slack for half-full pages: a map that fills mid-write would run it all again.
    let bytes = stores.values.reduce(0) { $0 + $1.byteCount }
    try log.environment.reserveRoom(forBytes: bytes * 2 + (64 << 20))
    let catalog = self.catalog
    let commits = self.commits
    let switched: [String: LiveTables] = try await log.transact(weight: Int(min(snapshot, 1_000_000))) { session in
      var switched: [String: LiveTables] = [:]
      let txn = session.transaction
      for projector in chosen {
        let previous = try txn.get(projector.name, in: catalog).flatMap(CatalogEntry.init)
        let generation = (previous?.generation ?? 0) + 1
        let entry = CatalogEntry(version: projector.version, generation: generation, checkpoint: session.head.position)
        var tables = try Self.openTables(of: projector, generation: generation, entry: entry, in: txn)
        for spec in projector.tables {
          let database = tables.tables[spec.name]!.database
          try txn.clear(database)  // leftovers of an interrupted rebuild
          try stores[projector.name]!.forEachSortedRow(of: spec.name) { key, value in
            try txn.put(value, for: key, in: database, flags: .append)
          }
        }
        // Fold what was appended since the snapshot (versioned by its own commits), then switch.
        var store = LMDBProjectionStore(txn: txn, tables: tables.tables)
        var walker = CommitBoundaries.Walker(try CommitBoundaries.load(after: snapshot, in: txn, database: commits))
        let reader = session
        try session.scan(after: snapshot) { view in
          let event = try BeforeImages.completing(
            LedgerEvent.decode(typeBytes: view.typeBytes, schemaVersion: view.schemaVersion, payload: view.payload),
            at: view.position
          ) { try reader.read(stream: $0, limit: .max) }
          store.commitStart = walker.commitStart(of: view.position)
          try projector.apply(event, at: LogPoint(position: view.position, recordedAt: view.recordedAt), into: &store)
        }
        try txn.put(entry.encoded, for: projector.name, in: catalog)
        // The previous generation is emptied (a reader's snapshot may still name it); the ones
        // before were emptied by earlier rebuilds, and no snapshot a reader can still hold
        // names them: they are dropped, so that names and handles do not pile up (LMDB allows
        // 256 open tables per process). Both cover every stored table, also those the new
        // version no longer has.
        for table in try Self.storedTables(of: projector.name, in: txn) where table.generation < generation {
          let database = try txn.openDatabase(named: table.name)
          if table.generation == previous?.generation { try txn.clear(database) } else { try txn.drop(database) }
        }
        tables.entry = entry
        switched[projector.name] = tables
      }
      return switched
    } afterCommit: { [live] switched in
      // On the writer, before any later append: inline updates go to the new tables at once.
      live.withLock { live in live.merge(switched) { $1 } }
    }
    _ = switched
    return selected
  }

  /// Every table of `projector` in the file, of any generation — also tables of an earlier
  /// version that the current one no longer has — read from LMDB's own list of named tables.
  package static func storedTables(
    of projector: String, in txn: WriteTransaction
  ) throws
    -> [(name: String, generation: Int)]
  {
    let prefix = Array("p.\(projector).".utf8)
    let names = try txn.openDatabase(named: nil)
    var tables: [(name: String, generation: Int)] = []
    try txn.withCursor(on: names) { cursor in
      var entry = try cursor.seek(atLeast: prefix)
      while let current = entry, current.key.starts(with: prefix) {
        // `p.<projector>.<table>.g<generation>`
        let name = String(decoding: current.key, as: UTF8.self)
        if let last = name.split(separator: ".").last, last.first == "g", let generation = Int(last.dropFirst()) {
          tables.append((name, generation))
        }
        entry = try cursor.next()
      }
    }
    return tables
  }

  /// Folds the log from position 1 to its head into one memory store per projector. The
  /// projectors fold side by side, one pass over the log per core, each pass folding a share
  /// of them of about equal cost (``passes(for:cores:)``): a projector reads only its own
  /// tables, so they share nothing but the (read-only) log, and a pass reads and decodes each
  /// event once for all of its projectors.
  func fold(
    _ chosen: [any Projector], progress: (@Sendable (ProjectionProgress) -> Void)?
  ) throws -> (stores: [String: MemoryProjectionStore], snapshot: UInt64) {
    // The head and the commits that make it up, in one snapshot: the fold stops at that head,
    // which is a commit boundary, and versions rows by the same commits the inline path did.
    // Later snapshots hold the same events up to that head, so each pass may take its own.
    let commits = self.commits
    let (total, boundaries) = try log.environment.read { txn in
      (try log.head(in: txn).position, try CommitBoundaries.load(after: 0, in: txn, database: commits))
    }
    let passes = Self.passes(for: chosen, cores: Self.cores)
    let results = Mutex<[Int: Result<[MemoryProjectionStore], any Error>]>([:])
    let folded = FoldCounter()
    let start = ContinuousClock.now
    let passCount = UInt64(passes.count)
    var report: (@Sendable (UInt64) -> Void)?
    if let progress {
      report = { @Sendable step in
        let done = folded.events.add(step, ordering: .relaxed).newValue / passCount
        let elapsed = (ContinuousClock.now - start) / .seconds(1)
        progress(
          ProjectionProgress(done: done, total: total, eventsPerSecond: elapsed > 0 ? Double(done) / elapsed : 0))
      }
    }
    let reportProgress = report
    DispatchQueue.concurrentPerform(iterations: passes.count) { pass in
      let result: Result<[MemoryProjectionStore], any Error>
      do {
        result = .success(
          try self.fold(
            passes[pass].map { chosen[$0] }, upTo: total, commits: boundaries, report: reportProgress, stop: folded))
      } catch {
        folded.failed.store(true, ordering: .relaxed)  // the other passes stop too
        result = .failure(error)
      }
      results.withLock { $0[pass] = result }
    }
    let outcomes = results.withLock { $0 }
    // The failure that stopped the rebuild, not the passes it stopped.
    for case .failure(let error) in outcomes.values where (error as? ProjectionError) != .rebuildAbandoned {
      throw error
    }
    var stores: [String: MemoryProjectionStore] = [:]
    for (pass, members) in passes.enumerated() {
      for (index, store) in zip(members, try outcomes[pass]!.get()) { stores[chosen[index].name] = store }
    }
    return (stores, total)
  }

  /// The processors this process may run on.
  static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

  /// Splits `projectors` into at most `cores` passes of about equal cost (by
  /// ``Projector/relativeFoldCost``; the costliest first, each to the cheapest pass so far).
  /// Returns each pass's indices into `projectors`.
  package static func passes(for projectors: [any Projector], cores: Int) -> [[Int]] {
    var passes = [[Int]](repeating: [], count: max(1, min(cores, projectors.count)))
    var costs = [Int](repeating: 0, count: passes.count)
    let costliestFirst = projectors.indices.sorted { projectors[$0].relativeFoldCost > projectors[$1].relativeFoldCost }
    for index in costliestFirst {
      let cheapest = costs.indices.min { costs[$0] < costs[$1] }!
      passes[cheapest].append(index)
      costs[cheapest] += projectors[index].relativeFoldCost
    }
    return passes.filter { !$0.isEmpty }
  }

  /// One pass over the log up to `total`, folding each event into each of `projectors`.
  private func fold(
    _ projectors: [any Projector], upTo total: UInt64, commits: [UInt64: UInt64],
    report: (@Sendable (UInt64) -> Void)?, stop: FoldCounter
  ) throws -> [MemoryProjectionStore] {
    var stores = projectors.map(MemoryProjectionStore.init(for:))
    // One read transaction for the scan and the streams that complete old events.
    try log.environment.read { txn in
      try fold(projectors, into: &stores, upTo: total, commits: commits, report: report, stop: stop, in: txn)
    }
    // Sealing sorts millions of rows: all cores help, since the other passes are mostly
    // done by the time the costliest one ends.
    for index in stores.indices { stores[index].seal(ways: Self.cores) }
    return stores
  }

  /// The pass's scan, in `txn`.
  private func fold(
    _ projectors: [any Projector], into stores: inout [MemoryProjectionStore], upTo total: UInt64,
    commits: [UInt64: UInt64], report: (@Sendable (UInt64) -> Void)?, stop: FoldCounter, in txn: ReadTransaction
  ) throws {
    var walker = CommitBoundaries.Walker(commits)
    let step: UInt64 = 50_000
    try log.scan(from: 1, in: txn) { view in
      guard view.position <= total else { return .stop }
      let event = try BeforeImages.completing(
        LedgerEvent.decode(typeBytes: view.typeBytes, schemaVersion: view.schemaVersion, payload: view.payload),
        at: view.position
      ) { try log.read(stream: $0, limit: .max, in: txn) }
      let commitStart = walker.commitStart(of: view.position)
      let point = LogPoint(position: view.position, recordedAt: view.recordedAt)
      for index in projectors.indices {
        stores[index].commitStart = commitStart
        try projectors[index].apply(event, at: point, into: &stores[index])
      }
      if view.position % step == 0 {
        if stop.failed.load(ordering: .relaxed) { throw ProjectionError.rebuildAbandoned }
        report?(step)
      }
      return .continue
    }
  }
}

/// Events folded so far by all passes of a rebuild, for its progress reports, and whether a
/// pass failed (the others then stop early: the rebuild fails anyway).
private final class FoldCounter: Sendable {
  let events = Atomic<UInt64>(0)
  let failed = Atomic<Bool>(false)
}
