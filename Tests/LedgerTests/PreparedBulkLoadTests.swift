import Dispatch
import EventLog
import LedgerDomain
import LedgerTesting
import ProjectionEngine
import Synchronization
import Testing

@testable import Ledger

@Suite("Bulk loads decided off the writer (BulkLoad): the outcomes of execute(batch:)")
struct PreparedBulkLoadTests {
  /// Rows of an import: three good ones, one in a category that does not exist, one dated
  /// after today, each under a key of its own.
  private static func rows(keyPrefix: String = "csv:") throws -> [BulkLoad.Row] {
    let rows: [TransactionAdded] = [
      expense(1, "4.00"), expense(2, "9.50", category: Scenario.restaurants),
      expense(3, "1.25", category: CategoryID(raw: EntityID(high: 0xBAD, low: 1))),
      expense(4, "2.00", on: "2024-05-01"), expense(5, "7.00", on: "2024-02-29"),
    ]
    return try rows.enumerated().map { BulkLoad.Row($1, idempotencyKey: try IdempotencyKey("\(keyPrefix)\($0)")) }
  }

  /// Loads `rows` in batches of `batchSize` and finishes the load.
  private static func load(
    _ rows: [BulkLoad.Row], into ledger: Ledger, batchSize: Int = 2, projecting: ProjectionUpdate = .inline
  ) async throws -> [Result<CommandOutcome, LedgerError>] {
    var load = try await ledger.beginBulkLoad(metadata: EventMetadata(actor: "test"))
    var results: [Result<CommandOutcome, LedgerError>] = []
    for start in stride(from: 0, to: rows.count, by: batchSize) {
      let batch = load.prepare(Array(rows[start..<min(start + batchSize, rows.count)]))
      results += try await ledger.record(batch, projecting: projecting)
    }
    await ledger.finish(&load)
    return results
  }

  /// A result as comparable text: the events' types and positions, or the error.
  private static func summary(_ result: Result<CommandOutcome, LedgerError>) -> String {
    switch result {
    case .success(let outcome):
      "\(outcome.wasDuplicate ? "duplicate" : "added") \(outcome.events.map(\.typeName)) \(outcome.positions)"
    case .failure(let error): "refused: \(error)"
    }
  }

