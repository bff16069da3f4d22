import EventLog
import LMDB
import LedgerDomain
import LedgerTesting
import Testing

@testable import Ledger

/// When the writer stores the rules' state (``SnapshotSchedule``): at its first commit, then
/// at most every half second unless much has changed.
@Suite("The rules' stored state: when it is stored")
struct SnapshotScheduleTests {
  let schedule = SnapshotSchedule(interval: Ledger.Options.serverStateStoreInterval)

  static func state(
    storedAgo: Duration?, unindexed: Int = 0, position: UInt64 = 100, stored: UInt64 = 90
  )
    -> (FoldedState, ContinuousClock.Instant)
  {
    let now = ContinuousClock.now
    var folded = FoldedState()
    folded.position = position
    folded.snapshotPosition = stored
    folded.storedAt = storedAgo.map { now - $0 }
    folded.unindexed = (0..<unindexed).map { txID(UInt64($0)) }
    return (folded, now)
  }

  @Test("given a state not stored by this process, when the writer commits, then it stores it")
  func firstCommitStores() {
    let (folded, now) = Self.state(storedAgo: nil)
    #expect(schedule.stores(folded, now: now))
  }

  @Test("given a state stored 100 ms ago with a few new transactions, when the writer commits, then it waits")
  func busyWriterWaits() {
    let (folded, now) = Self.state(storedAgo: .milliseconds(100), unindexed: 30)
    #expect(!schedule.stores(folded, now: now))
  }

  @Test("given a state stored half a second ago or longer, when the writer commits, then it stores it")
  func intervalPassedStores() {
    for ago in [Duration.milliseconds(500), .seconds(3)] {
      let (folded, now) = Self.state(storedAgo: ago, unindexed: 1)
      #expect(schedule.stores(folded, now: now), "\(ago)")
    }
  }

  @Test("given a state stored just now, when the transaction brings it up to date on purpose, then it stores it")
  func dueStoreStores() {
    var (folded, now) = Self.state(storedAgo: .milliseconds(1), unindexed: 3)
    #expect(!schedule.stores(folded, now: now))
    folded.storeDue = true
    #expect(schedule.stores(folded, now: now))
  }

  @Test(
    "given a state stored just now, when 4,096 transactions wait for the index or it is 16,384 events behind, then it is stored at once"
  )
  func muchChangedStores() {
    let (waiting, now) = Self.state(storedAgo: .milliseconds(1), unindexed: SnapshotSchedule.maximumUnindexed)
    #expect(schedule.stores(waiting, now: now))
    let (behind, later) = Self.state(
      storedAgo: .milliseconds(1), position: 10 + SnapshotSchedule.maximumLag, stored: 10)
    #expect(schedule.stores(behind, now: later))
    let (almost, then) = Self.state(
      storedAgo: .milliseconds(1), unindexed: SnapshotSchedule.maximumUnindexed - 1,
      position: 9 + SnapshotSchedule.maximumLag, stored: 10)
    #expect(!schedule.stores(almost, now: then))
  }
}

/// A busy writer's stored state, behind the head between stores, on a real ledger file.
@Suite("The rules' stored state: a busy writer")
struct BusyWriterSnapshotTests {
  /// A ledger whose writer stores its state at its first commit, then not for an hour unless
  /// much changes: every later commit is "busy".
  static func busyLedger(_ directory: TemporaryDirectory) async throws -> Ledger {
    var options = LedgerFixture.options
    options.stateStoreInterval = .seconds(3_600)
    return try await Ledger(path: directory.file("busy.ledger"), options: options)
  }

  /// Creates the ledger and opens Checking (two commits).
  static func createWithChecking(_ ledger: Ledger) async throws {
    try await ledger.execute(.createLedger(LedgerCreated(name: "Home", baseCurrency: .eur)))
    try await ledger.execute(
      .openAccount(OpenAccount(account: Scenario.checking, name: "Checking", type: .checking, date: day("2024-01-01"))))
  }

  static func storedPosition(_ ledger: Ledger) throws -> UInt64? {
    try ledger.log.environment.read { txn in
      try RulesSnapshot.storedPosition(in: txn, header: ledger.keeper.snapshot.header)
    }
  }

  @Test(
    "given a writer that stored its state at its first commit, when more transactions are added, then the stored state stays behind, valid, and each new id is found by its last eight digits in the log's tail"
  )
  func storedStateWaitsAndIdsAreFound() async throws {
    let directory = TemporaryDirectory()
    let ledger = try await Self.busyLedger(directory)
    try await Self.createWithChecking(ledger)
    let stored = try #require(try Self.storedPosition(ledger))
    for index in 1...20 { try await ledger.execute(.addTransaction(expense(UInt64(index), "\(index).00"))) }

    #expect(try Self.storedPosition(ledger) == stored, "not stored again within the interval")
    #expect(try ledger.position > stored)
    #expect(try ledger.snapshotProblems(deep: true) == [], "behind the head is valid: readers fold what follows")
    let source = ledger.keeper.readerSource
    for index in [1, 7, 20] as [UInt64] {
      let tail = String(txID(index).raw.description.suffix(8))
      #expect(source.ids(named: tail, limit: 10, lookingAtEveryID: false) == [txID(index)], "\(tail)")
      #expect(ledger.transactions.named(tail).map(\.key) == [txID(index)], "\(tail)")
    }
    try RulesSnapshotTests.expectSnapshotEqualsFold(ledger)
  }

