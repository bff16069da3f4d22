import BudgetVsActual
import CategoryTotals
import Dispatch
import LedgerDomain
import LedgerTesting
import ProjectionEngine
import RunningBalances
import Synchronization
import Testing
import TransactionIndex

@Suite("Rebuild: threads")
struct RebuildThreadsTests {
  @Test(
    "given every thread of the shared pool blocked, when four projectors fold a log of many chunks, then the fold completes (each fold has a thread of its own) and equals a fold with the pool free"
  )
  func foldCompletesWhenThePoolIsBlocked() async throws {
    let projectors: [any Projector] = [
      RunningBalancesProjector(), CategoryTotalsProjector(), BudgetVsActualProjector(), TransactionIndexProjector(),
    ]
    let harness = try await ProjectionHarness(projectors)
    try await harness.given((1...200).map { .transactionAdded(expense(UInt64($0), "3.10")) })
    let engine = harness.engine
    // 200 events in chunks of 8: 25 chunks, far more than the feed lets wait, so folds that
    // ran one after the other would wait for each other forever.
    let expected = try engine.fold(projectors, progress: nil, chunkSize: 8).stores

    let folded = Mutex<[String: MemoryProjectionStore]?>(nil)
    let finished = finishesWithSharedPoolBlocked(within: .seconds(5)) {
      folded.withLock { $0 = try? engine.fold(projectors, progress: nil, chunkSize: 8).stores }
    }

    #expect(finished, "the fold waited for threads of the blocked pool")
    let stores = try #require(folded.withLock { $0 })
    for projector in projectors {
      for table in projector.tables {
        #expect(
          stores[projector.name]?.sortedRows(of: table.name).map(\.key)
            == expected[projector.name]?.sortedRows(of: table.name).map(\.key), "\(projector.name).\(table.name)")
        #expect(
          stores[projector.name]?.sortedRows(of: table.name).map(\.value)
            == expected[projector.name]?.sortedRows(of: table.name).map(\.value), "\(projector.name).\(table.name)")
      }
    }
  }
}
