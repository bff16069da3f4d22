import EventLog
import Foundation
import LMDB
import LedgerDomain
import LedgerTesting
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
    let reopened = try await Ledger(path: fixture.path, options: LedgerFixture.options)
    #expect(reopened.state.transactions.count == 30, "another process folds them from the log")

    await ledger.finish(&load)

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
    "given a stored transaction row changed behind the rules' back, when verified deep, then the difference is named with the position that explains it"
  )
  func deepVerifyFindsADifferentRow() async throws {
    let fixture = try await Self.fixtureWithTransactions()
    let ledger = fixture.ledger
    let snapshot = ledger.keeper.snapshot
    var record = try #require(ledger.state.transactions[txID(3)])
    record.added.amount = eur("99")
    try ledger.log.environment.write { txn in
      try txn.put(try record.storedBytes(), for: RulesSnapshot.key(txID(3)), in: snapshot.rows)
    }

    let report = try ledger.verify(projections: false, deep: true)

    let problem = try #require(report.problems.first)
    #expect(problem.contains("transaction \(txID(3))"))
    let position = try #require(try ledger.log.read(stream: try StreamName(txID(3).stream)).first?.position)
    #expect(problem.contains("position \(position)"), "\(problem)")
    #expect(try ledger.verify(projections: false).isOK, "without --deep, the header checks pass")
  }

  @Test("given a ledger written before stored states existed, when opened, then the state is folded once and stored")
  func missingSnapshotIsBuilt() async throws {
    let fixture = try await Self.fixtureWithTransactions()
    let snapshot = fixture.ledger.keeper.snapshot
    try fixture.ledger.log.environment.write { txn in
      try txn.clear(snapshot.header)
      try txn.clear(snapshot.rows)
      try txn.clear(snapshot.tails)
    }
    #expect(try fixture.ledger.snapshotProblems(deep: false).first?.contains("no stored snapshot") == true)

    let (reopened, notices) = try await Self.reopen(fixture)

    #expect(notices.isEmpty, "building a missing state is no warning: \(notices)")
    try Self.expectSnapshotEqualsFold(reopened)
  }

  @Test(
    "given a transaction that stored the whole state and was then rolled back, when the next command runs, then the writer does not trust what it had stored and the file's state stays whole"
  )
  func rolledBackStoreIsNotTrusted() async throws {
    let fixture = try await Self.fixtureWithTransactions()
    let ledger = fixture.ledger
    let (writerState, keeper) = (ledger.writerState, ledger.keeper)
    try ledger.log.environment.write { txn in
      for table in [keeper.snapshot.header, keeper.snapshot.rows, keeper.snapshot.tails] { try txn.clear(table) }
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
    #expect(try ledger.log.environment.read { try $0.count(of: snapshot.tails) == $0.count(of: snapshot.rows) })
    #expect(found("xyz!").isEmpty)
  }
}
