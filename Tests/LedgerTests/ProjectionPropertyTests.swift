import BudgetVsActual
import CategoryTotals
import EventLog
import Ledger
import LedgerDomain
import LedgerTesting
import ProjectionEngine
import RunningBalances
import Testing

/// The read models must always equal a fold of the log: at every prefix, after random
/// commands, after a rebuild.
@Suite("Projections equal a fold of the log")
struct ProjectionPropertyTests {
  static let today = day("2024-12-31")

  /// A ledger with a savings account, after `count` random commands from `seed`; with
  /// `projectors`, only those (else every projector).
  static func randomLedger(
    seed: UInt64, count: Int, directory: TemporaryDirectory, projectors: [any Projector]? = nil
  ) async throws -> Ledger {
    var options = Ledger.Options(log: .init(durability: .noSync), today: { today })
    if let projectors { options.projectors = projectors }
    let ledger = try await Ledger(path: directory.file("random.ledger"), options: options)
    try await ledger.execute(.createLedger(LedgerCreated(name: "Random", baseCurrency: .eur)))
    try await ledger.execute(
      .openAccount(
        OpenAccount(
          account: Scenario.checking, name: "Checking", type: .checking, openingBalance: eur("500"),
          date: day("2023-01-01"))))
    try await ledger.execute(
      .openAccount(OpenAccount(account: Scenario.savings, name: "Savings", type: .savings, date: day("2023-01-01"))))
    var commands = RandomCommands(seed: seed)
    for _ in 0..<count { _ = try? await ledger.execute(commands.next(state: ledger.state)) }
    return ledger
  }

  @Test(
    "given 400 random commands, when the log is folded afresh, then every stored row of every projection matches",
    arguments: [1, 2, 3] as [UInt64])
  func inlineEqualsFreshFold(seed: UInt64) async throws {
    let directory = TemporaryDirectory()
    let ledger = try await Self.randomLedger(seed: seed, count: 400, directory: directory)

    #expect(try ledger.projections.verifyDeep() == [])
    #expect(try ledger.log.head().position > 200)
    var types: Set<String> = []
    try ledger.log.scan { view in
      types.insert(String(decoding: view.typeBytes, as: UTF8.self))
      return .continue
    }
    #expect(types.isSuperset(of: ["TransferMade", "TransferCancelled", "OpeningBalanceChanged", "TransactionDeleted"]))
  }

  @Test(
    "given 400 random commands into a ledger of the projectors that only add up amounts, when folded afresh from events without their text, then every stored row matches"
  )
  func foldWithoutTextEqualsInline() async throws {
    let directory = TemporaryDirectory()
    let numeric: [any Projector] = [RunningBalancesProjector(), CategoryTotalsProjector(), BudgetVsActualProjector()]
    #expect(numeric.allSatisfy { !RebuildHints(of: $0).readsTransactionText })
    let ledger = try await Self.randomLedger(seed: 6, count: 400, directory: directory, projectors: numeric)

    // The fresh fold decodes no transaction text (none of these reads it); inline, they folded whole events.
    #expect(try ledger.projections.verifyDeep() == [])
    #expect(try ledger.log.head().position > 200)
  }

  @Test(
    "given random commands in batches of up to 40 per transaction, some amending or deleting what their own batch added, when the log is folded afresh, then every stored row matches",
    arguments: [4, 5] as [UInt64])
  func batchedInlineEqualsFreshFold(seed: UInt64) async throws {
    let directory = TemporaryDirectory()
    let ledger = try await Self.randomLedger(seed: seed, count: 0, directory: directory)
    var commands = RandomCommands(seed: seed)
    var sizes = SeededGenerator(seed: seed &+ 100)
    var executed = 0
    while executed < 400 {
      // Commands are drawn against the state as the batch will have left it, so that later
      // ones amend and delete transactions the same batch adds: rows read back before the
      // transaction has written them.
      var scratch = ledger.state
      var batch: [BatchCommand] = []
      for _ in 0..<Int.random(in: 1...40, using: &sizes) {
        let command = commands.next(state: scratch)
        if let events = try? decide(command, state: scratch, context: DecisionContext(today: Self.today)) {
          for event in events { scratch.apply(event) }
        }
        batch.append(BatchCommand(command))
      }
      _ = try await ledger.execute(batch: batch)
      executed += batch.count
    }

    #expect(try ledger.projections.verifyDeep() == [])
    #expect(try ledger.log.head().position > 250)
  }

  @Test(
    "given random history, when asked as known at earlier positions, then answers equal a fresh fold of that prefix")
  func timeTravelEqualsPrefixFold() async throws {
    let directory = TemporaryDirectory()
    let ledger = try await Self.randomLedger(seed: 42, count: 250, directory: directory)
    let events = try ledger.log.all()
    var generator = SeededGenerator(seed: 7)

    for _ in 0..<6 {
      let prefix = UInt64.random(in: 1...UInt64(events.count), using: &generator)
      let date = (try? CivilDate(daysSinceEpoch: Int.random(in: 19_358...20_088, using: &generator))) ?? Self.today
      let fresh = try await ProjectionHarness([RunningBalancesProjector()])
      for event in events.prefix(Int(prefix)) {
        try await fresh.given(
          try LedgerEvent.decode(type: event.type, schemaVersion: event.schemaVersion, payload: event.payload))
      }

      let travelled = try ledger.balances(on: date, at: .position(prefix))
      let expected = try fresh.read { reader throws in try BalanceQueries(reader).balances(on: date) }
      #expect(travelled.value == expected, "prefix \(prefix), date \(date)")
      #expect(travelled.position == prefix)
      let page = try ledger.transactionLog(account: Scenario.checking, limit: 20, at: .position(prefix)).value
      let freshPage = try fresh.read { reader throws in
        try BalanceQueries(reader).log(account: Scenario.checking, currency: .eur, limit: 20)
      }
      #expect(page.rows == freshPage.rows, "prefix \(prefix)")
    }
  }

