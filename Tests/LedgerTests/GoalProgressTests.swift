import Foundation
import LedgerDomain
import LedgerTesting
import Testing

@testable import Ledger

/// Goals' progress through `Ledger`: read from the read models, as of any day, never a phantom.
@Suite("Goal progress")
struct GoalProgressTests {
  static let savings = AccountID(raw: EntityID(high: 0xACC0, low: 2))

  func open(_ ledger: Ledger, _ account: AccountID, _ name: String) async throws {
    try await ledger.execute(
      .openAccount(OpenAccount(account: account, name: name, type: .savings, date: day("2024-01-01"))))
  }

  func contribute(_ ledger: Ledger, _ goal: GoalID, _ amount: String, on date: String, id: UInt64) async throws {
    try await ledger.execute(
      .contributeToGoal(
        GoalMovement(
          goal: goal, entry: EntityID(high: 0xE, low: id),
          payment: .record(
            id: EntityID(high: 0xF, low: id), account: Scenario.checking, date: day(date), amount: eur(amount)))))
  }

  @Test func progressIsAsOfTheDayAskedAndFollowsTheMovements() async throws {
    // Given an account goal and a category goal, each with contributions in February and March
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    try await open(ledger, Self.savings, "Savings")
    let trip = GoalID(raw: EntityID(high: 0x60A1, low: 1)), rainy = GoalID(raw: EntityID(high: 0x60A1, low: 2))
    let settings = GoalSettings(name: "Trip", target: eur("1000"), targetDate: day("2024-12-31"))
    try await ledger.execute(
      .addGoal(GoalAdded(goal: trip, settings: settings, startDate: day("2024-01-01"), funding: .account(Self.savings)))
    )
    var rainySettings = settings
    rainySettings.name = "Rainy"
    try await ledger.execute(
      .addGoal(
        GoalAdded(
          goal: rainy, settings: rainySettings, startDate: day("2024-02-01"), funding: .category(Scenario.bills))))
    try await contribute(ledger, trip, "100", on: "2024-02-10", id: 1)
    try await contribute(ledger, trip, "50", on: "2024-03-05", id: 2)
    try await contribute(ledger, rainy, "40", on: "2024-02-11", id: 3)
    try await contribute(ledger, rainy, "60", on: "2024-03-20", id: 4)
    // When asked today, at the end of February, and on a day inside March (time travel)
    func saved(_ goal: GoalID, _ date: String) throws -> Money { try ledger.goal(goal, on: day(date)).forecast.saved }
    // Then each is the money moved by then
    #expect(try saved(trip, "2024-03-31") == eur("150"))
    #expect(try saved(trip, "2024-02-29") == eur("100"))
    #expect(try saved(rainy, "2024-03-31") == eur("100"))
    #expect(try saved(rainy, "2024-02-29") == eur("40"))
    #expect(try saved(rainy, "2024-03-10") == eur("40"))
    // And deleting the linked transaction leaves no phantom: its money and its entry leave the
    // progress (the rules' record keeps the entry, for a restore)
    let beforeDeletion = ledger.position
    try await ledger.execute(
      .deleteTransaction(TransactionID(raw: EntityID(high: 0xF, low: 4)), reason: "test", expectedVersion: nil))
    #expect(try saved(rainy, "2024-03-31") == eur("40"))
    #expect(ledger.state.goals[rainy]?.entries.count == 2)
    #expect(try ledger.goal(rainy, on: day("2024-03-31")).record.entries.count == 1)
    // As known before the deletion, both entries and all the money are there
    let then = try ledger.goal(rainy, on: day("2024-03-31"), at: .position(beforeDeletion))
    #expect(then.record.entries.count == 2 && then.forecast.saved == eur("100"))
  }

  @Test func fiftyGoalsAreReadWithoutScanningTheTransactions() async throws {
    // Given 25 account goals and 25 category goals on a ledger of 10,000 transactions
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    var categories: [CategoryID] = []
    for index in 0..<25 {
      let category = CategoryID(raw: EntityID(high: 0xCA7, low: UInt64(index)))
      try await ledger.execute(.createCategory(CreateCategory(category: category, name: "Fund \(index)")))
      categories.append(category)
      let account = AccountID(raw: EntityID(high: 0xACC1, low: UInt64(index)))
      try await open(ledger, account, "Savings \(index)")
      for (offset, funding) in [(0, GoalFunding.account(account)), (100, .category(category))] {
        let goal = GoalID(raw: EntityID(high: 0x60A2, low: UInt64(offset + index)))
        let settings = GoalSettings(name: "Goal \(offset + index)", target: eur("5000"), targetDate: day("2025-06-30"))
        try await ledger.execute(
          .addGoal(GoalAdded(goal: goal, settings: settings, startDate: day("2024-01-01"), funding: funding)))
      }
    }
    for batch in 0..<10 {
      let commands = (0..<1_000).map { index in
        let n = batch * 1_000 + index
        return BatchCommand(
          .addTransaction(
            expense(
              UInt64(10_000 + n), "1.25", on: "2024-0\(1 + n % 3)-\(String(format: "%02d", 1 + n % 28))",
              category: categories[n % 25])))
      }
      _ = try await ledger.execute(batch: commands)
    }
    // When every goal's progress is read, many times
    _ = try ledger.goals(on: LedgerFixture.today)
    var best = Double.infinity
    for _ in 0..<20 {
      let start = DispatchTime.now().uptimeNanoseconds
      let goals = try ledger.goals(on: LedgerFixture.today)
      best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
      #expect(goals.count == 50)
    }
    // Then every category goal has its 400 expenses of 1.25, and the read takes a few
    // milliseconds at most even in a debug build (release: docs/goals-and-debts.md)
    let goals = try ledger.goals(on: LedgerFixture.today)
    #expect(goals.filter { $0.record.funding.isCategory }.allSatisfy { $0.forecast.saved == eur("500") })
    print("50 goals' progress on 10,000 transactions: best of 20 \(best) ms (debug build)")
    #expect(best < 50, "50 goals took \(best) ms")
  }
}

extension GoalFunding {
  fileprivate var isCategory: Bool {
    if case .category = self { return true }
    return false
  }
}
