import CategoryTotals
import EventLog
import Ledger
import LedgerDomain
import LedgerTesting
import ProjectionEngine
import RunningBalances
import Testing

/// Bulk loads may record their batches without folding them into the read models and rebuild
/// those once at the end (``ProjectionUpdate/deferred``). The rebuilt tables must be exactly
/// what folding each batch inline would have written — the same rows, one version per row per
/// commit — so time travel answers the same; meanwhile reads answer as of before the load.
@Suite("Bulk loads: projections deferred to one rebuild")
struct DeferredProjectionTests {
  /// Three batches over two months and two categories, with a single inline command after
  /// the first.
  static func load(_ ledger: Ledger, projecting: ProjectionUpdate) async throws {
    for batch in 0..<3 as Range<UInt64> {
      let commands = (1...40 as ClosedRange<UInt64>).map { index in
        let id = batch * 100 + index
        return BatchCommand(
          .addTransaction(
            expense(
              id, "\(index).25", on: index % 2 == 0 ? "2024-02-1\(index % 10)" : "2024-03-0\(index % 9 + 1)",
              category: index % 3 == 0 ? Scenario.bills : Scenario.food, name: "Shop \(index % 7)")))
      }
      let results = try await ledger.execute(batch: commands, projecting: projecting)
      #expect(results.allSatisfy { (try? $0.get()) != nil })
      if batch == 0 { try await ledger.execute(.addTransaction(expense(999, "3.50", on: "2024-02-20"))) }
    }
  }

  /// Expenses `ids`, each of `amount`, recorded in one deferred batch.
  static func deferExpenses(_ ids: ClosedRange<UInt64>, of amount: String, in ledger: Ledger) async throws {
    let results = try await ledger.execute(
      batch: ids.map { BatchCommand(.addTransaction(expense($0, amount))) }, projecting: .deferred)
    #expect(results.allSatisfy { (try? $0.get()) != nil })
  }

