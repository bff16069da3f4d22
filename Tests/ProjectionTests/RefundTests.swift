import BudgetVsActual
import CategoryTotals
import EventLog
import LedgerDomain
import LedgerTesting
import ProjectionEngine
import Testing

/// Money back from a shop, booked to the category it was spent in, lowers that category's
/// spending: in budget vs actual, rollover, category totals and their derived reports.
@Suite("Projection: refunds lower a category's spending")
struct RefundTests {
  static let defaults = DefaultCategories.events().map(LedgerEvent.categoryCreated)

  static func budget(_ month: String, _ amount: String) -> LedgerEvent {
    .budgetSet(BudgetSet(month: LedgerTesting.month(month), category: Scenario.food, amount: eur(amount)))
  }

  static func spend(
    _ id: UInt64, _ amount: String, on date: String, _ category: CategoryID = Scenario.food
  ) -> LedgerEvent {
    .transactionAdded(expense(id, amount, on: date, category: category, name: "Shop"))
  }

  /// Money in, booked to `category`.
  static func refund(
    _ id: UInt64, _ amount: String, on date: String, _ category: CategoryID = Scenario.food
  ) -> LedgerEvent {
    var refund = expense(id, amount, on: date, category: category, name: "Shop refund")
    refund.type = .income
    return .transactionAdded(refund)
  }

  @Test(
    "given 100 budgeted for Food, 50 spent and 20 refunded, when the month is read, then actual is 30, 70 is left and 30 % used"
  )
  func refundLowersTheActual() async throws {
    let harness = try await ProjectionHarness([BudgetVsActualProjector()])
    try await harness.given(
      Self.defaults + [
        Self.budget("2026-12", "100"), Self.spend(1, "50", on: "2026-12-02"), Self.refund(2, "20", on: "2026-12-03"),
      ])

    try harness.read { reader throws in
      let report = try BudgetQueries(reader).month(month("2026-12"), currency: .eur)
      let food = try #require(report.lines.first { $0.name == "Food" })
      // 50 spent − 20 refunded = 30; 100 − 30 = 70 left; 30 of 100 = 3,000 basis points.
      #expect(food.actual == eur("30") && food.difference == eur("70"))
      #expect(food.usedBasisPoints == 3_000 && food.alert == BudgetAlert.none && !food.isOverBudget)
      #expect(report.totalActual == eur("30"))
    }
  }

  @Test(
    "given a refund that turns 95 % used into 75 %, when read, then the alert follows the net: 90 % before the refund, 75 % after"
  )
  func alertFollowsTheNet() async throws {
    let harness = try await ProjectionHarness([BudgetVsActualProjector()])
    let spent = try await harness.given(
      Self.defaults + [Self.budget("2026-12", "100"), Self.spend(1, "95", on: "2026-12-02")])
    try await harness.given([Self.refund(2, "20", on: "2026-12-04")])

    try harness.read { reader throws in
      let queries = BudgetQueries(reader)
      // Before the refund 95 / 100 = 95 %: the 90 % alert. After it (95 − 20) / 100 = 75 %.
      let before = try #require(
        try queries.month(month("2026-12"), currency: .eur, asKnownAt: spent).lines.first { $0.name == "Food" })
      #expect(before.usedBasisPoints == 9_500 && before.alert == .percent90)
      let after = try #require(try queries.month(month("2026-12"), currency: .eur).lines.first { $0.name == "Food" })
      #expect(after.actual == eur("75") && after.usedBasisPoints == 7_500 && after.alert == .percent75)
    }
  }

  @Test(
    "given rollover and a month whose refunds outweigh its spending, when the next months are read, then the carry is the leftover net of refunds"
  )
  func rolloverCarriesTheNet() async throws {
    let harness = try await ProjectionHarness([BudgetVsActualProjector()])
    try await harness.given(
      Self.defaults + [
        Self.budget("2026-10", "100"), Self.budget("2026-11", "100"),
        .rolloverSet(
          RolloverSet(category: Scenario.food, carryUnspent: true, carryOverspent: true, from: month("2026-10"))),
        Self.spend(1, "50", on: "2026-10-02"), Self.refund(2, "20", on: "2026-10-03"),
        Self.spend(3, "5", on: "2026-11-02"), Self.refund(4, "15", on: "2026-11-03"),
      ])

    try harness.read { reader throws in
      let queries = BudgetQueries(reader)
      // October: 100 − (50 − 20) = 70 left, carried into November.
      let november = try #require(try queries.month(month("2026-11"), currency: .eur).lines.first { $0.name == "Food" })
      #expect(november.carried == eur("70") && november.budgeted == eur("170"))
      // November: 5 − 15 = −10 actual (more came back than went out): 170 + 10 = 180 left,
      // −10 / 170 = −588 basis points (truncated), no alert.
      #expect(november.actual == eur("-10") && november.difference == eur("180"))
      #expect(november.usedBasisPoints == -588 && november.alert == BudgetAlert.none && !november.isOverBudget)
      // December (no budget of its own): the 180 carried.
      let december = try #require(try queries.month(month("2026-12"), currency: .eur).lines.first { $0.name == "Food" })
      #expect(december.carried == eur("180"))
    }
  }

  @Test(
    "given spending, a refund and salary, when category totals are read, then NET is in each category's direction and top spenders go by it"
  )
  func categoryTotalsNet() async throws {
    let harness = try await ProjectionHarness([CategoryTotalsProjector()])
    var clawback = expense(5, "100", on: "2026-12-05", category: Scenario.income, name: "Overpaid salary")
    clawback.type = .expense
    var salary = expense(4, "3000", on: "2026-12-01", category: Scenario.income, name: "Salary")
    salary.type = .income
    try await harness.given(
      Self.defaults + [
        Self.spend(1, "50", on: "2026-12-02"), Self.refund(2, "20", on: "2026-12-03"),
        Self.spend(3, "40", on: "2026-12-02", Scenario.restaurants),
        .transactionAdded(salary), .transactionAdded(clawback),
      ])

    try harness.read { reader throws in
      let queries = CategoryQueries(reader)
      let rows = try queries.month(month("2026-12")).rows
      let food = try #require(rows.first { $0.name == "Food" })
      // Food: 50 spent, 20 received, net 30 (an expense category: spent − received).
      #expect(food.spent == eur("50") && food.received == eur("20") && food.net == eur("30") && food.count == 2)
      // Income: 3,000 received, 100 taken back, net 2,900 (an income category: received − spent).
      let income = try #require(rows.first { $0.category == Scenario.income })
      #expect(income.net == eur("2900") && income.netSpending == eur("-2900"))
      // Top spenders by net: Restaurants 40 before Food 30 (Food spent 50 gross); income is not spending.
      let top = try queries.topSpending(.month(month("2026-12")), currency: .eur, limit: 5)
      #expect(top.rows.map(\.name) == ["Restaurants", "Food"])
      // Over three months Food spent 30 net: 10 a month.
      let average = try queries.averageMonthlySpending(months: 3, endingAt: month("2026-12"))
      #expect(average.rows.first { $0.name == "Food" }?.total == eur("30"))
      #expect(average.rows.first { $0.name == "Food" }?.average == eur("10"))
      #expect(average.rows.allSatisfy { $0.category != Scenario.income })
    }
  }
}
