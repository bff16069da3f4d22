import EventLog
import Ledger
import LedgerDomain
import LedgerTesting
import ProjectionEngine
import RunningBalances
import Testing

/// ADR 0003: a commit's changes to one row are one version, at the commit's first position;
/// rebuilds and deep verification reproduce exactly that.
@Suite("One version per row per commit")
struct CommitVersioningTests {
  /// Rows stored per table of `projector`, all versions.
  static func rows(_ ledger: Ledger, _ projector: String) throws -> [String: Int] {
    try ledger.projections.status().first { $0.name == projector }?.rows ?? [:]
  }

  static func batch(_ ids: Range<UInt64>) -> [BatchCommand] {
    ids.map { BatchCommand(.addTransaction(expense($0, "2.50", on: "2024-03-1\($0 % 10)"))) }
  }

  @Test("given 100 transactions of one month, when recorded in one batch, then each total gets one new version, not 100")
  func batchCollapses() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    let before = try Self.rows(ledger, "category-totals")
    let balancesBefore = try Self.rows(ledger, "running-balances")

    let results = try await ledger.execute(batch: Self.batch(1..<101))
    #expect(results.allSatisfy { (try? $0.get()) != nil })

    let after = try Self.rows(ledger, "category-totals")
    // One new version of the (Food, March) and (Food, 2024) totals; no row per transaction.
    #expect(after["month"]! - before["month"]! == 1)
    #expect(after["year"]! - before["year"]! == 1)
    #expect(after.keys.sorted() == ["categories", "month", "period", "year"])
    let balances = try Self.rows(ledger, "running-balances")
    #expect(balances["entries"]! - balancesBefore["entries"]! == 100, "one log entry per transaction")
    #expect(balances["month"]! <= 3, "the account's rows of March (and the opening): \(balances)")
    #expect(try ledger.verify().problems == [])
  }

  @Test("given batches and single commands, when every projection is rebuilt, then the stored rows are the same and verify passes")
  func rebuildReproducesCommits() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    _ = try await ledger.execute(batch: Self.batch(1..<41))
    try await ledger.execute(.addTransaction(expense(100, "7")))
    _ = try await ledger.execute(batch: Self.batch(41..<61))
    var amendment = TransactionAmended(transaction: txID(3))
    amendment.amount = eur("9")
    try await ledger.execute(.amendTransaction(amendment, expectedVersion: nil))
    let names = ledger.projections.names
    let before = try names.map { try Self.rows(ledger, $0) }

    try await ledger.projections.rebuild(names)

    #expect(try names.map { try Self.rows(ledger, $0) } == before)
    #expect(try ledger.verify().problems == [])
  }

  @Test("given a batch at positions F...L, when asked as known at a position inside it, then the whole batch is known; before F, none of it")
  func asKnownInsideACommit() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    let start = try ledger.log.head().position
    let results = try await ledger.execute(batch: Self.batch(1..<11))
    let positions = try results.map { try $0.get().positions }
    let first = positions.first!.lowerBound, last = positions.last!.upperBound
    #expect(first == start + 1 && last == start + 10)

    let whole = try ledger.balances(on: day("2024-03-31")).value
    let inside = try ledger.balances(on: day("2024-03-31"), at: .position(first + 4)).value
    let before = try ledger.balances(on: day("2024-03-31"), at: .position(first - 1)).value
    #expect(inside == whole)
    #expect(before != whole)
  }
}

@Suite("Rebuilds in one long-running process")
struct RepeatedRebuildTests {
  @Test("given a ledger, when every projection is rebuilt 25 times in one process, then each rebuild works and verify passes (old generations are dropped, not piled up)")
  func rebuildManyTimes() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    try await ledger.execute(.addTransaction(expense(1, "4.20")))
    for round in 0..<25 {
      try await ledger.projections.rebuild(ledger.projections.names)
      try await ledger.execute(.addTransaction(expense(UInt64(round + 2), "1.10")))
    }
    #expect(try ledger.projections.staleProjectors().isEmpty)
    #expect(try ledger.verify().problems == [])
  }
}

@Suite("Preparing the writer before the first command")
struct PrepareWriterTests {
  @Test("given a ledger with history opened afresh, when the writer is prepared and commands follow, then they decide against the whole history")
  func prepareThenWrite() async throws {
    let directory = TemporaryDirectory()
    let path = directory.file("prepare.ledger")
    do {
      let ledger = try await Ledger(path: path, options: LedgerFixture.options)
      try await ledger.execute(.createLedger(LedgerCreated(name: "Home", baseCurrency: .eur)))
      try await ledger.execute(
        .openAccount(OpenAccount(account: Scenario.checking, name: "Checking", type: .checking, date: day("2024-01-01"))))
      try await ledger.execute(.addTransaction(expense(1, "4.20")))
    }
    let reopened = try await Ledger(path: path, options: LedgerFixture.options)
    _ = reopened.state  // the readers' state, folded: the writer starts from a copy of it

    try await reopened.prepareWriter()

    // The rules see the earlier transaction: its id is taken, and it can be amended.
    await #expect(throws: LedgerError.self) { try await reopened.execute(.addTransaction(expense(1, "1.00"))) }
    var amendment = TransactionAmended(transaction: txID(1))
    amendment.amount = eur("5")
    try await reopened.execute(.amendTransaction(amendment, expectedVersion: 1))
    #expect(reopened.state.transactions[txID(1)]?.added.amount == eur("5"))
    #expect(try reopened.verify().problems == [])
  }
}
