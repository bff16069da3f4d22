import EventLog
import Foundation
import LMDB
import LedgerCodec
import LedgerDomain
import LedgerTesting
import ProjectionEngine
import Synchronization
import Testing

@testable import Ledger

/// The rules' state stored in the ledger file (``RulesSnapshot``): equal to a fold of the log
/// after any command, trusted only when it passes its checks, and found by index.
@Suite("The rules' stored state")
struct RulesSnapshotTests {
  /// The stored state, read afresh, against a fold of the whole log.
  static func expectSnapshotEqualsFold(_ ledger: Ledger, _ comment: Comment? = nil) throws {
    let fresh = try #require(Ledger.fold(ledger.log))
    let stored = try #require(ledger.keeper.readersState())
    #expect(stored.position == fresh.position, comment)
    #expect(stored.state == fresh.state, comment)
    #expect(try ledger.snapshotProblems(deep: true) == [], comment)
  }

  @Test(
    "given random commands with undos, a bulk load, amends of old transactions and a rebuild, when each is done, then the stored state equals a fresh fold of the log",
    arguments: [7, 8] as [UInt64])
  func snapshotEqualsFold(seed: UInt64) async throws {
    let directory = TemporaryDirectory()
    let ledger = try await ProjectionPropertyTests.randomLedger(seed: seed, count: 150, directory: directory)
    try Self.expectSnapshotEqualsFold(ledger, "after random commands")

    for _ in 0..<3 { _ = try? await ledger.undoLast() }
    try Self.expectSnapshotEqualsFold(ledger, "after undos")

    var load = try await ledger.beginBulkLoad(keepingState: false)
    let rows = try (0..<40).map { index in
      BulkLoad.Row(
        expense(UInt64(5_000 + index), "1.\(index % 10)0"), idempotencyKey: try IdempotencyKey("bulk-\(index)"))
    }
    _ = try await ledger.record(load.prepare(Array(rows[..<20])))
    _ = try await ledger.record(load.prepare(Array(rows[20...])))
    await ledger.finish(&load)
    try Self.expectSnapshotEqualsFold(ledger, "after a bulk load")

    // The oldest live transactions amended and deleted.
    let oldest = ledger.state.transactions.filter { !$0.value.isDeleted && $0.value.added.splits.isEmpty }.sorted {
      $0.value.added.date < $1.value.added.date
    }
    for (id, record) in oldest.prefix(5) {
      var amendment = TransactionAmended(transaction: id)
      amendment.amount = eur("3.33")
      try await ledger.execute(.amendTransaction(amendment, expectedVersion: record.version))
    }
    if let (id, _) = oldest.dropFirst(5).first {
      try await ledger.execute(.deleteTransaction(id, reason: "duplicate", expectedVersion: nil))
    }
    _ = try? await ledger.undoLast()
    try Self.expectSnapshotEqualsFold(ledger, "after amends of old transactions and an undo")

    #expect(try await ledger.rebuildRulesState() == ledger.state.transactions.count)
    try Self.expectSnapshotEqualsFold(ledger, "after a rebuild")

    let reopened = try await Ledger(path: directory.file("random.ledger"), options: LedgerFixture.options)
    #expect(reopened.state == (try #require(Ledger.fold(reopened.log))).state)
    #expect(reopened.state.transactions.changes.isEmpty, "no transaction held in memory after opening")
  }

  @Test(
    "given a bulk load, when its batches are recorded, then the stored state waits at the load's start (valid, behind the log) and the load's end stores every row at once"
  )
  func bulkLoadStoresAtItsEnd() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    let start = try ledger.log.head().position
    var load = try await ledger.beginBulkLoad(keepingState: false)
    let rows = try (0..<30).map { index in
      BulkLoad.Row(expense(UInt64(100 + index), "2.00"), idempotencyKey: try IdempotencyKey("row-\(index)"))
    }
    _ = try await ledger.record(load.prepare(Array(rows[..<15])))
    _ = try await ledger.record(load.prepare(Array(rows[15...])))

