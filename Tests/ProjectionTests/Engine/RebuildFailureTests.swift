import LedgerDomain
import LedgerTesting
import ProjectionEngine
import RunningBalances
import Testing

/// A projector whose rebuild fails on the event at one position (a bug in a fold); inline,
/// into LMDB, it folds that event like any other.
private struct FailingProjector: Projector {
  struct Failure: Error, Equatable {}
  let failAt: UInt64

  var name: String { "failing" }
  var version: Int { 1 }
  var tables: [TableSpec] { [TableSpec("rows", keySize: 8)] }

  func apply<Store: ProjectionStore>(_ event: LedgerEvent, at point: LogPoint, into store: inout Store) throws {
    if Store.self == MemoryProjectionStore.self, point.position == failAt { throw Failure() }
    try store.put(in: "rows", key: KeyBuilder.words(point.position), value: [1], at: point.position)
  }
}

@Suite("Rebuild: a failing fold")
struct RebuildFailureTests {
  @Test(
    "given two projectors folded side by side, when one fails on an event, then the rebuild throws its error and switches nothing"
  )
  func failingPassFailsTheRebuild() async throws {
    let harness = try await ProjectionHarness([RunningBalancesProjector(), FailingProjector(failAt: 1_000_000)])
    for index in 1...40 { try await harness.given(.transactionAdded(expense(UInt64(index), "1.25"))) }
    let before = try harness.engine.catalogEntries()
    let failing = try await ProjectionHarness([RunningBalancesProjector(), FailingProjector(failAt: 20)])
    for index in 1...40 { try await failing.given(.transactionAdded(expense(UInt64(index), "1.25"))) }
    let failingBefore = try failing.engine.catalogEntries()

    await #expect(throws: FailingProjector.Failure()) {
      try await failing.engine.rebuild(["running-balances", "failing"])
    }

    #expect(try failing.engine.catalogEntries() == failingBefore)  // nothing switched, not even the pass that succeeded
    #expect(try await harness.engine.rebuild(["running-balances", "failing"]) == ["running-balances", "failing"])
    #expect(try harness.engine.catalogEntries().mapValues(\.generation) == before.mapValues { $0.generation + 1 })
  }

  @Test(
    "given a log of many small chunks decoded by three decoders, when a fold fails in the middle, then the fold throws that fold's error, not an abandoned rebuild",
    .timeLimit(.minutes(5))
  )
  func failingFoldAmongSeveralDecoders() async throws {
    let harness = try await ProjectionHarness([RunningBalancesProjector(), FailingProjector(failAt: 1_000_000)])
    try await harness.given((1...99).map { .transactionAdded(expense(UInt64($0), "1.25")) })

    #expect(throws: FailingProjector.Failure()) {
      try harness.engine.fold(
        [RunningBalancesProjector(), FailingProjector(failAt: 50)], progress: nil, chunkSize: 8, decoders: 3)
    }
  }
}
