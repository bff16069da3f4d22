import LedgerDomain
import LedgerTesting
import QueryResults
import Testing

@testable import Ledger

/// The sheet's available funds are the budget accounts' money: a card's debt lowers them, a
/// loan is not in them, and a role changed later does not change an earlier sheet.
@Suite("Available funds: budget and tracking accounts")
struct AvailableFundsTests {
  static let savings = AccountID(raw: EntityID(high: 0xACC0, low: 2))
  static let card = AccountID(raw: EntityID(high: 0xACC0, low: 3))
  static let loan = AccountID(raw: EntityID(high: 0xACC0, low: 4))

  /// Checking 1,265.01, Savings 800.00, a credit card owing 120.00 and a car loan of 9,000.00.
  static func household() async throws -> LedgerFixture {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    func open(_ id: AccountID, _ name: String, _ type: AccountType, _ opening: String) async throws {
      try await ledger.execute(
        .openAccount(
          OpenAccount(account: id, name: name, type: type, openingBalance: eur(opening), date: day("2024-01-01"))))
    }
    try await ledger.execute(.changeOpeningBalance(Scenario.checking, to: eur("1400")))
    try await open(savings, "Savings", .savings, "800")
    try await open(card, "Credit card", .creditCard, "-100")
    try await open(loan, "Car loan", .loan, "-9000")
    try await ledger.execute(.addTransaction(expense(1, "134.99")))  // Checking: 1,400.00 − 134.99 = 1,265.01
    var onCard = expense(2, "20.00")
    onCard.account = card  // the card owes 100.00 + 20.00 = 120.00
    try await ledger.execute(.addTransaction(onCard))
    return fixture
  }

  @Test(
    "given checking 1,265.01, savings 800.00, a card owing 120.00 and a car loan owing 9,000.00, when the sheet is asked, then available funds are 1,945.01: checking + savings − card debt, the loan named as not counted"
  )
  func budgetAccountsOnly() async throws {
    let fixture = try await Self.household()

    let sheet = try fixture.ledger.budgetSheet(month("2024-03")).value

    // 1,265.01 + 800.00 − 120.00 = 1,945.01; with the loan it would be −7,054.99.
    #expect(sheet.availableFunds == eur("1945.01"))
    #expect(sheet.fundsAccounts.map(\.name) == ["Checking", "Credit card", "Savings"])
    #expect(sheet.fundsAccounts.map(\.balance) == [eur("1265.01"), eur("-120"), eur("800")])
    #expect(sheet.trackingAccounts.map(\.name) == ["Car loan"])
    #expect(sheet.trackingAccounts.map(\.balance) == [eur("-9000")])
    #expect(sheet.summary.remainingToAssign == eur("0"), "remaining to assign involves no balance")
  }

  @Test(
    "given the household, when the loan is made a budget account and the card a tracking one, then the sheet follows; as known before the change it does not"
  )
  func roleChangesAndTimeTravel() async throws {
    let fixture = try await Self.household()
    let ledger = fixture.ledger
    let before = ledger.position

    try await ledger.execute(.setAccountRole(Self.loan, role: .budget))
    try await ledger.execute(.setAccountRole(Self.card, role: .tracking))

    // 1,265.01 + 800.00 − 9,000.00 = −6,934.99 (the card's −120.00 left out)
    let now = try ledger.budgetSheet(month("2024-03")).value
    #expect(now.availableFunds == eur("-6934.99"))
    #expect(now.trackingAccounts.map(\.name) == ["Credit card"])
    let then = try ledger.budgetSheet(month("2024-03"), at: .position(before)).value
    #expect(then.availableFunds == eur("1945.01"))
    #expect(then.trackingAccounts.map(\.name) == ["Car loan"])
    #expect(ledger.state.accounts[Self.loan]?.role == .budget)

    // Undone, the card counts again: 1,265.01 + 800.00 − 120.00 − 9,000.00 = −7,054.99
    try await ledger.undoLast()
    #expect(try ledger.budgetSheet(month("2024-03")).value.availableFunds == eur("-7054.99"))
    #expect(try ledger.verify().problems == [])
  }

  @Test("given a loan made a budget account, when the read models are rebuilt, then the row keeps its role")
  func rebuildKeepsRoles() async throws {
    let fixture = try await Self.household()
    try await fixture.ledger.execute(.setAccountRole(Self.loan, role: .budget))
    let before = try fixture.ledger.budgetSheet(month("2024-03")).value

    try await fixture.ledger.rebuildProjections()

    let after = try fixture.ledger.budgetSheet(month("2024-03")).value
    #expect(after.availableFunds == before.availableFunds && after.availableFunds == eur("-7054.99"))
    #expect(after.trackingAccounts.isEmpty)
  }
}
