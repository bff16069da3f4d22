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

extension ProjectionEngine {
  /// Folds the log from position 1 to its head into one memory store per projector. The
  /// projectors fold side by side, one pass over the log per core, each pass folding a share
  /// of them of about equal cost (``passes(for:cores:)``): a projector reads only its own
  /// tables, so they share nothing but the (read-only) log, and a pass reads and decodes each
  /// event once for all of its projectors.
  ///
  /// With `sealing`, each pass hands its stores' tables over to it when its fold ends and the
  /// stores returned are empty; without, each pass seals its stores itself.
  func fold(
    _ chosen: [any Projector], progress: (@Sendable (ProjectionProgress) -> Void)?, sealing: TableSealing? = nil
  ) throws -> (stores: [String: MemoryProjectionStore], snapshot: UInt64) {
    // The head and the commits that make it up, in one snapshot: the fold stops at that head,
    // which is a commit boundary, and versions rows by the same commits the inline path did.
    // Later snapshots hold the same events up to that head, so each pass may take its own.
    let commits = self.commits
    let live = self.live.withLock { $0 }
    let (total, boundaries, expectedRows) = try log.environment.read { txn in
      // Each table will have about as many rows as its current generation has.
      var expectedRows: [String: [String: Int]] = [:]
      for projector in chosen {
        for (table, handle) in live[projector.name]?.tables ?? [:] {
          expectedRows[projector.name, default: [:]][table] = try txn.count(of: handle.database)
        }
      }
      return (
        try log.head(in: txn).position, try CommitBoundaries.load(after: 0, in: txn, database: commits), expectedRows
      )
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
            passes[pass].map { chosen[$0] }, upTo: total, commits: boundaries, expectedRows: expectedRows,
            report: reportProgress, stop: folded, sealing: sealing))
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
    _ projectors: [any Projector], upTo total: UInt64, commits: [UInt64: UInt64], expectedRows: [String: [String: Int]],
    report: (@Sendable (UInt64) -> Void)?, stop: FoldCounter, sealing: TableSealing?
  ) throws -> [MemoryProjectionStore] {
    var stores = projectors.map { MemoryProjectionStore(for: $0, expectedRows: expectedRows[$0.name] ?? [:]) }
    // One read transaction for the scan and the streams that complete old events.
    try log.environment.read { txn in
      try fold(projectors, into: &stores, upTo: total, commits: commits, report: report, stop: stop, in: txn)
    }
    if let sealing {
      for (projector, store) in zip(projectors, stores) { sealing.seal(store, of: projector.name) }
      return []
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
