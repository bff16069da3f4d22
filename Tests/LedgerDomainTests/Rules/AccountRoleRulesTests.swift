import LedgerDomain
import LedgerTesting
import Testing

@Suite("Rules: account roles")
struct AccountRoleRulesTests {
  static let card = AccountID(raw: EntityID(high: 0xACC0, low: 3))
  static let loan = AccountID(raw: EntityID(high: 0xACC0, low: 4))

  /// The standard scenario with a credit card and a car loan besides its checking account.
  static func scenario() throws -> Scenario {
    var scenario = Scenario.standard()
    try scenario.run(
      .openAccount(
        OpenAccount(
          account: card, name: "Card", type: .creditCard, openingBalance: eur("-120"), date: day("2024-01-01"))))
    try scenario.run(
      .openAccount(
        OpenAccount(account: loan, name: "Car loan", type: .loan, openingBalance: eur("-9000"), date: day("2024-01-01"))
      ))
    return scenario
  }

  @Test(
    "given every account type, then checking, savings, cash and credit card are budget accounts; loan and investment are tracked"
  )
  func defaultRoles() throws {
    let budget: [AccountType] = [.checking, .savings, .cash, .creditCard]
    let tracking: [AccountType] = [.loan, .investment]
    #expect(budget.allSatisfy { $0.defaultRole == .budget })
    #expect(tracking.allSatisfy { $0.defaultRole == .tracking })
    #expect(Set(budget + tracking) == Set(AccountType.allCases), "every type has its default")

    let scenario = try Self.scenario()
    #expect(scenario.state.accounts[Scenario.checking]?.role == .budget)
    #expect(scenario.state.accounts[Self.card]?.role == .budget)
    #expect(scenario.state.accounts[Self.loan]?.role == .tracking)
  }

  @Test(
    "given a car loan (tracking), when it is made a budget account, then AccountRoleChanged with the role it had, folded into the state"
  )
  func setRole() throws {
    var scenario = try Self.scenario()

    let events = try scenario.when(.setAccountRole(Self.loan, role: .budget))

    #expect(events == [.accountRoleChanged(AccountRoleChanged(account: Self.loan, previous: .tracking, role: .budget))])
    let version = try #require(scenario.state.accounts[Self.loan]?.version)
    scenario.state.apply(events)
    #expect(scenario.state.accounts[Self.loan]?.role == .budget)
    #expect(scenario.state.accounts[Self.loan]?.version == version + 1)
  }

  @Test(
    "given a checking account (budget), when it is set to budget, then refused saying it is already; nothing changes")
  func sameRoleRefused() throws {
    let scenario = try Self.scenario()
    let error = #expect(throws: DomainError.self) {
      try scenario.when(.setAccountRole(Scenario.checking, role: .budget))
    }
    #expect(
      error
        == .invalidField(
          field: "role",
          reason: "'Checking' is already a budget account; a budget account counts in the available funds"))
    let tracked = #expect(throws: DomainError.self) { try scenario.when(.setAccountRole(Self.loan, role: .tracking)) }
    #expect(
      tracked?.description.contains("'Car loan' is already a tracking account") == true,
      "\(String(describing: tracked))")
  }

  @Test("given an unknown account, when its role is set, then not found")
  func unknownAccount() throws {
    let scenario = try Self.scenario()
    #expect(throws: DomainError.notFound(kind: "account", reference: Scenario.savings.description, suggestion: nil)) {
      try scenario.when(.setAccountRole(Scenario.savings, role: .tracking))
    }
  }

  @Test(
    "given a card made a tracking account, when undone, then the compensation sets budget back, which the rules accept")
  func undo() throws {
    var scenario = try Self.scenario()
    let events = try scenario.when(.setAccountRole(Self.card, role: .tracking))
    let before = scenario.state
    scenario.state.apply(events)

    let commands = try compensation(for: events, before: before, today: scenario.today)

    #expect(commands == [.setAccountRole(Self.card, role: .budget)])
    try scenario.run(commands[0])
    #expect(scenario.state.accounts[Self.card]?.role == .budget)
  }
}
