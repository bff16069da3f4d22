import LedgerDomain
import LedgerTesting
import Testing

@Suite("Rules: the zero-based budget")
struct BudgetRulesTests {
  @Test("given Food, when 400 is budgeted for March, then BudgetSet; setting the same again changes nothing")
  func setBudget() throws {
    var scenario = Scenario.standard()
    let set = BudgetSet(month: month("2024-03"), category: Scenario.food, amount: eur("400"))

    #expect(try scenario.when(.setBudget(set)) == [.budgetSet(set)])
    try scenario.run(.setBudget(set))
    #expect(throws: DomainError.invalidField(field: "budget for 'Food'", reason: "is already 400.00 EUR in 2024-03")) {
      try scenario.when(.setBudget(set))
    }
  }

  @Test(
    "given March planning a budget, a salary and a yearly bonus, when its plan is copied to April, then the budget and the salary are, the yearly bonus is not, and what April has already is left"
  )
  func copyingAPlanCopiesItsIncome() throws {
    var scenario = Scenario.standard()
    let march = month("2024-03"), april = month("2024-04")
    try scenario.run(.setBudget(BudgetSet(month: march, category: Scenario.food, amount: eur("400"))))
    try scenario.run(.planIncome(IncomePlanned(month: march, year: 2024, source: "Salary", amount: eur("3200"))))
    try scenario.run(.planIncome(IncomePlanned(month: march, year: 2024, source: "Gift", amount: eur("50"))))
    try scenario.run(.planIncome(IncomePlanned(month: nil, year: 2024, source: "Bonus", amount: eur("1000"))))
    try scenario.run(.planIncome(IncomePlanned(month: april, year: 2024, source: "Gift", amount: eur("50"))))

    #expect(
      scenario.state.incomeToCopy(from: march, to: april) == [
        PlanIncome(month: april, year: 2024, source: "Salary", amount: eur("3200"))
      ])
    #expect(
      scenario.state.planToCopy(from: march, to: april) == [
        .setBudget(BudgetSet(month: april, category: Scenario.food, amount: eur("400"))),
        .planIncome(IncomePlanned(month: april, year: 2024, source: "Salary", amount: eur("3200"))),
      ])
    #expect(scenario.state.hasPlan(in: march))
    #expect(!scenario.state.hasPlan(in: month("2024-07")))
    // income alone is a plan too
    try scenario.run(
      .planIncome(IncomePlanned(month: month("2024-05"), year: 2024, source: "Salary", amount: eur("10"))))
    #expect(scenario.state.hasPlan(in: month("2024-05")))
  }

  @Test("given budget rules, when amounts are negative, in another currency, or for income, then refused")
  func budgetAmounts() {
    let scenario = Scenario.standard()
    #expect(throws: DomainError.self) {
      try scenario.when(.setBudget(BudgetSet(month: month("2024-03"), category: Scenario.food, amount: eur("-1"))))
    }
    #expect(throws: DomainError.currencyMismatch(field: "budget for 'Food'", expected: .eur, found: .usd)) {
      try scenario.when(
        .setBudget(
          BudgetSet(month: month("2024-03"), category: Scenario.food, amount: Money(units: 10, currency: .usd))))
    }
    #expect(throws: DomainError.self) {
      try scenario.when(.setBudget(BudgetSet(month: month("2024-03"), category: Scenario.income, amount: eur("1"))))
    }
  }

  @Test(
    "given a quarterly category, when a quarter is budgeted, then it must start a calendar quarter; variable categories take no quarters"
  )
  func quarterly() throws {
    var scenario = Scenario.standard()
    let insurance = CategoryID.random()
    try scenario.run(.createCategory(CreateCategory(category: insurance, name: "Insurance", budgetType: .quarterly)))

    #expect(throws: Never.self) {
      try scenario.when(
        .setBudget(BudgetSet(month: month("2024-04"), category: insurance, amount: eur("300"), span: .quarter)))
    }
    // A month's amount beside the quarter's would add to one third, or replace the quarter.
    #expect(throws: DomainError.self) {
      try scenario.when(.setBudget(BudgetSet(month: month("2024-05"), category: insurance, amount: eur("50"))))
    }
    #expect(throws: DomainError.self) {
      try scenario.when(.setBudget(BudgetSet(month: month("2024-04"), category: insurance, amount: eur("50"))))
    }
    #expect(throws: DomainError.self) {
      try scenario.when(
        .setBudget(BudgetSet(month: month("2024-05"), category: insurance, amount: eur("300"), span: .quarter)))
    }
    #expect(throws: DomainError.self) {
      try scenario.when(
        .setBudget(BudgetSet(month: month("2024-04"), category: Scenario.food, amount: eur("300"), span: .quarter)))
    }
  }

  @Test(
    "given 400 in Food, when 150 moves to Restaurants, then BudgetMoved; moving 500 is refused naming what is available"
  )
  func moveBudget() throws {
    var scenario = Scenario.standard()
    try scenario.run(.setBudget(BudgetSet(month: month("2024-03"), category: Scenario.food, amount: eur("400"))))
    let move = BudgetMoved(month: month("2024-03"), from: Scenario.food, to: Scenario.restaurants, amount: eur("150"))

    #expect(try scenario.when(.moveBudget(move)) == [.budgetMoved(move)])
    try scenario.run(.moveBudget(move))
    #expect(scenario.state.budgets[month("2024-03")]?[Scenario.food]?.amount == eur("250"))
    #expect(scenario.state.budgets[month("2024-03")]?[Scenario.restaurants]?.amount == eur("150"))
    var tooMuch = move
    tooMuch.amount = eur("250.01")
    #expect(throws: DomainError.insufficientBudget(category: "Food", month: month("2024-03"), available: eur("250"))) {
      try scenario.when(.moveBudget(tooMuch))
    }
  }

  @Test(
    "given 360 for Insurance's first quarter, when budget moves out of its months, then each month has its third (moves of the month included) — as the sheet shows"
  )
  func moveFromQuarter() throws {
    var scenario = Scenario.standard()
    let insurance = CategoryID.random()
    try scenario.run(.createCategory(CreateCategory(category: insurance, name: "Insurance", budgetType: .quarterly)))
    try scenario.run(
      .setBudget(BudgetSet(month: month("2024-01"), category: insurance, amount: eur("360"), span: .quarter)))
    func move(_ amount: String, in month: YearMonth) -> BudgetMoved {
      BudgetMoved(month: month, from: insurance, to: Scenario.restaurants, amount: eur(amount))
    }

    // January has its third, not the whole quarter.
    #expect(
      throws: DomainError.insufficientBudget(category: "Insurance", month: month("2024-01"), available: eur("120"))
    ) {
      try scenario.when(.moveBudget(move("200", in: month("2024-01"))))
    }
    try scenario.run(.moveBudget(move("100", in: month("2024-01"))))
    #expect(scenario.state.assigned(insurance, in: month("2024-01")) == eur("20"))
    // March has its third too, though the quarter is recorded under January.
    #expect(try scenario.when(.moveBudget(move("120", in: month("2024-03")))).count == 1)
    try scenario.run(.moveBudget(move("50", in: month("2024-03"))))
    #expect(scenario.state.assigned(insurance, in: month("2024-02")) == eur("120"))
    #expect(scenario.state.assigned(insurance, in: month("2024-03")) == eur("70"))
    #expect(scenario.state.assigned(Scenario.restaurants, in: month("2024-03")) == eur("50"))
    #expect(scenario.state.assigned(insurance, in: month("2024-04")) == .zero(.eur))

    // Copied to the next quarter as planned (360), not as January ended up; not to a month mid-quarter.
    #expect(
      scenario.state.budgetsToCopy(from: month("2024-01"), to: month("2024-04"))
        == [
          SetBudget(month: month("2024-04"), category: Scenario.restaurants, amount: eur("100")),
          SetBudget(month: month("2024-04"), category: insurance, amount: eur("360"), span: .quarter),
        ].sorted { $0.category < $1.category })
    #expect(
      scenario.state.budgetsToCopy(from: month("2024-01"), to: month("2024-02")).map(\.category) == [
        Scenario.restaurants
      ])
    // A budget set to zero is copied (it says: nothing for this category).
    try scenario.run(.setBudget(BudgetSet(month: month("2024-06"), category: Scenario.food, amount: eur("0"))))
    #expect(scenario.state.budgetsToCopy(from: month("2024-06"), to: month("2024-08")).map(\.amount) == [eur("0")])
    // March holds only the 50 moved out of the quarter: no budget of its own to copy.
    #expect(
      !scenario.state.budgetsToCopy(from: month("2024-03"), to: month("2024-05")).contains { $0.category == insurance })
    // A quarter's budget set again after a move out of its first month cannot be undone
    // without losing the move: refused, saying so.
    let before = scenario.state
    let reset = try scenario.when(
      .setBudget(BudgetSet(month: month("2024-01"), category: insurance, amount: eur("600"), span: .quarter)))
    #expect(throws: DomainError.self) { try compensation(for: reset, before: before, today: scenario.today) }
  }

  @Test(
    "given Salary planned at 3,000 then 3,200, when undone, then back to 3,000 and then none; the same amount again is refused"
  )
  func undoIncome() throws {
    var scenario = Scenario.standard()
    let first = IncomePlanned(month: month("2024-03"), year: 2024, source: "Salary", amount: eur("3000"))
    var second = first
    second.amount = eur("3200")
    try scenario.run(.planIncome(first))
    let before = scenario.state
    let raised = try scenario.when(.planIncome(second))
    scenario.state.apply(raised)

    #expect(try compensation(for: raised, before: before, today: scenario.today) == [.planIncome(first)])
    var none = first
    none.amount = .zero(.eur)
    #expect(
      try compensation(for: [.incomePlanned(first)], before: Scenario.standard().state, today: scenario.today) == [
        .planIncome(none)
      ])
    #expect(throws: DomainError.self) { try scenario.when(.planIncome(second)) }
  }

  @Test(
    "given Bonus planned, when 'bonus' is planned for the same month or another year, then it is recorded as Bonus — one source, not two; an unrelated source keeps its own spelling"
  )
  func incomeSourcesIgnoreCase() throws {
    var scenario = Scenario.standard()
    try scenario.run(
      .planIncome(IncomePlanned(month: month("2024-03"), year: 2024, source: "Bonus", amount: eur("500"))))

    let sameMonth = try scenario.when(
      .planIncome(IncomePlanned(month: month("2024-03"), year: 2024, source: "bonus", amount: eur("650"))))
    #expect(
      sameMonth == [
        .incomePlanned(IncomePlanned(month: month("2024-03"), year: 2024, source: "Bonus", amount: eur("650")))
      ])
    let nextYear = try scenario.when(
      .planIncome(IncomePlanned(month: nil, year: 2025, source: "  BONUS ", amount: eur("1000"))))
    #expect(nextYear == [.incomePlanned(IncomePlanned(month: nil, year: 2025, source: "Bonus", amount: eur("1000")))])
    let other = try scenario.when(
      .planIncome(IncomePlanned(month: nil, year: 2025, source: "bonus pay", amount: eur("10"))))
    #expect(other == [.incomePlanned(IncomePlanned(month: nil, year: 2025, source: "bonus pay", amount: eur("10")))])
    // The same amount under another case is the same plan: refused as unchanged.
    #expect(throws: DomainError.self) {
      try scenario.when(
        .planIncome(IncomePlanned(month: month("2024-03"), year: 2024, source: "BONUS", amount: eur("500"))))
    }
  }

  @Test("given planned income, when the month is outside the year or the source is blank, then refused")
  func planIncome() throws {
    let scenario = Scenario.standard()
    let salary = IncomePlanned(month: month("2024-03"), year: 2024, source: "Salary", amount: eur("3000"))
    #expect(try scenario.when(.planIncome(salary)) == [.incomePlanned(salary)])
    #expect(throws: DomainError.self) {
      try scenario.when(
        .planIncome(IncomePlanned(month: month("2024-03"), year: 2023, source: "Salary", amount: eur("1"))))
    }
    #expect(throws: DomainError.self) {
      try scenario.when(.planIncome(IncomePlanned(month: nil, year: 2024, source: "", amount: eur("1"))))
    }
  }
}
