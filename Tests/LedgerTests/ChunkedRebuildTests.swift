import EventLog
import LMDB
import Ledger
import LedgerDomain
import LedgerTesting
import ProjectionEngine
import Synchronization
import Testing

/// A rebuild writes its rows in transactions of a bounded size (``RowChunks``): appends go on
/// between them, and a rebuild that stops halfway leaves tables no later rebuild reuses.
@Suite("Rebuilds written chunk by chunk")
struct ChunkedRebuildTests {
  /// A ledger with `count` expenses over three months, added in batches of 25.
  static func ledger(transactions count: UInt64) async throws -> LedgerFixture {
    let fixture = try await LedgerFixture()
    for first in stride(from: 1, through: count, by: 25) {
      let batch = (first..<min(first + 25, count + 1)).map {
        BatchCommand(.addTransaction(expense($0, "\($0 % 40 + 1).25", on: "2024-0\($0 % 3 + 1)-1\($0 % 10)")))
      }
      _ = try await fixture.ledger.execute(batch: batch)
    }
    return fixture
  }

  static func rows(_ ledger: Ledger) throws -> [String: [String: Int]] {
    Dictionary(uniqueKeysWithValues: try ledger.projections.status().map { ($0.name, $0.rows) })
  }

  @Test(
    "given a ledger, when every projection is rebuilt in chunks of 200 bytes of rows, then the stored rows are the same and verify passes"
  )
  func smallChunksWriteTheSameRows() async throws {
    let fixture = try await Self.ledger(transactions: 150)
    let ledger = fixture.ledger
    let before = try Self.rows(ledger)
    let balance = try ledger.balances(on: day("2024-03-31")).value

    try await ledger.projections.rebuild(ledger.projections.names, chunkBytes: 200)

    #expect(try Self.rows(ledger) == before)
    #expect(try ledger.balances(on: day("2024-03-31")).value == balance)
    #expect(try ledger.projections.staleProjectors().isEmpty)
    #expect(try ledger.verify().problems == [])
  }

  @Test(
    "given a rebuild writing its rows in many chunks, when commands are run while it writes, then most commit before it ends and the new tables hold them all"
  )
  func appendsGoOnBetweenChunks() async throws {
    let fixture = try await Self.ledger(transactions: 400)
    let ledger = fixture.ledger
    let entriesBefore = try #require(try Self.rows(ledger)["running-balances"]?["entries"])
    let commands = CommandsDuringTheRebuild()

    try await ledger.projections.rebuild(ledger.projections.names, chunkBytes: 64) { progress in
      guard progress.phase == .writing else { return }
      commands.start {
        for id in 1_001...1_030 as ClosedRange<UInt64> {
          try await ledger.execute(.addTransaction(expense(id, "3.00", on: "2024-03-20")))
          commands.added.add(1, ordering: .relaxed)
        }
      }
    }
    let addedBeforeTheEnd = commands.added.load(ordering: .relaxed)
    try await commands.finished()

    // One transaction for the whole write would have held them all back until it committed.
    #expect(addedBeforeTheEnd >= 15, "only \(addedBeforeTheEnd) of 30 commands committed while the rebuild wrote")
    #expect(try ledger.projections.status().allSatisfy { $0.lag == 0 })
    #expect(try Self.rows(ledger)["running-balances"]?["entries"] == entriesBefore + 30)
    #expect(try ledger.verify().problems == [])
  }

  @Test(
    "given the tables of a rebuild that stopped halfway (a later generation than the live one), when the projection is rebuilt, then it takes a generation past them, and drops them"
  )
  func leftoversOfAnInterruptedRebuild() async throws {
    let fixture = try await Self.ledger(transactions: 30)
    let ledger = fixture.ledger
    let live = try #require(try ledger.projections.catalogEntries()["running-balances"]).generation
    let environment = ledger.log.environment
    let leftover = "p.running-balances.day.g\(live + 3)"
    try environment.write { txn in
      let table = try txn.openDatabase(named: leftover, flags: .create)
      try txn.put([1, 2, 3], for: [UInt8](repeating: 9, count: 32), in: table)
    }

    try await ledger.projections.rebuild(["running-balances"])

    #expect(try ledger.projections.catalogEntries()["running-balances"]?.generation == live + 4)
    let stored = try environment.write { txn in
      try ProjectionEngine.storedTables(of: "running-balances", in: txn).map(\.generation)
    }
    #expect(!stored.contains(live + 3), "the stopped rebuild's table is still there: \(stored)")
    #expect(Set(stored) == [live, live + 4], "live and previous generations only: \(stored)")
    #expect(try ledger.verify().problems == [])
  }
}

/// Commands a test runs while a rebuild writes, and how many have committed.
private final class CommandsDuringTheRebuild: Sendable {
  let added = Atomic<Int>(0)
  private let task = Mutex<Task<Void, any Error>?>(nil)

  func start(_ body: @escaping @Sendable () async throws -> Void) {
    let started = Task { try await body() }
    task.withLock { $0 = started }
  }

  func finished() async throws {
    let started = task.withLock { $0 }
    try await #require(started).value
  }
}