    let keeper = ledger.keeper
    let stored = try ledger.log.environment.read { txn in
      try keeper.snapshot.load(in: txn, log: ledger.log, head: .max, source: keeper.readerSource)
    }
    guard case .usable(let waiting) = stored else { Issue.record("no usable stored state: \(stored)"); return }
    #expect(waiting.position == start)
    #expect(try ledger.snapshotProblems(deep: true) == [], "behind the log is valid: the events after it are folded in")
    #expect(ledger.state.transactions.count == 30, "readers see the rows meanwhile")
    let tail = String(txID(107).raw.description.suffix(8))
    #expect(
      keeper.readerSource.ids(named: tail, limit: 10, lookingAtEveryID: false) == [txID(107)],
      "a row not yet in the index of tails is found by its last eight digits in the log's tail, not by looking at every id"
    )
    let reopened = try await Ledger(path: fixture.path, options: LedgerFixture.options)
    #expect(reopened.state.transactions.count == 30, "another process folds them from the log")

    await ledger.finish(&load)

    try Self.expectSnapshotEqualsFold(ledger)
  }

  @Test(
    "given two commands in one write transaction (group commit), when the second amends what the first added, then it finds it (its stream is not written until the commit) and the stored state equals the fold"
  )
  func secondCommandOfATransactionSeesTheFirstsTransaction() async throws {
    let fixture = try await Self.fixtureWithTransactions()
    let ledger = fixture.ledger
    let (writerState, keeper) = (ledger.writerState, ledger.keeper)
    try await ledger.execute(.addTransaction(expense(6, "6.00")))
    var amendment = TransactionAmended(transaction: txID(7))
    amendment.amount = eur("8.00")
    let commands: [LedgerCommand] = [
      .addTransaction(expense(7, "7.00")), .amendTransaction(amendment, expectedVersion: 1),
    ]

    let refused = try await ledger.log.transact(weight: 0) { session -> [String] in
      try commands.compactMap { command in
        try Ledger.withWriterState(writerState, at: session, keeper: keeper) { folded in
          var appended: [(event: LedgerEvent, point: LogPoint)] = []
          let result = try Ledger.decideAndAppend(
            command, today: LedgerFixture.today, metadata: .init(), idempotencyKey: nil, session: &session,
            folded: &folded, appended: &appended)
          if case .failure(let error) = result { return "\(error)" }
          return nil
        }.result
      }
    }

    #expect(refused.isEmpty)
    try await ledger.execute(.addTransaction(expense(8, "8.00")))
    #expect(ledger.state.transactions[txID(7)]?.added.amount == eur("8.00"))
    #expect(ledger.state.transactions[txID(7)]?.version == 2)
    try Self.expectSnapshotEqualsFold(ledger)
  }

  @Test("given a restored backup, when it is opened, then its stored state equals a fold of the restored log")
  func restoreStoresTheState() async throws {
    let source = try await ProjectionPropertyTests.randomLedger(seed: 11, count: 80, directory: TemporaryDirectory())
    var events: [RestoredEvent] = []
    try source.log.scan { view in
      events.append(
        RestoredEvent(event: try StoredEvent.decode(view), metadata: view.metadata, recordedAt: view.recordedAt))
      return .continue
    }
    let target = try await LedgerFixture(created: false)

    try await target.ledger.restore(events)

    try Self.expectSnapshotEqualsFold(target.ledger)
    #expect(target.ledger.state == source.state)
  }

  // MARK: Untrusted snapshots

  /// A ledger with a few transactions, closed, and the notices a reopening gives.
  static func reopen(_ fixture: LedgerFixture) async throws -> (Ledger, [String]) {
    let notices = Mutex<[String]>([])
    var options = LedgerFixture.options
    options.log.notice = { message in notices.withLock { $0.append(message) } }
    let ledger = try await Ledger(path: fixture.path, options: options)
    return (ledger, notices.withLock { $0 })
  }

  static func fixtureWithTransactions() async throws -> LedgerFixture {
    let fixture = try await LedgerFixture()
    for index in 1...5 { try await fixture.ledger.execute(.addTransaction(expense(UInt64(index), "\(index).00"))) }
    return fixture
  }

  /// Overwrites the stored state's value with `transform` of it.
  static func tamper(_ ledger: Ledger, _ transform: (inout [UInt8]) -> Void) throws {
    let snapshot = ledger.keeper.snapshot
    try ledger.log.environment.write { txn in
      var bytes = Array(try #require(try txn.get(RulesSnapshot.stateKey, in: snapshot.header)))
      transform(&bytes)
      try txn.put(bytes, for: RulesSnapshot.stateKey, in: snapshot.header)
    }
  }

  /// A header of `ledger`'s stored state changed by `change`, with a valid checksum.
  static func rewriteHeader(_ ledger: Ledger, _ change: (inout SnapshotHeader) -> Void) throws {
    try tamper(ledger) { bytes in
      guard case .success(let (stored, payload)) = bytes.withUnsafeBytes({ SnapshotHeader.decode($0) }) else { return }
      var header = stored
      change(&header)
      bytes = header.encoded(payload: payload)
    }
  }

  @Test(
    "given a stored state with one byte changed, when the ledger is opened, then it is not trusted: a warning says why, and the state is folded from the log and stored again"
  )
  func corruptedBytesAreRebuilt() async throws {
    let fixture = try await Self.fixtureWithTransactions()
    try Self.tamper(fixture.ledger) { $0[$0.count - 3] ^= 0x40 }
    #expect(try fixture.ledger.snapshotProblems(deep: false).first?.contains("checksum") == true)

    let (reopened, notices) = try await Self.reopen(fixture)

    #expect(notices.contains { $0.contains("was not used") && $0.contains("checksum") }, "\(notices)")
    try Self.expectSnapshotEqualsFold(reopened)
    #expect(reopened.state.transactions.count == 5)
  }

  @Test(
    "given a stored state of another state version, when the ledger is opened, then it is folded afresh and stored in this version"
  )
  func otherVersionIsRebuilt() async throws {
    let fixture = try await Self.fixtureWithTransactions()
    try Self.rewriteHeader(fixture.ledger) { $0.stateVersion = LedgerState.snapshotVersion + 1 }

    let (reopened, notices) = try await Self.reopen(fixture)

    #expect(notices.contains { $0.contains("state version \(LedgerState.snapshotVersion + 1)") }, "\(notices)")
    try Self.expectSnapshotEqualsFold(reopened)
  }

  @Test(
    "given a stored state ahead of the log, or whose chain hash is not the log's at its position, when the ledger is opened, then it is not trusted and is rebuilt",
    arguments: ["ahead", "hash"])
  func snapshotNotOfThisLogIsRebuilt(kind: String) async throws {
    let fixture = try await Self.fixtureWithTransactions()
    try Self.rewriteHeader(fixture.ledger) { header in
      if kind == "ahead" { header.position += 7 } else { header.hash = ChainHash.sha256(Array("another log".utf8)) }
    }

    let (reopened, notices) = try await Self.reopen(fixture)

    #expect(
      notices.contains { $0.contains(kind == "ahead" ? "past the log's last event" : "chain hash") }, "\(notices)")
    try Self.expectSnapshotEqualsFold(reopened)
  }

  @Test(
    "given the index of short ids changed behind the rules' back (one id's entry swapped for another's), when verified deep, then both differences are named"
  )
  func deepVerifyFindsAWrongIndexEntry() async throws {
    let fixture = try await Self.fixtureWithTransactions()
    let ledger = fixture.ledger
    let snapshot = ledger.keeper.snapshot
    let stranger = TransactionID(raw: try EntityID(parsing: "0190cccc-0000-7000-8000-00000000abcd"))
    try ledger.log.environment.write { txn in
      // A few new ids are in the recent table; merged ones in the big index.
      let removed =
        try txn.delete(RulesSnapshot.recentKey(txID(3)), in: snapshot.recentTails)
        || txn.delete(RulesSnapshot.tailKey(txID(3)), in: snapshot.tails)
      #expect(removed)
      try txn.put([UInt8](), for: RulesSnapshot.tailKey(stranger), in: snapshot.tails)
    }

    let report = try ledger.verify(projections: false, deep: true)

    #expect(
      report.problems.contains("transaction \(txID(3)) is missing from the index of short ids"), "\(report.problems)")
    #expect(
      report.problems.contains("the index of short ids names transaction \(stranger), which the log does not have"))
    #expect(try ledger.verify(projections: false).isOK, "without --deep, the header checks pass")
  }

  @Test("given a ledger written before stored states existed, when opened, then the state is folded once and stored")
  func missingSnapshotIsBuilt() async throws {
    let fixture = try await Self.fixtureWithTransactions()
    let snapshot = fixture.ledger.keeper.snapshot
    try fixture.ledger.log.environment.write { txn in
      try txn.clear(snapshot.header)
      try txn.clear(snapshot.tails)
    }
    #expect(try fixture.ledger.snapshotProblems(deep: false).first?.contains("no stored snapshot") == true)

    let (reopened, notices) = try await Self.reopen(fixture)

    #expect(notices.isEmpty, "building a missing state is no warning: \(notices)")
    try Self.expectSnapshotEqualsFold(reopened)
  }

  @Test(
    "given a stored state left behind the log (a program without stored states appended since), when opened, then the events after it are folded in and stored, their ids indexed"
  )
  func snapshotBehindTheLogIsCaughtUp() async throws {
    let fixture = try await Self.fixtureWithTransactions()
    let snapshot = fixture.ledger.keeper.snapshot
    let saved = try fixture.ledger.log.environment.read { txn in
      try #require(try txn.get(RulesSnapshot.stateKey, in: snapshot.header)).map { $0 }
    }
    for index in 6...8 { try await fixture.ledger.execute(.addTransaction(expense(UInt64(index), "\(index).00"))) }
    try fixture.ledger.log.environment.write { txn in
      try txn.put(saved, for: RulesSnapshot.stateKey, in: snapshot.header)
      for index in 6...8 {
        #expect(try txn.delete(RulesSnapshot.recentKey(txID(UInt64(index))), in: snapshot.recentTails))
      }
    }

    let (reopened, notices) = try await Self.reopen(fixture)

    #expect(notices.isEmpty, "\(notices)")
    #expect(try reopened.log.environment.read { try reopened.keeper.snapshot.indexedCount(in: $0) } == 8)
    #expect(try reopened.snapshotProblems(deep: true) == [])
    #expect(
      reopened.keeper.readerSource.ids(
        named: txID(7).raw.description.suffix(8).description, limit: 2, lookingAtEveryID: false) == [txID(7)])
  }

  @Test(
    "given a stored state far behind the log in a file with no room to spare, when opened (the store fills the map, which grows, and runs again), then every id the tail added is indexed"
  )
  func storeRunAgainAfterTheMapGrewIndexesEveryID() async throws {
    let directory = TemporaryDirectory()
    let path = directory.file("tight.ledger")
    var options = LedgerFixture.options
    options.log.initialMapSize = 1 << 20
    options.log.keepsFileHeadroom = false
    let ledger = try await Ledger(path: path, options: options)
    try await ledger.execute(.createLedger(LedgerCreated(name: "Tight", baseCurrency: .eur)))
    try await ledger.execute(
      .openAccount(OpenAccount(account: Scenario.checking, name: "Checking", type: .checking, date: day("2024-01-01"))))
    let snapshot = ledger.keeper.snapshot
    let saved = try ledger.log.environment.read { txn in
      try #require(try txn.get(RulesSnapshot.stateKey, in: snapshot.header)).map { $0 }
    }
    let count = 4_000
    let commands = (1...count).map { BatchCommand(.addTransaction(expense(UInt64($0), "1.00"))) }
    _ = try await ledger.execute(batch: commands)
    // As a program without stored states leaves it: the old header, no new ids indexed.
    try ledger.log.environment.write { txn in
      try txn.put(saved, for: RulesSnapshot.stateKey, in: snapshot.header)
      try txn.clear(snapshot.tails)
      try txn.clear(snapshot.recentTails)
    }

    let notices = Mutex<[String]>([])
    options.log.notice = { message in notices.withLock { $0.append(message) } }
    let reopened = try await Ledger(path: path, options: options)

    #expect(notices.withLock { $0 }.isEmpty, "caught up, not rebuilt: \(notices.withLock { $0 })")
    #expect(try reopened.log.environment.read { try reopened.keeper.snapshot.indexedCount(in: $0) } == count)
    #expect(try reopened.snapshotProblems(deep: true) == [])
  }

  @Test(
    "given a transaction that stored the whole state and was then rolled back, when the next command runs, then the writer does not trust what it had stored and the file's state stays whole"
  )
  func rolledBackStoreIsNotTrusted() async throws {
    let fixture = try await Self.fixtureWithTransactions()
    let ledger = fixture.ledger
    let (writerState, keeper) = (ledger.writerState, ledger.keeper)
    try ledger.log.environment.write { txn in
      for table in [keeper.snapshot.header, keeper.snapshot.tails] { try txn.clear(table) }
    }
    struct RolledBack: Error {}

    // Given: the writer stores the rebuilt state (the snapshot was missing), then its
    // transaction fails — as one does when the map fills and it is run again.
    await #expect(throws: RolledBack.self) {
      _ = try await ledger.log.transact(weight: 0) { session -> Int in
        _ = try Ledger.withWriterState(writerState, at: session, keeper: keeper) { _ in }
        throw RolledBack()
      }
    }
    #expect(try ledger.snapshotProblems(deep: false).first?.contains("no stored snapshot") == true)

    try await ledger.execute(.addTransaction(expense(9, "9.00")))

    try Self.expectSnapshotEqualsFold(ledger)
    #expect(ledger.state.transactions.count == 6)
  }

  // MARK: Ids

  @Test(
    "given stored transactions, when ids are looked up as users type them, then the whole id, its start, the start of its last eight digits and other runs find it; a shared run is ambiguous"
  )
  func idsAreFoundByIndex() async throws {
    let fixture = try await LedgerFixture()
    let ids = [
      TransactionID(raw: try EntityID(parsing: "0190aaaa-0000-7000-8000-0000c0ffee01")),
      TransactionID(raw: try EntityID(parsing: "0190aaaa-0000-7000-8000-0000c0ffee02")),
      TransactionID(raw: try EntityID(parsing: "0190bbbb-0000-7000-8000-0000deadbeef")),
    ]
    for id in ids {
      var added = expense(1, "2.00")
      added.transaction = id
      try await fixture.ledger.execute(.addTransaction(added))
    }
    let (ledger, _) = try await Self.reopen(fixture)
    let table = ledger.state.transactions
    #expect(table.changes.isEmpty)
    func found(_ reference: String) -> [TransactionID] { table.named(reference).map(\.key).sorted() }

    #expect(found("0190aaaa-0000-7000-8000-0000c0ffee01") == [ids[0]])
    #expect(found("c0ffee01") == [ids[0]])
    #expect(found("dead") == [ids[2]], "start of the last eight")
    #expect(found("0190bb") == [ids[2]], "start of the id")
    #expect(found("beef") == [ids[2]], "end of the id: another run, found by looking at every id")
    #expect(found("c0ffee") == [ids[0], ids[1]])
    #expect(found("0190aaaa") == [ids[0], ids[1]])
    #expect(found("9999").isEmpty)
    // The starts are found by the indexes alone, one entry per transaction.
    let source = ledger.keeper.readerSource
    #expect(source.ids(named: "dead", limit: 10, lookingAtEveryID: false) == [ids[2]])
    #expect(source.ids(named: "0190bb", limit: 10, lookingAtEveryID: false) == [ids[2]])
    #expect(source.ids(named: "beef", limit: 10, lookingAtEveryID: false).isEmpty)
    let snapshot = ledger.keeper.snapshot
    #expect(try ledger.log.environment.read { try snapshot.indexedCount(in: $0) } == ledger.state.transactions.count)
    #expect(found("xyz!").isEmpty)
  }

  @Test(
    "given groups of new transactions stored one after another, when the recent index of short ids fills, then its oldest buckets move to the big index and every id is found by its last eight digits throughout"
  )
  func recentIdsAreMergedIntoTheIndex() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    let snapshot = ledger.keeper.snapshot
    let limit = RulesSnapshot.recentLimit(indexed: 0)
    let group = limit / 4 + 100  // four groups fill the recent table past its limit
    // Ids in time order whose last eight digits start with every hex digit in turn, the
    // oldest in bucket 6: all sixteen buckets, the oldest not the first.
    func bucket(_ index: Int) -> UInt64 { UInt64(index + 5) % 16 }
    func id(_ index: Int) -> TransactionID {
      TransactionID(raw: EntityID(high: 0x7000_0000 + UInt64(index), low: bucket(index) << 28 | UInt64(index)))
    }
    func add(_ indexes: ClosedRange<Int>) async throws {
      try await ledger.execute(
        atomically: indexes.map { index in
          var added = expense(0, "1.00")
          added.transaction = id(index)
          return .addTransaction(added)
        })
    }
    func counts() throws -> (big: Int, recent: Int) {
      try ledger.log.environment.read { (try $0.count(of: snapshot.tails), try $0.count(of: snapshot.recentTails)) }
    }
    func recentBuckets() throws -> Set<UInt8> {
      var buckets = Set<UInt8>()
      try ledger.log.environment.read { txn in
        try snapshot.forEachRecentID(in: txn) { buckets.insert(RulesSnapshot.recentKey($0)[0]) }
      }
      return buckets
    }
    func expectFound(_ indexes: some Sequence<Int>, _ comment: Comment) {
      let source = ledger.keeper.readerSource
      for index in indexes {
        let lastEight = String(id(index).raw.description.suffix(8))
        #expect(source.ids(named: lastEight, limit: 2, lookingAtEveryID: false) == [id(index)], comment)
      }
    }

    for round in 0..<4 {
      let first = 1 + round * group
      try await add(first...first + group - 1)
      let (big, recent) = try counts()
      if round < 3 {
        #expect(big == 0 && recent == group * (round + 1), "group \(round): in the recent table")
      } else {
        #expect(big + recent == group * 4 && recent < limit, "the fourth group took the recent table past \(limit)")
        #expect(big > 0 && big <= 2 * (group * 4 / 16 + 1), "only the oldest buckets were merged: \(big)")
        #expect(try recentBuckets() == Set(0..<16).subtracting([6, 7]), "the oldest ids' buckets, 6 then 7, merged")
      }
      expectFound(stride(from: 1, to: first + group, by: 37), "after group \(round)")
    }
    let merged = try counts().big
    try await add(9_001...9_040)
    #expect(try counts() == (big: merged, recent: group * 4 - merged + 40))
    expectFound([1, 2, 16, group * 4, 9_001, 9_040], "in both tables")
    try Self.expectSnapshotEqualsFold(ledger, "after the merge")
    let (_, notices) = try await Self.reopen(fixture)
    #expect(notices.isEmpty, "the header counts both tables: the stored state is trusted")
  }

  @Test(
    "given ids in the recent index of short ids, when one store indexes as many new ids as that index takes, then all go to the big index in one pass, each once"
  )
  func bigStoreTakesTheRecentIDsAlong() async throws {
    let fixture = try await Self.fixtureWithTransactions()
    let ledger = fixture.ledger
    let snapshot = ledger.keeper.snapshot
    let many = RulesSnapshot.recentLimit(indexed: 0)

    try await ledger.execute(atomically: (1_001...1_000 + many).map { .addTransaction(expense(UInt64($0), "1.00")) })

    let counts = try ledger.log.environment.read {
      (big: try $0.count(of: snapshot.tails), recent: try $0.count(of: snapshot.recentTails))
    }
    #expect(counts == (big: many + 5, recent: 0))
    let source = ledger.keeper.readerSource
    for n in [1, 5, 1_001, UInt64(1_000 + many)] as [UInt64] {
      #expect(
        source.ids(named: String(txID(n).raw.description.suffix(8)), limit: 2, lookingAtEveryID: false) == [txID(n)])
    }
    try Self.expectSnapshotEqualsFold(ledger)
  }
}
