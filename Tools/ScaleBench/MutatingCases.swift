import BudgetVsActual
import CategoryTotals
import Foundation
import Ledger
import LedgerDomain
import ProjectionEngine
import RunningBalances
import Synchronization
import TransactionIndex

/// Rebuilds and amends: they change the ledger file, so they run on the scratch copy.
enum MutatingCases {
  static let sets: [(id: String, names: [String])] = [
    ("running-balances", [RunningBalancesProjector.name]),
    ("category-totals", [CategoryTotalsProjector.name]),
    ("budget-vs-actual", [BudgetVsActualProjector.name]),
    ("transaction-index", [TransactionIndexProjector.name]),
    ("three", [RunningBalancesProjector.name, CategoryTotalsProjector.name, BudgetVsActualProjector.name]),
    (
      "all",
      [
        RunningBalancesProjector.name, CategoryTotalsProjector.name, BudgetVsActualProjector.name,
        TransactionIndexProjector.name,
      ]
    ),
  ]

  /// `projections.rebuild(names)` for each set, `rounds` times; median reported.
  static func rebuild(
    _ ledger: Ledger, path: String, rounds: Int, only: Set<String>?, floor: LMDBRowsFloor? = nil
  ) async throws -> [RebuildCase] {
    var results: [RebuildCase] = []
    for set in sets where only?.contains(set.id) ?? true {
      var times: [Double] = []
      var folds: [Double] = []
      var syncs: [Double] = []
      var cpu: [Double] = []
      var peak: Int64 = 0
      let events = ledger.position
      for round in 1...rounds {
        // Reset the peak-RSS counter (VmHWM) so each rebuild's own peak is seen.
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        let lastProgress = Mutex<Double?>(nil)
        let start = ContinuousClock.now
        let cpuBefore = processCPUSeconds()
        let rebuilt = try await ledger.rebuildProjections(set.names) { update in
          if update.phase == .folding { lastProgress.withLock { $0 = update.eventsPerSecond } }
        }
        let seconds = Stopwatch.seconds(ContinuousClock.now - start)
        cpu.append(processCPUSeconds() - cpuBefore)
        guard rebuilt == set.names else { throw BenchError.failed("rebuild returned \(rebuilt)") }
        times.append(seconds)
        if let rate = lastProgress.withLock({ $0 }) { folds.append(rate) }
        syncs.append(fsyncFile(path))
        peak = max(peak, peakResidentBytes())
        progress(
          "  rebuild \(set.names.joined(separator: "+")) round \(round): \(Format.fixed(seconds, digits: 2)) s = \(Format.rate(Double(events) / seconds)) events/s"
        )
      }
      let median = times.sorted()[times.count / 2]
      let rows = try ledger.projectionStatus().filter { set.names.contains($0.name) }.reduce(0) {
        $0 + $1.rows.values.reduce(0, +)
      }
      let fold = folds.isEmpty ? nil : folds.sorted()[folds.count / 2]
      let tables = set.names.reduce(0) { count, name in
        count + (Ledger.standardProjectors.first { $0.name == name }?.tables.count ?? 0)
      }
      let floorSeconds = try floor?.seconds(rows: rows, tables: tables)
      let writeSeconds = fold.map { median - Double(events) / $0 }
      results.append(
        RebuildCase(
          id: set.id, projectors: set.names, events: events, roundsSeconds: times, seconds: median,
          eventsPerSecond: Double(events) / median, foldEventsPerSecond: fold,
          fsyncSeconds: syncs.sorted()[syncs.count / 2], cpuSeconds: cpu.sorted()[cpu.count / 2],
          peakResidentBytes: peak, rows: rows,
          rowsPerEvent: Double(rows) / Double(max(1, events)),
          writeRowsPerSecond: writeSeconds.flatMap { $0 > 0 ? Double(rows) / $0 : nil }, floorSeconds: floorSeconds,
          floorEventsPerSecond: floorSeconds.map { Double(events) / $0 }))
    }
    let stale = try ledger.staleProjections()
    if !stale.isEmpty { throw BenchError.failed("after the rebuilds these projectors are stale: \(stale)") }
    return results
  }

  /// Amends `count` transactions from the oldest tenth of the history (the first year of ten)
  /// and `count` from the newest 0.5 % (the last ~18 days), one command per commit,
  /// alternating; each changes the amount.
  static func amend(_ ledger: Ledger, spec: DatasetSpec, count: Int) async throws -> AmendCase {
    let warmUp = 20
    let n = count + warmUp
    let live = ledger.state.transactions.values.filter { !$0.isDeleted }.map(\.added)
      .sorted { ($0.date, $0.transaction) < ($1.date, $1.transaction) }
    guard live.count >= 2 * n else { throw BenchError.failed("not enough transactions to amend (\(live.count))") }
    var random = SeededGenerator(seed: spec.seed &+ 99)
    func choose(_ pool: ArraySlice<TransactionAdded>) -> [TransactionAdded] {
      var pool = Array(pool)
      var chosen: [TransactionAdded] = []
      while chosen.count < n && !pool.isEmpty { chosen.append(pool.remove(at: random.below(pool.count))) }
      return chosen
    }
    let oldPool = live.prefix(max(n, live.count / 10))
    let recentPool = live.suffix(max(n, live.count / 200))
    let old = choose(oldPool), recent = choose(recentPool)
    let oldDates = "\(oldPool.first!.date)…\(oldPool.last!.date)",
      recentDates = "\(recentPool.first!.date)…\(recentPool.last!.date)"
    func amendOnce(_ t: TransactionAdded) async throws -> Double {
      var amendment = AmendTransaction(transaction: t.transaction)
      amendment.amount = Money(units: t.amount.units + 100, currency: t.amount.currency)
      let start = ContinuousClock.now
      try await ledger.execute(.amendTransaction(amendment, expectedVersion: nil))
      return Stopwatch.seconds(ContinuousClock.now - start)
    }
    var oldTimes: [Double] = []
    var recentTimes: [Double] = []
    for index in 0..<(count + warmUp) {
      // Alternate which side goes first so drift affects both alike.
      if index % 2 == 0 {
        let a = try await amendOnce(old[index]), b = try await amendOnce(recent[index])
        if index >= warmUp { oldTimes.append(a); recentTimes.append(b) }
      } else {
        let b = try await amendOnce(recent[index]), a = try await amendOnce(old[index])
        if index >= warmUp { oldTimes.append(a); recentTimes.append(b) }
      }
    }
    let oldStats = LatencyStats(seconds: oldTimes), recentStats = LatencyStats(seconds: recentTimes)
    return AmendCase(
      old: oldStats, recent: recentStats, oldDates: oldDates, recentDates: recentDates,
      ratio: oldStats.medianMs / recentStats.medianMs)
  }
}
