import EventLog
import LedgerDomain
import LedgerTesting
import Testing

@testable import Ledger

@Suite("State of a family of streams: accounts and periods without the whole history")
struct StreamFamilyStateTests {
  @Test(
    "given a ledger after random commands, an account renamed and a period closed, when the state of the accounts' and periods' streams is read, then its accounts and periods equal the whole history's, and it holds no transactions"
  )
  func accountsAndPeriodsAsTheWholeFold() async throws {
    let directory = TemporaryDirectory()
    let ledger = try await ProjectionPropertyTests.randomLedger(seed: 31, count: 200, directory: directory)
    let period = PeriodID.random()
    try await ledger.execute(.renameAccount(Scenario.checking, name: "Current"))
    try await ledger.execute(
      .openPeriod(OpenPeriod(period: period, name: "2023", start: day("2023-01-01"), end: day("2023-12-31"))))
    try await ledger.execute(.closePeriod(period, end: nil))

    let partial = try ledger.state(ofStreamsOf: [AccountID.self, PeriodID.self])

    let whole = ledger.state
    #expect(partial.accounts == whole.accounts)
    #expect(partial.periods == whole.periods)
    #expect(partial.accounts[Scenario.checking]?.name == "Current")
    #expect(partial.periods[period]?.isClosed == true)
    #expect(partial.transactions.isEmpty && !whole.transactions.isEmpty)
    #expect(partial.categories.isEmpty)
  }

  @Test(
    "given a ledger after random commands (splits, amends, deletes, restores among them), when the categories are read from their own streams and counted from the category totals, then they equal the whole history's fold"
  )
  func categoriesAndTheirCounts() async throws {
    let directory = TemporaryDirectory()
    let ledger = try await ProjectionPropertyTests.randomLedger(seed: 32, count: 400, directory: directory)

    let partial = try ledger.state(ofStreamsOf: [CategoryID.self])
    let counts = try ledger.categoryTransactionCounts().value

    let whole = ledger.state
    // Counted from other streams: postings (transactions) and budgets (months).
    var ownRecords = whole.categories
    for id in ownRecords.keys {
      ownRecords[id]?.transactionCount = 0
      ownRecords[id]?.budgetCount = 0
    }
    #expect(partial.categories == ownRecords)
    #expect(counts == whole.categories.compactMapValues { $0.transactionCount == 0 ? nil : $0.transactionCount })
    #expect(counts.values.reduce(0, +) > 100)
  }
}
