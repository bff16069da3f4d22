import LedgerTesting
import Testing

@testable import LedgerDomain

@Suite("Rules: the ledger's sums stay exact")
struct LedgerLimitTests {
  /// The largest amount a command may carry in euros: 9,999,999,999,999.99 (the ledger's limit,
  /// 9,999,999,999,999.9999, in whole cents).
  let largest = Money(units: Money.maximumAmount / 100 * 100, currency: .eur)

  /// A standard ledger with `count` income transactions of the largest amount.
  func withLargest(_ count: Int) throws -> Scenario {
    var scenario = Scenario.standard()
    try scenario.run(
      .openAccount(OpenAccount(account: Scenario.savings, name: "Savings", type: .savings, date: day("2024-01-01"))))
    for n in 1...count {
      var added = expense(UInt64(n), "1.00")
      added.amount = largest
      added.type = .income
      added.category = Scenario.income
      try scenario.run(.addTransaction(added))
    }
    return scenario
  }

  @Test(
    "given 92 transactions of the largest amount, when a 93rd, a transfer, an opening balance or a budget would take the sums past Int64, then refused and nothing is recorded"
  )
  func sumsThatWouldWrapAreRefused() throws {
    var scenario = try withLargest(92)
    let before = scenario.state
    var added = expense(93, "1.00")
    added.amount = largest

    #expect(throws: DomainError.sumsTooLarge) { try scenario.when(.addTransaction(added)) }
    #expect(throws: DomainError.sumsTooLarge) {
      try scenario.when(
        .makeTransfer(
          TransferMade(
            transfer: TransferID(raw: EntityID(high: 0x7F, low: 1)), from: Scenario.checking, to: Scenario.savings,
            amount: largest, date: day("2024-03-10"))))
    }
    #expect(throws: DomainError.sumsTooLarge) {
      try scenario.when(
        .openAccount(OpenAccount(name: "Vault", type: .savings, openingBalance: largest, date: day("2024-03-01"))))
    }
    #expect(throws: DomainError.sumsTooLarge) {
      try scenario.when(
        .setBudget(BudgetSet(month: YearMonth(year: 2024, month: 3), category: Scenario.food, amount: largest)))
    }
    #expect(scenario.state == before)
    #expect(DomainError.sumsTooLarge.description.contains("nothing was recorded"))

    // Small amounts still fit, and deleting a transaction takes nothing back from the bound.
    #expect(throws: Never.self) { try scenario.when(.addTransaction(expense(94, "12.50"))) }
    try scenario.run(.deleteTransaction(txID(1), reason: "test", expectedVersion: nil))
    #expect(throws: DomainError.sumsTooLarge) { try scenario.when(.addTransaction(added)) }
  }

  @Test(
    "given every kind of event with an amount, when folded, then the state's turnover is the sum of each event's turnover"
  )
  func foldAgreesWithEachEvent() throws {
    var amended = TransactionAmended(transaction: txID(1))
    amended.amount = eur("-4.00")
    let month = try YearMonth(year: 2024, month: 3)
    let events: [LedgerEvent] = [
      .accountOpened(
        AccountOpened(
          account: Scenario.savings, name: "Savings", type: .savings, currency: .eur, openingBalance: eur("-250"),
          date: day("2024-01-01"))),
      .transactionAdded(expense(1, "12.50")), .transactionAmended(amended),
      .transferMade(
        TransferMade(
          transfer: TransferID(raw: EntityID(high: 0x7F, low: 2)), from: Scenario.checking, to: Scenario.savings,
          amount: eur("30"), date: day("2024-03-02"))),
      .budgetSet(BudgetSet(month: month, category: Scenario.food, amount: eur("400"))),
      .budgetMoved(BudgetMoved(month: month, from: Scenario.food, to: Scenario.bills, amount: eur("25"))),
      .incomePlanned(IncomePlanned(month: month, year: 2024, source: "Salary", amount: eur("3000"))),
      .transactionDeleted(TransactionDeleted(transaction: txID(1), reason: "x")),
    ]
    var state = Scenario.standard().state
    let before = state.turnover
    state.apply(events)
    #expect(state.turnover - before == events.reduce(0) { $0 + $1.turnover })
    #expect(state.turnover - before == 2_500_000 + 125_000 + 40_000 + 300_000 + 4_000_000 + 250_000 + 30_000_000)
  }

  @Test("given events, when folded, then the turnover is the sum of their amounts' magnitudes, clamped at Int64.max")
  func turnoverFolds() {
    var state = LedgerState()
    var spent = expense(1, "12.50")
    state.apply(.transactionAdded(spent))
    spent.amount = eur("-3.25")
    state.apply(.transactionAdded(spent))
    #expect(state.turnover == 125_000 + 32_500)
    state.apply(.transactionDeleted(TransactionDeleted(transaction: txID(1), reason: "x")))
    #expect(state.turnover == 157_500)
    for _ in 0..<100 {
      spent.amount = largest
      state.apply(.transactionAdded(spent))
    }
    #expect(state.turnover == .max)
  }
}
