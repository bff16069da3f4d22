import EventLog
import Ledger
import LedgerDomain
import LedgerTesting
import CategoryTotals
import ProjectionEngine
import RunningBalances
import Testing

/// Bulk loads may record their batches without folding them into the read models and rebuild
/// those once at the end (``ProjectionUpdate/deferred``). The rebuilt tables must be exactly
/// what folding each batch inline would have written — the same rows, one version per row per
/// commit — so time travel answers the same.
@Suite("Bulk loads: projections deferred to one rebuild")
struct DeferredProjectionTests {
  /// Rows stored per table of every projector, all versions.
  static func rows(_ ledger: Ledger) throws -> [String: [String: Int]] {
    Dictionary(uniqueKeysWithValues: try ledger.projections.status().map { ($0.name, $0.rows) })
  }

  /// Three batches over two months and two categories, and a single command between them.
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
    }
  }

  @Test("given the same batches recorded deferred and inline, when the deferred ledger catches up, then every table holds the same rows and every point in time answers the same")
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
    #expect(try Self.rows(deferred) == Self.rows(inline))
    #expect(deferred.position == inline.position)
    // Before the first batch, after each, and now.
    for point in [TimePoint.position(start), .position(start + 40), .position(start + 80), .now] {
      #expect(try deferred.balances(on: day("2024-03-31"), at: point).value == inline.balances(on: day("2024-03-31"), at: point).value)
      for scope in [TotalsScope.month(try YearMonth(year: 2024, month: 2)), .month(try YearMonth(year: 2024, month: 3)), .year(2024)] {
        #expect(try deferred.categoryTotals(scope, at: point).value == inline.categoryTotals(scope, at: point).value)
      }
      #expect(
        try deferred.transactionLog(account: Scenario.checking, limit: 500, at: point).value
          == inline.transactionLog(account: Scenario.checking, limit: 500, at: point).value)
    }
    #expect(try deferred.verify().problems == [])
  }

  @Test("given a deferred batch, when a command is executed inline before the catch-up, then the projections stay behind until the catch-up, which includes it")
  func inlineCommandsAfterADeferredBatchWait() async throws {
    let ledger = try await LedgerFixture().ledger
    let commands = (1...30 as ClosedRange<UInt64>).map { BatchCommand(.addTransaction(expense($0, "2.00"))) }
    _ = try await ledger.execute(batch: commands, projecting: .deferred)
    try await ledger.execute(.addTransaction(expense(99, "5.00")))

    // Still the balance from before the batch: the projections skipped both.
    let before = try ledger.balances(on: day("2024-03-31")).value
    #expect(before.first { $0.account == Scenario.checking }?.balance == eur("0"))
    #expect(!(try ledger.projections.staleProjectors().isEmpty))

    try await ledger.catchUpProjections()

    let after = try ledger.balances(on: day("2024-03-31")).value
    #expect(after.first { $0.account == Scenario.checking }?.balance == eur("-65.00"))
    #expect(try ledger.verify().problems == [])
  }

  @Test("given a ledger of a few events, when the size of a bulk load is weighed, then only one of at least twice the events there defers the projections")
  func deferOnlyWhatOutgrowsTheLedger() async throws {
    let ledger = try await LedgerFixture().ledger
    let head = Int(ledger.position)
    #expect(head > 0)
    #expect(ledger.prefersDeferredProjections(forAdding: 2 * head))
    #expect(!ledger.prefersDeferredProjections(forAdding: 2 * head - 1))
    #expect(!ledger.prefersDeferredProjections(forAdding: 0))
  }
}