  @Test(
    "given random history on two accounts, when the all-accounts log is paged both ways, then it is both accounts' logs merged, with their summed balance",
    arguments: [11, 12] as [UInt64])
  func allAccountsLogMergesAccounts(seed: UInt64) async throws {
    let directory = TemporaryDirectory()
    let ledger = try await Self.randomLedger(seed: seed, count: 150, directory: directory)
    // The newest rows are one account's only, so paging must look past the other one's.
    let category = ledger.state.categories.first { $0.value.kind == .expense && $0.value.isActive }!.key
    for index in 0..<9 {
      try await ledger.execute(
        .addTransaction(
          TransactionAdded(
            transaction: TransactionID(raw: EntityID(high: 0x7F, low: UInt64(index))), account: Scenario.checking,
            date: Self.today,
            amount: eur("1.25"), type: .expense, category: category, name: "Late")))
    }

    // Oracle: every row of each account's own log, merged newest first; the balance after a
    // row is the sum of that row and every row older than it — a transfer's legs left out,
    // as across both accounts they cancel (and listed apart would show totals that never were).
    var merged: [LogRow] = []
    for account in [Scenario.checking, Scenario.savings] {
      let rows = try Self.wholeLog(of: account, ledger: ledger)
      #expect(rows.count > 5, "\(account) has history")
      merged += rows
    }
    merged.sort { ($0.date, $0.id) > ($1.date, $1.id) }
    var running: Int64 = 0
    for index in merged.indices.reversed() {
      running += merged[index].kind == .transfer ? 0 : merged[index].amount.units
      merged[index].balance = Money(units: running, currency: .eur)
    }
    #expect(Set(merged.map(\.id)).count > 50)
    #expect(merged.contains { $0.kind == .transfer }, "the history has transfers")

    // Pages of one row end at every row, whichever account it is in.
    for limit in [1, 7] {
      var older: [LogRow] = []
      var page = try ledger.transactionLog(account: nil, limit: limit).value
      older += page.rows
      while let cursor = page.olderCursor {
        page = try ledger.transactionLog(account: nil, before: cursor, limit: limit).value
        older += page.rows
      }
      #expect(older == merged, "pages of \(limit), going back")
      var newer = page.rows
      while let cursor = page.newerCursor {
        page = try ledger.transactionLog(account: nil, after: cursor, limit: limit).value
        newer = page.rows + newer
      }
      #expect(newer == merged, "pages of \(limit), going forward")
    }
    let total = try ledger.query { reader, _ in try BalanceQueries(reader).total(in: .eur, on: Self.today) }.value
    #expect(total.units == merged.first?.balance.units)
  }

  /// Every row of `account`'s log, newest first.
  static func wholeLog(of account: AccountID, ledger: Ledger) throws -> [LogRow] {
    var page = try ledger.transactionLog(account: account, limit: 50).value
    var rows = page.rows
    while let cursor = page.olderCursor {
      page = try ledger.transactionLog(account: account, before: cursor, limit: 50).value
      rows += page.rows
    }
    return rows
  }

  @Test(
    "given a ledger, when a projector's version is bumped, then reopening rebuilds it and every answer stays the same")
  func rebuildAfterVersionBump() async throws {
    let directory = TemporaryDirectory()
    let path = directory.file("random.ledger")
    let before: [AccountBalance]
    let pageBefore: LogPage
    do {
      let ledger = try await Self.randomLedger(seed: 9, count: 200, directory: directory)
      before = try ledger.balances(on: Self.today).value
      pageBefore = try ledger.transactionLog(account: nil, limit: 30).value
    }

    let bumped = Ledger.Options(
      log: .init(durability: .noSync), today: { Self.today }, projectors: [VersionBumped(RunningBalancesProjector())])
    let reopened = try await Ledger(path: path, options: bumped)

    let status = try reopened.projections.status()
    #expect(status.map(\.storedVersion) == [RunningBalancesProjector().version + 1])
    #expect(status.map(\.generation) == [2])
    #expect(status.map(\.lag) == [0])
    #expect(try reopened.balances(on: Self.today).value == before)
    #expect(try reopened.transactionLog(account: nil, limit: 30).value == pageBefore)
    #expect(try reopened.projections.verifyDeep() == [])
  }

  @Test(
    "given events over time, when asked as known at a recorded-at moment, then the position is the last event recorded by then"
  )
  func recordedAtResolvesToPosition() async throws {
    let directory = TemporaryDirectory()
    let clock = SteppingClock(start: 1_000_000)
    let options = Ledger.Options(log: .init(durability: .noSync, clock: { clock.tick() }), today: { Self.today })
    let ledger = try await Ledger(path: directory.file("clock.ledger"), options: options)
    try await ledger.execute(.createLedger(LedgerCreated(name: "T", baseCurrency: .eur)))  // positions 1...10 at 1_000_000
    clock.set(2_000_000)
    try await ledger.execute(
      .openAccount(
        OpenAccount(
          account: Scenario.checking, name: "C", type: .checking, openingBalance: eur("10"), date: day("2024-01-01"))))

    #expect(try ledger.balances(on: Self.today, at: .recordedAt(1_500_000)).value == [])
    #expect(try ledger.balances(on: Self.today, at: .recordedAt(1_500_000)).position == 10)
    #expect(try ledger.balances(on: Self.today, at: .recordedAt(2_000_000)).value.map(\.balance) == [eur("10")])
    #expect(try ledger.balances(on: Self.today, at: .recordedAt(999_999)).position == 0)
  }
}