  @Test(
    "given twin ledgers, when the same rows are bulk loaded into one and executed as a batch in the other, then the outcomes, the events, the state and the read models are the same"
  )
  func sameAsExecutingTheBatch() async throws {
    let bulk = try await LedgerFixture()
    let ordinary = try await LedgerFixture()
    let rows = try Self.rows()

    let loaded = try await Self.load(rows, into: bulk.ledger)
    let executed = try await ordinary.ledger.execute(
      batch: rows.map { BatchCommand(.addTransaction($0.transaction), idempotencyKey: $0.idempotencyKey) },
      metadata: EventMetadata(actor: "test"))

    #expect(loaded.map(Self.summary) == executed.map(Self.summary))
    #expect(loaded.map(Self.summary).filter { $0.hasPrefix("added") }.count == 3)
    let bulkEvents = try bulk.ledger.log.all(), ordinaryEvents = try ordinary.ledger.log.all()
    #expect(bulkEvents.map(\.stream) == ordinaryEvents.map(\.stream))
    #expect(bulkEvents.map(\.payload).suffix(3) == ordinaryEvents.map(\.payload).suffix(3))
    #expect(bulkEvents.last?.metadata.actor == "test")
    #expect(bulk.ledger.state.transactions.keys.sorted() == ordinary.ledger.state.transactions.keys.sorted())
    #expect(try bulk.ledger.log.verify().isIntact)
    #expect(try bulk.ledger.projections.verifyDeep() == [])
    // The keys are recorded as the ordinary path records them.
    #expect(
      try bulk.ledger.log.idempotencyRecords().map(\.fingerprint)
        == ordinary.ledger.log.idempotencyRecords().map(\.fingerprint))
  }

  @Test(
    "given rows bulk loaded, when they are loaded again — also a row the rules now refuse but whose key is recorded — then every recorded row is a duplicate and nothing is written"
  )
  func loadingAgainAddsNothing() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    let rows = try Self.rows()
    _ = try await Self.load(rows, into: ledger)
    let head = try ledger.log.head().position
    // The first row again, as another date format would read it: dated after today.
    var again = rows
    again[0].transaction.date = day("2024-12-01")
    again[0].transaction.transaction = txID(99)

    let results = try await Self.load(again, into: ledger, batchSize: 5)

    #expect(
      results.map(Self.summary).map { $0.prefix(9) } == [
        "duplicate", "duplicate", "refused: ", "refused: ", "duplicate",
      ])
    #expect(try ledger.log.head().position == head)
    #expect(ledger.state.transactions.count == 3)
  }

  @Test(
    "given a bulk load finished, when a command follows, then the writer's state already holds the load's rows, at the head, without folding the history again"
  )
  func writerStateHoldsTheLoad() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    _ = try await Self.load(try Self.rows(), into: ledger)

    let writer = ledger.writerState.withLock { $0 }
    #expect(!writer.isTaken)
    #expect(writer.position == (try ledger.log.head().position))
    #expect(writer.state.transactions.count == 3)
    try await ledger.execute(.addTransaction(expense(10, "3.00")))
    #expect(ledger.state.transactions.count == 4)
    #expect(try ledger.log.verify().isIntact)
  }

  @Test(
    "given a bulk load that keeps no state, when two of its rows share an id, then the log refuses the second (its stream exists), and the next command folds the state from the log"
  )
  func loadWithoutState() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    var load = try await ledger.beginBulkLoad(keepingState: false)
    let turnover = load.folded.state.turnover

    let results = try await ledger.record(
      load.prepare([
        BulkLoad.Row(expense(1, "1.00"), idempotencyKey: "k1"), BulkLoad.Row(expense(1, "2.00"), idempotencyKey: "k2"),
        BulkLoad.Row(expense(2, "3.00"), idempotencyKey: "k3"),
      ]))
    let kept = load.folded.state
    await ledger.finish(&load)

    #expect(results.map(Self.summary).map { $0.prefix(5) } == ["added", "refus", "added"])
    // The rows are not kept, but counted where the rules bound the ledger's sums (both rows
    // of the same id: the second was refused only by the log, after the rules).
    #expect(kept.transactions.isEmpty)
    #expect(kept.turnover == turnover + 60_000)
    // The writer's own state took the recorded rows, and stored them.
    #expect(ledger.writerState.withLock { $0.state.transactions.count } == 2)
    try await ledger.execute(.addTransaction(expense(3, "4.00")))
    #expect(ledger.writerState.withLock { $0.state.transactions.count } == 3)
    #expect(try ledger.log.verify().isIntact)
  }

  @Test(
    "given a bulk load under way, when another command archives a category between two batches, then the next batch is decided again by the writer and its rows in that category are refused"
  )
  func anotherWriterMakesTheRestDecidedByTheWriter() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    var load = try await ledger.beginBulkLoad()
    let first = load.prepare([BulkLoad.Row(expense(1, "1.00"), idempotencyKey: "k1")])
    let second = load.prepare([
      BulkLoad.Row(expense(2, "2.00"), idempotencyKey: "k2"),
      BulkLoad.Row(expense(3, "3.00", category: Scenario.restaurants), idempotencyKey: "k3"),
    ])

    let recordedFirst = try await ledger.record(first)
    try await ledger.execute(.archiveCategory(Scenario.food))
    let recordedSecond = try await ledger.record(second)
    await ledger.finish(&load)

    #expect(recordedFirst.map(Self.summary).first?.hasPrefix("added") == true)
    #expect(recordedSecond.map(Self.summary).map { $0.prefix(5) } == ["refus", "added"])
    #expect(ledger.state.transactions.keys.sorted() == [txID(1), txID(3)])
    // The load's stale decisions were not the writer's: it decided the second batch itself.
    try await ledger.execute(.addTransaction(expense(4, "4.00", category: Scenario.restaurants)))
    #expect(ledger.writerState.withLock { $0.state.transactions.count } == 3)
    #expect(try ledger.projections.verifyDeep() == [])
  }

  @Test(
    "given a bulk load rebuilding the read models from its rows as they commit, with another writer's commit between two batches, when it ends, then the read models equal a fold of the whole log and are live"
  )
  func liveRebuildFoldsTheWholeLog() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    try await ledger.execute(.addTransaction(expense(100, "50.00", on: "2024-01-15")))  // history before the load
    var load = try await ledger.beginBulkLoad(rebuildingProjections: true)
    let rows = try Self.rows()

    let first = try await ledger.record(load.prepare(Array(rows[..<2])), projecting: .deferred)
    try await ledger.execute(.addTransaction(expense(101, "8.00", category: Scenario.bills)))  // not handed over
    let second = try await ledger.record(load.prepare(Array(rows[2...])), projecting: .deferred)
    await ledger.finish(&load)
    #expect(try ledger.projectionLag().events > 0)
    let rebuilt = try await ledger.catchUpProjections(after: load)

    #expect((first + second).compactMap { try? $0.get() }.filter { !$0.wasDuplicate }.count == 3)
    #expect(Set(rebuilt) == Set(ledger.projections.names))
    #expect(try ledger.projectionLag().events == 0)
    #expect(try ledger.projections.verifyDeep() == [])
    // And they stay live: a command after it is folded in as usual.
    try await ledger.execute(.addTransaction(expense(102, "1.00")))
    #expect(try ledger.projectionLag().events == 0)
    #expect(try ledger.projections.verifyDeep() == [])
  }

  @Test(
    "given rows whose keys the caller found recorded, when loaded, then they are duplicates, never decided nor counted into the ledger's turnover"
  )
  func recordedRowsAreNotDecided() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    _ = try await Self.load(try Self.rows(), into: ledger)
    var load = try await ledger.beginBulkLoad()
    let turnover = load.folded.state.turnover
    // As another date format reads it: a different id and a date after today.
    var again = try Self.rows()[0]
    again.transaction.transaction = txID(77)
    again.transaction.date = day("2024-12-01")
    again.isRecorded = true

    let results = try await ledger.record(load.prepare([again]))

    #expect(results.map(Self.summary).first?.hasPrefix("duplicate") == true)
    #expect(load.folded.state.turnover == turnover)
    #expect(load.folded.state.transactions[txID(77)] == nil)
  }

  @Test(
    "given a ledger whose today moves on during a load, when a later batch holds a row of the new day, then it is taken (each batch asks for today, as each command does)"
  )
  func todayIsAskedPerBatch() async throws {
    let directory = TemporaryDirectory()
    let today = Mutex(day("2024-03-31"))
    var options = LedgerFixture.options
    options.today = { today.withLock { $0 } }
    let ledger = try await Ledger(path: directory.file("midnight.ledger"), options: options)
    try await ledger.execute(.createLedger(LedgerCreated(name: "Home", baseCurrency: .eur)))
    try await ledger.execute(
      .openAccount(OpenAccount(account: Scenario.checking, name: "Checking", type: .checking, date: day("2024-01-01"))))
    var load = try await ledger.beginBulkLoad()

    let before = try await ledger.record(
      load.prepare([BulkLoad.Row(expense(1, "1.00", on: "2024-04-01"), idempotencyKey: "a")]))
    today.withLock { $0 = day("2024-04-01") }
    let after = try await ledger.record(
      load.prepare([BulkLoad.Row(expense(2, "1.00", on: "2024-04-01"), idempotencyKey: "b")]))

    #expect(before.map(Self.summary).first?.hasPrefix("refused") == true)
    #expect(after.map(Self.summary).first?.hasPrefix("added") == true)
  }

  @Test(
    "given a ledger without read models, when a bulk load asks for them to be rebuilt, then there is nothing to rebuild and the load works"
  )
  func noProjectors() async throws {
    let directory = TemporaryDirectory()
    var options = LedgerFixture.options
    options.projectors = []
    let ledger = try await Ledger(path: directory.file("bare.ledger"), options: options)
    try await ledger.execute(.createLedger(LedgerCreated(name: "Home", baseCurrency: .eur)))
    try await ledger.execute(
      .openAccount(OpenAccount(account: Scenario.checking, name: "Checking", type: .checking, date: day("2024-01-01"))))
    var load = try await ledger.beginBulkLoad(rebuildingProjections: true)

    let results = try await ledger.record(load.prepare(try Self.rows()), projecting: .deferred)
    await ledger.finish(&load)

    #expect(load.tracker.rebuild == nil)
    #expect(results.count == 5)
    #expect(try await ledger.catchUpProjections(after: load) == [])
  }

  @Test(
    "given a bulk load rebuilding the read models, when it is dropped without finishing them (its caller rebuilt them the ordinary way), then the rebuild's threads end"
  )
  func droppedRebuildEnds() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    let ended: DispatchGroup
    do {
      var load = try await ledger.beginBulkLoad(rebuildingProjections: true)
      ended = try #require(load.tracker.rebuild).ended
      _ = try await ledger.record(load.prepare(try Self.rows()), projecting: .deferred)
      await ledger.finish(&load)
      try await ledger.catchUpProjections()
    }

    #expect(ended.wait(timeout: .now() + 10) == .success)
    #expect(try ledger.projections.verifyDeep() == [])
  }

  @Test(
    "given a bulk load whose every row is refused, when its read models are caught up, then nothing is rebuilt")
  func nothingRecordedRebuildsNothing() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    var load = try await ledger.beginBulkLoad(rebuildingProjections: true)

    _ = try await ledger.record(
      load.prepare([BulkLoad.Row(expense(1, "1.00", on: "2024-06-01"), idempotencyKey: "future")]),
      projecting: .deferred)
    await ledger.finish(&load)

    #expect(try await ledger.catchUpProjections(after: load) == [])
    #expect(try ledger.projectionLag().events == 0)
  }

  @Test(
    "given a bulk load that defers the read models, when it ends and they are caught up, then they hold every row")
  func deferredProjectionsCatchUp() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger

    _ = try await Self.load(try Self.rows(), into: ledger, projecting: .deferred)
    #expect(try ledger.projectionLag().events > 0)
    try await ledger.catchUpProjections()

    #expect(try ledger.projectionLag().events == 0)
    #expect(try ledger.projections.verifyDeep() == [])
  }
}
