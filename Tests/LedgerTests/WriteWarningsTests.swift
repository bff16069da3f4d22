import EventLog
import LedgerDomain
import LedgerTesting
import Testing

@testable import Ledger

/// A write that takes a budget account below zero, or a goal past its target, stands and is
/// warned about — worked out from the ledger right after it.
@Suite("Warnings after a write")
struct WriteWarningsTests {
  static let savings = AccountID(raw: EntityID(high: 0xACC0, low: 2))
  static let loan = AccountID(raw: EntityID(high: 0xACC0, low: 4))
  static let holiday = GoalID(raw: EntityID(high: 0x60A1, low: 1))

  /// Checking holds 100.00, Savings 0.00, a car loan owes 9,000.00.
  static func ledger() async throws -> LedgerFixture {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    try await ledger.execute(.changeOpeningBalance(Scenario.checking, to: eur("100")))
    try await ledger.execute(
      .openAccount(OpenAccount(account: savings, name: "Savings", type: .savings, date: day("2024-01-01"))))
    try await ledger.execute(
      .openAccount(
        OpenAccount(account: loan, name: "Car loan", type: .loan, openingBalance: eur("-9000"), date: day("2024-01-01"))
      ))
    return fixture
  }

  func warnings(_ ledger: Ledger, _ command: LedgerCommand) async throws -> [LedgerWarning] {
    try ledger.warnings(after: [try await ledger.execute(command)])
  }

  @Test(
    "given checking at 100.00, when an expense of 150.00 is added, then it is recorded and warned: Checking is now -50.00; a further 10.00 warns again (-60.00); income of 5.00 does not"
  )
  func accountBelowZero() async throws {
    let fixture = try await Self.ledger()
    let ledger = fixture.ledger

    let first = try await warnings(ledger, .addTransaction(expense(1, "150")))

    #expect(
      first == [
        LedgerWarning(code: .accountBelowZero, message: "Checking is now -50.00", subject: Scenario.checking.raw)
      ])
    #expect(ledger.state.transactions[txID(1)] != nil, "the write stands")
    #expect(try await warnings(ledger, .addTransaction(expense(2, "10"))).map(\.message) == ["Checking is now -60.00"])
    var income = expense(3, "5")
    income.type = .income
    income.category = Scenario.income
    #expect(try await warnings(ledger, .addTransaction(income)).isEmpty, "it raised the balance: -55.00")
  }

  @Test(
    "given checking at 100.00, when an expense of 60.00 is amended to 160.00, then warned; amended back to 60.00, not")
  func amend() async throws {
    let fixture = try await Self.ledger()
    let ledger = fixture.ledger
    #expect(try await warnings(ledger, .addTransaction(expense(1, "60"))).isEmpty, "40.00 left")
    var more = TransactionAmended(transaction: txID(1))
    more.amount = eur("160")

    #expect(
      try await warnings(ledger, .amendTransaction(more, expectedVersion: nil)).map(\.message)
        == ["Checking is now -60.00"])
    var less = TransactionAmended(transaction: txID(1))
    less.amount = eur("60")
    #expect(try await warnings(ledger, .amendTransaction(less, expectedVersion: nil)).isEmpty)
  }

  @Test(
    "given checking at 100.00, when 250.00 is transferred to savings, then only checking is warned about; an expense on the car loan (a tracking account) is not"
  )
  func transferAndTracking() async throws {
    let fixture = try await Self.ledger()
    let ledger = fixture.ledger
    let transfer = TransferMade(
      transfer: .random(), from: Scenario.checking, to: Self.savings, amount: eur("250"), date: day("2024-03-10"))

    #expect(try await warnings(ledger, .makeTransfer(transfer)).map(\.message) == ["Checking is now -150.00"])
    var onLoan = expense(1, "30")
    onLoan.account = Self.loan
    #expect(try await warnings(ledger, .addTransaction(onLoan)).isEmpty, "a loan is meant to be below zero")
    try await ledger.execute(.setAccountRole(Self.loan, role: .budget))
    onLoan.transaction = txID(2)
    #expect(
      try await warnings(ledger, .addTransaction(onLoan)).map(\.message) == ["Car loan is now -9,060.00"],
      "made a budget account, it is warned about")
  }

  @Test(
    "given a 1,000.00 holiday goal on savings, when 1,200.00 is contributed from checking (100.00), then two warnings: checking below zero and the goal at 120.0 %; asked again for a replayed write, the same"
  )
  func goalPastTarget() async throws {
    let fixture = try await Self.ledger()
    let ledger = fixture.ledger
    try await ledger.execute(
      .addGoal(
        GoalAdded(
          goal: Self.holiday, settings: GoalSettings(name: "Holiday", target: eur("1000")),
          startDate: day("2024-01-01"), funding: .account(Self.savings))))
    let contribution = LedgerCommand.contributeToGoal(
      GoalMovement(
        goal: Self.holiday, entry: EntityID(high: 0xE, low: 1),
        payment: .record(
          id: EntityID(high: 0xF, low: 1), account: Scenario.checking, date: day("2024-03-10"), amount: eur("1200"))))
    let key = try IdempotencyKey("contribute-1")

    let outcome = try await ledger.execute(contribution, idempotencyKey: key)
    let warned = try ledger.warnings(after: [outcome])

    // Checking: 100.00 − 1,200.00 = −1,100.00; the goal: 1,200.00 of 1,000.00 = 120.0 %.
    #expect(
      warned.map(\.message) == [
        "Checking is now -1,100.00", "goal 'Holiday' is now 120.0 % of its target (1,200.00 of 1,000.00)",
      ])
    #expect(warned.map(\.code) == [.accountBelowZero, .goalPastTarget])
    #expect(warned.last?.subject == Self.holiday.raw)
    // A later income does not change what the replayed write says.
    var income = expense(9, "5000")
    income.type = .income
    income.category = Scenario.income
    try await ledger.execute(.addTransaction(income))
    let replay = try await ledger.execute(contribution, idempotencyKey: key)
    #expect(replay.wasDuplicate)
    #expect(try ledger.warnings(after: [replay]) == warned)
  }

  @Test(
    "given a goal of 1,000.00, when 400.00 is contributed from savings money in checking, then nothing is warned about")
  func nothingToSay() async throws {
    let fixture = try await Self.ledger()
    let ledger = fixture.ledger
    try await ledger.execute(.changeOpeningBalance(Scenario.checking, to: eur("500")))
    try await ledger.execute(
      .addGoal(
        GoalAdded(
          goal: Self.holiday, settings: GoalSettings(name: "Holiday", target: eur("1000")),
          startDate: day("2024-01-01"), funding: .account(Self.savings))))

    let warned = try await warnings(
      ledger,
      .contributeToGoal(
        GoalMovement(
          goal: Self.holiday, entry: EntityID(high: 0xE, low: 1),
          payment: .record(
            id: EntityID(high: 0xF, low: 1), account: Scenario.checking, date: day("2024-03-10"), amount: eur("400")))))

    #expect(warned.isEmpty, "checking 100.00, the goal at 40.0 %")
  }
}
