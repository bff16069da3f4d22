import LedgerDomain
import LedgerTesting
import Testing

@Suite("Looking entities up by name")
struct LookupTests {
  @Test("given the default categories, when 'Fod' is looked up, then: category 'Fod' not found — did you mean 'Food'?")
  func categorySuggestion() throws {
    let state = Scenario.standard().state
    #expect(try state.category(named: " food ").id == Scenario.food)
    let error = #expect(throws: DomainError.self) { try state.category(named: "Fod") }
    #expect(error?.description == "category 'Fod' not found — did you mean 'Food'?")
    let far = #expect(throws: DomainError.self) { try state.category(named: "Holidays") }
    #expect(far?.description == "category 'Holidays' not found")
  }

  @Test("given an archived category, when looked up by name, then it is reported as archived")
  func archivedCategory() throws {
    var scenario = Scenario.standard()
    try scenario.run(.archiveCategory(Scenario.food))
    #expect(throws: DomainError.categoryArchived(name: "Food")) { try scenario.state.category(named: "Food") }
  }

  @Test("given accounts and periods, when looked up with typos, then suggestions name them")
  func accountsAndPeriods() throws {
    var scenario = Scenario.standard()
    try scenario.run(.openPeriod(OpenPeriod(name: "March", start: day("2024-03-01"), end: day("2024-03-31"))))
    #expect(try scenario.state.account(named: "CHECKING").id == Scenario.checking)
    #expect(throws: DomainError.notFound(kind: "account", reference: "Chequing", suggestion: "Checking")) {
      try scenario.state.account(named: "Chequing")
    }
    #expect(throws: DomainError.notFound(kind: "period", reference: "Marhc", suggestion: "March")) {
      try scenario.state.period(named: "Marhc")
    }
  }
}
