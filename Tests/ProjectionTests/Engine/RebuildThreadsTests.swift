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

@Suite("Rebuild: decoders")
struct RebuildDecodersTests {
  @Test(
    "given commits of 1 to 13 events that straddle chunks of 8, when the log is folded by 1, 2, 3 and 4 decoders, then every table equals the inline fold's, versions included"
  )
  func decodersAgreeWithTheInlineFold() async throws {
    let projectors: [any Projector] = [
      RunningBalancesProjector(), CategoryTotalsProjector(), BudgetVsActualProjector(), TransactionIndexProjector(),
    ]
    let harness = try await ProjectionHarness(projectors)
    // Commits of these sizes, one after the other: many begin in one chunk of 8 and end in
    // the next, so a decoder that starts a chunk inside a commit must version its rows at
    // that commit's first position, which another decoder read.
    var id: UInt64 = 0
    for size in [1, 13, 3, 7, 9, 2, 11, 5, 1, 1, 6, 10, 4, 12, 8, 3] {
      var events: [LedgerEvent] = []
      for _ in 0..<size {
        id += 1
        events.append(.transactionAdded(expense(id, "1.\(id % 90 + 10)", on: "2024-0\(id % 9 + 1)-1\(id % 10)")))
      }
      try await harness.given(events)
    }
    let inline = try harness.engine.storedRows()

    for decoders in 1...4 {
      let stores = try harness.engine.fold(projectors, progress: nil, chunkSize: 8, decoders: decoders).stores
      for projector in projectors {
        for table in projector.tables {
          let folded = try #require(stores[projector.name]).sortedRows(of: table.name).map {
            $0.key + [0xFF] + $0.value
          }
          let stored = inline["\(projector.name).\(table.name)"] ?? []
          // The first row that differs, not both tables: they hold hundreds of rows.
          let difference =
            folded.indices.first { $0 >= stored.count || folded[$0] != stored[$0] }
            ?? (folded.count == stored.count ? nil : folded.count)
          #expect(
            difference == nil,
            "\(decoders) decoders: \(projector.name).\(table.name) has \(folded.count) rows, \(stored.count) stored; row \(difference ?? 0) differs"
          )
        }
      }
    }
  }
}
