import BudgetVsActual
import CategoryTotals
import Dispatch
import EventLog
import Foundation
import LMDB
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
    // 99 events: the last chunk of 8 holds only 3.
    for size in [1, 13, 3, 7, 9, 2, 11, 5, 1, 1, 6, 10, 4, 12, 8, 3, 3] {
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

  @Test(
    "given logs of 0, 1 and 5 events, when folded by four decoders in chunks of 8, then the folds equal one decoder's",
    .timeLimit(.minutes(5))
  )
  func fewerChunksThanDecoders() async throws {
    for count in [0, 1, 5] {
      let harness = try await ProjectionHarness([RunningBalancesProjector()])
      if count > 0 { try await harness.given((1...count).map { .transactionAdded(expense(UInt64($0), "2.50")) }) }
      let one = try harness.engine.fold([RunningBalancesProjector()], progress: nil, chunkSize: 8, decoders: 1)
      let four = try harness.engine.fold([RunningBalancesProjector()], progress: nil, chunkSize: 8, decoders: 4)
      #expect(four.snapshot == one.snapshot)
      for table in RunningBalancesProjector().tables {
        let rows = four.stores["running-balances"]?.sortedRows(of: table.name).map { $0.key + [0xFF] + $0.value }
        #expect(rows == one.stores["running-balances"]?.sortedRows(of: table.name).map { $0.key + [0xFF] + $0.value })
        if table.name == "entries" { #expect(rows?.count == count) }
      }
    }
  }

  @Test(
    "given a fold by two decoders of many small chunks, when the map is grown again and again meanwhile, then the fold completes (no decoder holds a snapshot while it waits for room)",
    .timeLimit(.minutes(5))
  )
  func foldCompletesWhileTheMapGrows() async throws {
    let harness = try await ProjectionHarness([RunningBalancesProjector()])
    try await harness.given((1...1_000).map { .transactionAdded(expense(UInt64($0), "1.\($0 % 90 + 10)")) })
    let (engine, environment) = (harness.engine, harness.log.environment)
    // Each growth takes the map's resize lock for itself: it waits for the snapshots open
    // and holds back new ones meanwhile. A decoder that kept its snapshot open while waiting
    // for room — room only the other decoder's next chunk could make — hung both for good.
    let growing = Atomic<Bool>(true)
    let grower = DispatchGroup()
    DispatchQueue(label: "test-grower").async(group: grower) {
      while growing.load(ordering: .relaxed) {
        try? environment.reserveRoom(forBytes: environment.mapSize + (1 << 20))
      }
    }
    let done = DispatchSemaphore(value: 0)
    let folded = Mutex<Bool>(false)
    Thread {
      let stores = try? engine.fold([RunningBalancesProjector()], progress: nil, chunkSize: 8, decoders: 2).stores
      folded.withLock { $0 = stores != nil }
      done.signal()
    }.start()
    let finished = done.wait(timeout: .now() + 20) == .success
    growing.store(false, ordering: .relaxed)
    if finished { grower.wait() }

    #expect(finished, "the fold hung while the map grew")
    #expect(folded.withLock { $0 })
  }
}
