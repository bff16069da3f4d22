import EventLog
import LedgerDomain
import LedgerTesting
import Testing

@testable import Ledger

@Suite("State of a family of streams: accounts and periods without the whole history")
struct StreamFamilyStateTests {
  @Test(
    "given a ledger after random commands, an account renamed and a period closed, when the state of the accounts' and periods' streams is read, then its accounts (but for their transaction days) and periods equal the whole history's, and it holds no transactions"
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
    // An account's transaction days come from the transactions' streams, not its own.
    let wholeAccounts = whole.accounts.mapValues { account in
      var account = account
      account.transactionDays = [:]
      return account
    }
    #expect(partial.accounts == wholeAccounts)
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

  @Test(
    "given categories created (one custom, one under a parent), moved, restyled, archived, restored, deleted, with a due date and a rollover, when the categories' streams are read, then their records equal the whole history's but for what other streams count"
  )
  func everyKindOfCategoryChange() async throws {
    let ledger = try await LedgerFixture().ledger
    let home = CategoryID.random()
    let rent = CategoryID.random()
    let gone = CategoryID.random()
    try await ledger.execute(.createCategory(CreateCategory(category: home, name: "Home", budgetType: .fixed)))
    try await ledger.execute(.createCategory(CreateCategory(category: rent, name: "Rent", parent: home)))
    try await ledger.execute(.createCategory(CreateCategory(category: gone, name: "Gone")))
    try await ledger.execute(.moveCategory(rent, parent: nil, sortOrder: 3))
    try await ledger.execute(.restyleCategory(home, icon: "house.fill", color: try ColorHex(parsing: "#112233")))
    try await ledger.execute(.archiveCategory(Scenario.restaurants))
    try await ledger.execute(.archiveCategory(Scenario.bills))
    try await ledger.execute(.restoreCategory(Scenario.bills))
    try await ledger.execute(.deleteCategory(gone))
    try await ledger.execute(.setDueDate(Scenario.bills, day("2024-03-15")))
    let rollover = RolloverSet(category: Scenario.food, carryUnspent: true, carryOverspent: false)
    try await ledger.execute(.setRollover(rollover))
    try await ledger.execute(.addTransaction(expense(1, "12.00", category: rent)))
    let march = try YearMonth(parsing: "2024-03")
    try await ledger.execute(.setBudget(BudgetSet(month: march, category: home, amount: eur("50"))))

    let partial = try ledger.state(ofStreamsOf: [CategoryID.self])

    var ownRecords = ledger.state.categories
    for id in ownRecords.keys {
      ownRecords[id]?.transactionCount = 0
      ownRecords[id]?.budgetCount = 0
    }
    #expect(partial.categories == ownRecords)
    #expect(partial.categories[rent]?.parent == nil && partial.categories[gone]?.isDeleted == true)
    #expect(partial.categories[Scenario.bills]?.dueDate == day("2024-03-15"))
    #expect(try ledger.categoryTransactionCounts().value[rent] == 1)
  }

  @Test(
    "given a batch recorded with the read models deferred (another process importing), when the categories and their counts are read, then both are as of the read models' checkpoint"
  )
  func countsAndCategoriesAtOnePoint() async throws {
    let ledger = try await LedgerFixture().ledger
    try await ledger.execute(.addTransaction(expense(1, "3.00", category: Scenario.food)))
    let late = CategoryID.random()
    let results = try await ledger.execute(
      batch: [
        BatchCommand(.createCategory(CreateCategory(category: late, name: "Late"))),
        BatchCommand(.addTransaction(expense(2, "4.00", category: late))),
        BatchCommand(.addTransaction(expense(3, "5.00", category: Scenario.food))),
      ], projecting: .deferred)
    #expect(results.allSatisfy { (try? $0.get()) != nil })

    let counts = try ledger.categoryTransactionCounts()
    let asOfCounts = try ledger.state(ofStreamsOf: [CategoryID.self], upTo: counts.position)

    #expect(counts.position < (try ledger.log.head().position))
    #expect(counts.value[Scenario.food] == 1 && counts.value[late] == nil)
    #expect(asOfCounts.categories[late] == nil)  // created after the checkpoint
    #expect(try ledger.state(ofStreamsOf: [CategoryID.self]).categories[late] != nil)
  }
}