  @Test(
    "given an indexed transaction and a waiting one whose last eight digits start alike, when those digits are typed, then both are named (the reference is ambiguous)"
  )
  func indexedAndWaitingIdsAreBothNamed() async throws {
    let directory = TemporaryDirectory()
    let indexed = TransactionID(raw: try EntityID(parsing: "0190aaaa-0000-7000-8000-0000c0ffee01"))
    let waiting = TransactionID(raw: try EntityID(parsing: "0190bbbb-0000-7000-8000-0000c0ffee02"))
    // A command-line process (the default interval) adds the first: the index holds it.
    var quiet = LedgerFixture.options
    quiet.stateStoreInterval = .zero
    do {
      let ledger = try await Ledger(path: directory.file("busy.ledger"), options: quiet)
      try await Self.createWithChecking(ledger)
      var added = expense(1, "2.00")
      added.transaction = indexed
      try await ledger.execute(.addTransaction(added))
    }
    // A busy server adds the second after its first commit: it waits for the index.
    let ledger = try await Self.busyLedger(directory)
    try await ledger.execute(.addTransaction(expense(2, "3.00")))
    var added = expense(3, "4.00")
    added.transaction = waiting
    try await ledger.execute(.addTransaction(added))
    #expect(try Self.storedPosition(ledger)! < ledger.position, "the second waits")

    let source = ledger.keeper.readerSource
    #expect(Set(source.ids(named: "c0ffee", limit: 10, lookingAtEveryID: false)) == [indexed, waiting])
    #expect(Set(ledger.transactions.named("c0ffee").map(\.key)) == [indexed, waiting])
    #expect(source.ids(named: "c0ffee02", limit: 10, lookingAtEveryID: false) == [waiting])
  }

  @Test(
    "given the default options (a command-line process), when commands run one after another, then the stored state is at the head after each"
  )
  func commandLineStoresEveryCommit() async throws {
    let directory = TemporaryDirectory()
    var options = LedgerFixture.options
    options.stateStoreInterval = Ledger.Options().stateStoreInterval
    let ledger = try await Ledger(path: directory.file("cli.ledger"), options: options)
    try await Self.createWithChecking(ledger)
    #expect(try Self.storedPosition(ledger) == ledger.position)
    for index in 1...5 {
      try await ledger.execute(.addTransaction(expense(UInt64(index), "1.00")))
      #expect(try Self.storedPosition(ledger) == ledger.position, "after transaction \(index)")
    }
  }

  @Test(
    "given a busy writer whose state waits, when a bulk load finishes or the writer is asked once quiet, then the state is stored at the head"
  )
  func finishAndQuietStoreAtTheHead() async throws {
    let directory = TemporaryDirectory()
    let ledger = try await Self.busyLedger(directory)
    try await Self.createWithChecking(ledger)
    var load = try await ledger.beginBulkLoad(keepingState: false)
    let rows = try (0..<10).map { index in
      BulkLoad.Row(expense(UInt64(100 + index), "2.00"), idempotencyKey: try IdempotencyKey("row-\(index)"))
    }
    _ = try await ledger.record(load.prepare(rows))
    #expect(try Self.storedPosition(ledger)! < ledger.position)
    await ledger.finish(&load)
    #expect(try Self.storedPosition(ledger) == ledger.position, "the load's end stores the state")

    try await ledger.execute(.addTransaction(expense(1, "1.00")))
    #expect(try Self.storedPosition(ledger)! < ledger.position, "a busy commit waits")
    #expect(try await ledger.storeStateIfBehind(quietFor: .seconds(3_600)) == false, "not quiet for an hour")
    #expect(try Self.storedPosition(ledger)! < ledger.position)
    #expect(try await ledger.storeStateIfBehind() == true)
    #expect(try Self.storedPosition(ledger) == ledger.position)
    #expect(try await ledger.storeStateIfBehind() == false, "at the head: nothing to do")
    try RulesSnapshotTests.expectSnapshotEqualsFold(ledger)
  }

  @Test(
    "given a busy writer, when 4,096 transactions wait for the index of tails, then the next commit stores the state at the head and indexes them all"
  )
  func manyWaitingTransactionsAreStoredAtOnce() async throws {
    let directory = TemporaryDirectory()
    let ledger = try await Self.busyLedger(directory)
    try await Self.createWithChecking(ledger)
    let stored = try #require(try Self.storedPosition(ledger))
    var next: UInt64 = 1
    func batch(_ count: Int) async throws {
      let commands = (0..<count).map { _ in
        defer { next += 1 }
        return LedgerCommand.addTransaction(expense(next, "1.00"))
      }
      try await ledger.execute(atomically: commands)
    }
    for _ in 0..<4 { try await batch(1_000) }
    #expect(try Self.storedPosition(ledger) == stored, "4,000 waiting: not yet")
    try await batch(100)
    #expect(try Self.storedPosition(ledger) == ledger.position, "4,100 waiting: stored")
    let indexed = try ledger.log.environment.read { try ledger.keeper.snapshot.indexedCount(in: $0) }
    #expect(indexed == 4_100)
    try RulesSnapshotTests.expectSnapshotEqualsFold(ledger)
  }
}
