import LedgerDomain
import LedgerTesting
import Testing

@Suite("Rules: setting up a ledger")
struct LedgerSetupTests {
  @Test("given nothing, when a ledger is created, then LedgerCreated and the 8 seed categories plus Income follow")
  func createLedgerSeedsDefaults() throws {
    let events = try Scenario().when(.createLedger(LedgerCreated(name: "  Home  ", baseCurrency: .eur)))

    guard case .ledgerCreated(let created) = events.first else { Issue.record("first event is \(events)"); return }
    #expect(created.name == "Home")
    let categories = events.compactMap { if case .categoryCreated(let c) = $0 { c } else { nil } }
    #expect(categories.map(\.name) == ["Food", "Restaurants", "Transport", "Shopping", "Entertainment", "Health", "Sport", "Bills", "Income"])
    #expect(categories.map(\.icon).prefix(3) == ["cart.fill", "fork.knife", "car.fill"])
    #expect(categories[0].color.description == "#FF6B6B")
    #expect(categories.allSatisfy { !$0.isCustom })
    #expect(categories.last?.kind == .income)
  }

  @Test("given a ledger, when it is created again, then it is refused")
  func createTwice() {
    let scenario = Scenario.standard()
    #expect(throws: DomainError.ledgerAlreadyCreated(name: "Home")) {
      try scenario.when(.createLedger(LedgerCreated(name: "Other", baseCurrency: .usd)))
    }
  }

  @Test("given no ledger, when any other command comes, then it asks to create the ledger first")
  func commandsNeedALedger() {
    let error = #expect(throws: DomainError.self) {
      try Scenario().when(.addTransaction(expense(1, "5.00")))
    }
    #expect(error == .ledgerNotCreated)
    #expect(error?.description.contains("budget init") == true)
  }

  @Test("given bad settings, when a ledger is created, then each is refused with its field")
  func badSettings() {
    #expect(throws: DomainError.self) { try Scenario().when(.createLedger(LedgerCreated(name: " ", baseCurrency: .eur))) }
    #expect(throws: DomainError.self) {
      try Scenario().when(.createLedger(LedgerCreated(name: "H", baseCurrency: .eur, firstDayOfWeek: 8)))
    }
    #expect(throws: DomainError.self) {
      try Scenario().when(.createLedger(LedgerCreated(name: "H", baseCurrency: .eur, fiscalYearStartMonth: 13)))
    }
  }
}