  @Test(
    "given the same batches recorded deferred and inline, when the deferred ledger catches up, then every table holds the same rows, byte for byte, and every point in time answers the same"
  )
  func catchUpEqualsInlineFolding() async throws {
    let deferred = try await LedgerFixture().ledger
    let inline = try await LedgerFixture().ledger
    #expect(try deferred.projections.staleProjectors().isEmpty)
    let start = deferred.position

    try await Self.load(deferred, projecting: .deferred)
    try await Self.load(inline, projecting: .inline)
    #expect(try deferred.projections.staleProjectors().sorted() == deferred.projections.names.sorted())
    #expect(try inline.projections.staleProjectors().isEmpty)

    let rebuilt = try await deferred.catchUpProjections()

    #expect(rebuilt.sorted() == deferred.projections.names.sorted())
    #expect(try deferred.projections.staleProjectors().isEmpty)
    let rows = try deferred.projections.storedRows()
    #expect(rows.values.filter { !$0.isEmpty }.count >= 4, "tables of every projector hold rows: \(rows.keys.sorted())")
    for (table, stored) in try inline.projections.storedRows() {
      #expect(rows[table] == stored, "table \(table) differs")
    }
    #expect(Set(rows.keys) == Set(try inline.projections.storedRows().keys))
    #expect(deferred.position == inline.position)
    // Before the first batch, after it, after the inline command, after the next batch, now.
    for point in [start, start + 40, start + 41, start + 81].map(TimePoint.position) + [.now] {
      #expect(
        try deferred.balances(on: day("2024-03-31"), at: point).value
          == inline.balances(on: day("2024-03-31"), at: point).value)
      for scope in [
        TotalsScope.month(try YearMonth(year: 2024, month: 2)), .month(try YearMonth(year: 2024, month: 3)),
        .year(2024),
      ] {
        #expect(try deferred.categoryTotals(scope, at: point).value == inline.categoryTotals(scope, at: point).value)
      }
      #expect(
        try deferred.transactionLog(account: Scenario.checking, limit: 500, at: point).value
          == inline.transactionLog(account: Scenario.checking, limit: 500, at: point).value)
    }
    #expect(try inline.verify().problems == [])
    #expect(try deferred.verify().problems == [])
  }

  @Test(
    "given a deferred batch and an inline command after it, when read before the catch-up, then answers are as of before the batch and say so, verify checks what is folded, and the catch-up includes both"
  )
  func readsWhileBehindAnswerAsOfTheCheckpoint() async throws {
    let ledger = try await LedgerFixture().ledger
    let before = ledger.position
    try await Self.deferExpenses(1...30, of: "2.00", in: ledger)
    try await ledger.execute(.addTransaction(expense(99, "5.00")))

    let lag = try ledger.projectionLag()
    #expect(lag.events == 31 && lag.bulkLoadRunning)
    let stale = try ledger.balances(on: day("2024-03-31"))
    #expect(stale.position == before, "the answer is labelled with the position it reflects, not the head")
    #expect(stale.value.first { $0.account == Scenario.checking }?.balance == eur("0"))
    #expect(try ledger.balances(on: day("2024-03-31"), at: .position(before + 10)).position == before)
    #expect(try ledger.projections.status().allSatisfy { $0.lag == 31 })
    #expect(
      try ledger.verify().problems == [], "rows up to the checkpoint are checked; the missing ones are lag, not damage")

    try await ledger.catchUpProjections()

    let none = try ledger.projectionLag()
    #expect(none.events == 0 && !none.bulkLoadRunning)
    let caughtUp = try ledger.balances(on: day("2024-03-31"))
    #expect(caughtUp.position == before + 31)
    #expect(caughtUp.value.first { $0.account == Scenario.checking }?.balance == eur("-65.00"))
    #expect(try ledger.verify().problems == [])
  }

  @Test(
    "given a deferred batch, when the engine is asked what opening would rebuild, then a live loader's lag is spared and a dead one's is not, and the catch-up clears the mark"
  )
  func openingSparesALiveBulkLoad() async throws {
    let ledger = try await LedgerFixture().ledger
    let engine = ledger.projections
    try await Self.deferExpenses(1...5, of: "1.00", in: ledger)

    #expect(try engine.bulkLoadMarker() == BulkLoadMarker.currentProcess)
    #expect(BulkLoadMarker.currentProcess.isAlive)
    #expect(try engine.staleProjectors(sparingLiveBulkLoad: true).isEmpty)
    #expect(try engine.staleProjectors().count == engine.names.count)

    // A loader that is gone — no such process, or its id now names a later process.
    for gone in [
      BulkLoadMarker(processID: 0x7FFF_FFF0, startTime: 0),
      BulkLoadMarker(
        processID: BulkLoadMarker.currentProcess.processID, startTime: BulkLoadMarker.currentProcess.startTime + 1),
    ] {
      try await engine.store(gone)
      #expect(!gone.isAlive)
      #expect(try engine.staleProjectors(sparingLiveBulkLoad: true).count == engine.names.count)
    }

    // What a server does every few seconds: nothing while the loader lives, a rebuild once
    // it is gone.
    try await engine.store(BulkLoadMarker.currentProcess)
    #expect(try await ledger.catchUpAbandonedProjections().rebuilt.isEmpty)
    try await engine.store(BulkLoadMarker(processID: 0x7FFF_FFF0, startTime: 0))
    #expect(try await ledger.catchUpAbandonedProjections().rebuilt.sorted() == engine.names.sorted())
    #expect(try engine.bulkLoadMarker() == nil)
    #expect(try await ledger.catchUpAbandonedProjections().rebuilt.isEmpty)
    #expect(try engine.staleProjectors(sparingLiveBulkLoad: true).isEmpty)
  }

  @Test(
    "given a ledger of a few events, when the size of a bulk load is weighed, then only one of at least twice the events there defers the projections"
  )
  func deferOnlyWhatOutgrowsTheLedger() async throws {
    let ledger = try await LedgerFixture().ledger
    let head = Int(ledger.position)
    #expect(head > 0)
    #expect(ledger.prefersDeferredProjections(forAdding: 2 * head))
    #expect(!ledger.prefersDeferredProjections(forAdding: 2 * head - 1))
    #expect(!ledger.prefersDeferredProjections(forAdding: 0))
  }
}
