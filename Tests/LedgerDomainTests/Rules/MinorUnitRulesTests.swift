import LedgerDomain
import LedgerTesting
import Testing

@Suite("Rules: amounts in whole minor units of their currency")
struct MinorUnitRulesTests {
  @Test(
    "given amounts finer than a cent, when added, transferred, budgeted or opened with, then refused with the rounding to do; whole cents pass"
  )
  func subCentAmountsAreRefused() throws {
    let scenario = Scenario.standard()
    var added = expense(1, "5.12")
    #expect(try scenario.when(.addTransaction(added)).count == 1)
    added.amount = eur("5.1234")
    #expect(
      throws: DomainError.invalidField(
        field: "amount",
        reason: "5.1234 has more decimal places than EUR amounts have (2); round it to 2 decimal places")
    ) { try scenario.when(.addTransaction(added)) }
    #expect(throws: DomainError.self) {
      try scenario.when(
        .setBudget(
          BudgetSet(month: try YearMonth(year: 2024, month: 3), category: Scenario.food, amount: eur("10.001"))))
    }
    #expect(throws: DomainError.self) {
      try scenario.when(
        .openAccount(
          OpenAccount(
            account: Scenario.savings, name: "Savings", type: .savings, openingBalance: eur("0.005"),
            date: day("2024-01-01"))))
    }
    #expect(throws: DomainError.self) {
      try scenario.when(.changeOpeningBalance(Scenario.checking, to: eur("1000.001")))
    }
  }

  @Test("given currencies with 0, 2 and 3 minor digits, then whole units of each pass and finer ones do not")
  func minorUnitsFollowTheCurrency() throws {
    let yen = try Currency(code: "JPY"), dinar = try Currency(code: "KWD")
    #expect(try Money(parsing: "10", currency: yen).isInMinorUnits)
    #expect(!(try Money(parsing: "10.5", currency: yen).isInMinorUnits))
    #expect(try Money(parsing: "1.234", currency: dinar).isInMinorUnits)
    #expect(!(try Money(parsing: "1.2345", currency: dinar).isInMinorUnits))
    #expect(try Money(parsing: "-42.50", currency: .eur).isInMinorUnits)
    #expect(!(try Money(parsing: "-42.505", currency: .eur).isInMinorUnits))
  }
}
