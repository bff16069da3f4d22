import BudgetVsActual
import EventLog
import LedgerDomain
import LedgerTesting
import ProjectionEngine
import Testing

@Suite("Projection: budget vs actual")
struct BudgetVsActualTests {
  static let defaults = DefaultCategories.events().map(LedgerEvent.categoryCreated)
  static let transport = DefaultCategories.id(3)
  static let shopping = DefaultCategories.id(4)
  static let insurance = CategoryID(raw: EntityID(high: 0xCA7, low: 2))
  static let insuranceCreated = LedgerEvent.categoryCreated(
    CategoryCreated(
      category: insurance, name: "Insurance", kind: .expense, budgetType: .quarterly, icon: "shield", color: .neutral, sortOrder: 20,
      isCustom: true))

  static func budget(_ month: String, _ category: CategoryID, _ amount: String, span: BudgetSpan = .month) -> LedgerEvent {
    .budgetSet(BudgetSet(month: LedgerTesting.month(month), category: category, amount: eur(amount), span: span))
  }

  static func spend(_ id: UInt64, _ amount: String, on date: String, _ category: CategoryID = Scenario.food) -> LedgerEvent {
    .transactionAdded(expense(id, amount, on: date, category: category))
  }

  static func line(_ report: BudgetMonthReport, _ name: String) -> BudgetLine? { report.lines.first { $0.name == name } }

  static func harness() async throws -> ProjectionHarness { try await ProjectionHarness([BudgetVsActualProjector()]) }

  @Test("given budgets, expenses and a split, when March is read, then each expense category shows budgeted, actual, difference and % used")
  func budgetAgainstActual() async throws {
    let harness = try await Self.harness()
    var dollars = expense(9, "0", on: "2024-03-20")
    dollars.amount = Money(units: 1_000_000, currency: .usd)
    let splits = [Split(category: Scenario.food, amount: eur("20")), Split(category: Scenario.restaurants, amount: eur("30"))]
    try await harness.given(
      Self.defaults + [
        Self.budget("2024-03", Scenario.food, "400"), Self.budget("2024-03", Scenario.restaurants, "100"),
        Self.budget("2024-03", Scenario.bills, "1000"),
        Self.spend(1, "200", on: "2024-03-02"), Self.spend(2, "100", on: "2024-03-09"),
        Self.spend(3, "120", on: "2024-03-10", Scenario.restaurants), Self.spend(4, "999", on: "2024-04-01"),
        .transactionAdded(
          TransactionAdded(
            transaction: txID(5), account: Scenario.checking, date: day("2024-03-12"), amount: eur("50"), type: .expense, category: nil,
            splits: splits, name: "Market")),
        .transactionAdded(dollars),
      ])

    try harness.read { reader throws in
      let report = try BudgetQueries(reader).month(month("2024-03"), currency: .eur)
      #expect(report.lines.map(\.name) == ["Food", "Restaurants", "Transport", "Shopping", "Entertainment", "Health", "Sport", "Bills"])
      let food = try #require(Self.line(report, "Food"))
      #expect(food.budgeted == eur("400") && food.actual == eur("320") && food.difference == eur("80"))
      #expect(food.usedBasisPoints == 8_000 && !food.isOverBudget && food.alert == .percent75)
      let restaurants = try #require(Self.line(report, "Restaurants"))
      #expect(restaurants.actual == eur("150") && restaurants.difference == eur("-50"))
      #expect(restaurants.usedBasisPoints == 15_000 && restaurants.isOverBudget && restaurants.alert == .percent100)
      let bills = try #require(Self.line(report, "Bills"))
      #expect(bills.usedBasisPoints == 0 && bills.alert == BudgetAlert.none && bills.budgetType == .fixed)
      let transport = try #require(Self.line(report, "Transport"))
      #expect(transport.budgeted == eur("0") && transport.usedBasisPoints == nil && transport.alert == BudgetAlert.none)
      #expect(report.totalBudgeted == eur("1500") && report.totalActual == eur("470"))
      #expect(report.asKnownAt == reader.head.position)
    }
  }

  @Test("given spending just under and exactly at 75, 90 and 100 % of budget, when read, then alerts start exactly at each threshold")
  func alertThresholds() async throws {
    let harness = try await Self.harness()
    let cases: [(CategoryID, String)] = [
      (Scenario.food, "74.99"), (Scenario.restaurants, "75"), (Self.transport, "89.99"), (Self.shopping, "90"),
      (DefaultCategories.id(5), "99.99"), (DefaultCategories.id(6), "100"), (DefaultCategories.id(7), "100.01"),
    ]
    var events = Self.defaults
    for (index, (category, amount)) in cases.enumerated() {
      events += [Self.budget("2024-03", category, "100"), Self.spend(UInt64(index + 1), amount, on: "2024-03-05", category)]
    }
    events.append(Self.spend(99, "5", on: "2024-03-06", Scenario.bills))
    try await harness.given(events)

    try harness.read { reader throws in
      let report = try BudgetQueries(reader).month(month("2024-03"), currency: .eur)
      let lines = report.lines.prefix(7)
      #expect(lines.map(\.usedBasisPoints) == [7_499, 7_500, 8_999, 9_000, 9_999, 10_000, 10_001])
      #expect(lines.map(\.alert) == [.none, .percent75, .percent75, .percent90, .percent90, .percent100, .percent100])
      #expect(lines.map(\.isOverBudget) == [false, false, false, false, false, false, true])
      let bills = try #require(Self.line(report, "Bills"))
      #expect(bills.usedBasisPoints == nil && bills.isOverBudget && bills.alert == .percent100)
    }
  }

  @Test("given a quarterly budget set in January, when January to April are read, then each month shows a third in whole cents")
  func quarterlyAllocation() async throws {
    let harness = try await Self.harness()
    try await harness.given(Self.defaults + [Self.insuranceCreated, Self.budget("2024-01", Self.insurance, "100", span: .quarter)])

    try harness.read { reader throws in
      let queries = BudgetQueries(reader)
      let thirds = try ["2024-01", "2024-02", "2024-03", "2024-04"].map {
        try #require(Self.line(try queries.month(month($0), currency: .eur), "Insurance")).budgeted
      }
      #expect(thirds == [eur("33.34"), eur("33.33"), eur("33.33"), eur("0")])  // whole cents, adding up to 100
      let summary = try queries.summary(month("2024-01"), currency: .eur)
      #expect(summary.budgeted.quarterly == eur("33.34") && summary.budgeted.total == eur("33.34"))
    }
  }

  @Test("given budget moved between categories and then set again, when read, then the move shifts the month and setting replaces it")
  func budgetMoved() async throws {
    let harness = try await Self.harness()
    try await harness.given(
      Self.defaults + [
        Self.insuranceCreated, Self.budget("2024-03", Scenario.food, "400"), Self.budget("2024-03", Scenario.restaurants, "100"),
        Self.budget("2024-01", Self.insurance, "300", span: .quarter), Self.budget("2024-02", Scenario.food, "200"),
      ])
    let moved = try await harness.given(
      .budgetMoved(BudgetMoved(month: month("2024-03"), from: Scenario.food, to: Scenario.restaurants, amount: eur("50"))),
      .budgetMoved(BudgetMoved(month: month("2024-02"), from: Scenario.food, to: Self.insurance, amount: eur("25"))))
    try await harness.given(Self.budget("2024-03", Scenario.food, "300"))

    try harness.read { reader throws in
      let queries = BudgetQueries(reader)
      let afterMove = try queries.month(month("2024-03"), currency: .eur, asKnownAt: moved)
      #expect(Self.line(afterMove, "Food")?.budgeted == eur("350") && Self.line(afterMove, "Restaurants")?.budgeted == eur("150"))
      let now = try queries.month(month("2024-03"), currency: .eur)
      #expect(Self.line(now, "Food")?.budgeted == eur("300") && Self.line(now, "Restaurants")?.budgeted == eur("150"))
      let february = try queries.month(month("2024-02"), currency: .eur)
      #expect(Self.line(february, "Food")?.assigned == eur("175") && Self.line(february, "Insurance")?.assigned == eur("125"))
      #expect(Self.line(try queries.month(month("2024-03"), currency: .eur), "Insurance")?.assigned == eur("100"))
    }
  }

  @Test("given rollover set from February (whenever recorded), when March is read, then February's overspending is carried into it")
  func rolloverFromAMonth() async throws {
    let harness = try await Self.harness()
    try await harness.given(
      Self.defaults + [
        .budgetSet(BudgetSet(month: month("2024-02"), category: Scenario.food, amount: eur("100"))),
        Self.spend(1, "150", on: "2024-02-10"),
        .rolloverSet(RolloverSet(category: Scenario.food, carryUnspent: true, carryOverspent: true, from: month("2024-02"))),
      ])

    try harness.read { reader throws in
      let queries = BudgetQueries(reader)
      #expect(Self.line(try queries.month(month("2024-02"), currency: .eur), "Food")?.carried == eur("0"))
      #expect(Self.line(try queries.month(month("2024-03"), currency: .eur), "Food")?.carried == eur("-50"))
      #expect(Self.line(try queries.month(month("2024-04"), currency: .eur), "Food")?.carried == eur("-50"))
    }
  }

  @Test("given rollover set this month, when later months are read, then unspent and overspent amounts carry as each setting says")
  func rolloverBothWays() async throws {
    let harness = try await Self.harness()
    let set = try await harness.given(
      Self.defaults + [
        .rolloverSet(RolloverSet(category: Scenario.food, carryUnspent: true, carryOverspent: false)),
        .rolloverSet(RolloverSet(category: Scenario.restaurants, carryUnspent: false, carryOverspent: true)),
        .rolloverSet(RolloverSet(category: Self.transport, carryUnspent: true, carryOverspent: true)),
      ])
    // A rollover setting applies from the month it is recorded in.
    let start = CivilDate.today(utcMilliseconds: try #require(try harness.log.event(at: set)).recordedAt).yearMonth
    let next = try start.adding(months: 1)
    let after = try start.adding(months: 2)
    var events: [LedgerEvent] = []
    for month in [try start.adding(months: -1), start, next, after] {
      for category in [Scenario.food, Scenario.restaurants, Self.transport, Self.shopping] {
        events.append(.budgetSet(BudgetSet(month: month, category: category, amount: eur("100"))))
      }
    }
    events += [
      Self.spend(1, "60", on: "\(start)-05"), Self.spend(2, "130", on: "\(start)-05", Scenario.restaurants),
      Self.spend(3, "150", on: "\(start)-05", Self.transport), Self.spend(4, "10", on: "\(start)-05", Self.shopping),
      Self.spend(5, "20", on: "\(next)-05", Self.transport), Self.spend(6, "1", on: "\(try start.adding(months: -1))-05"),
    ]
    let budgeted = try await harness.given(events)
    try await harness.given(.rolloverSet(RolloverSet(category: Scenario.food, carryUnspent: false, carryOverspent: false)))

    try harness.read { reader throws in
      let queries = BudgetQueries(reader)
      func carried(_ month: YearMonth, asKnownAt: UInt64 = .max) throws -> [Money] {
        let report = try queries.month(month, currency: .eur, asKnownAt: asKnownAt)
        return ["Food", "Restaurants", "Transport", "Shopping"].map { Self.line(report, $0)?.carried ?? eur("-999") }
      }
      #expect(try carried(start, asKnownAt: budgeted) == [eur("0"), eur("0"), eur("0"), eur("0")])
      #expect(try carried(next, asKnownAt: budgeted) == [eur("40"), eur("-30"), eur("-50"), eur("0")])
      #expect(try carried(after, asKnownAt: budgeted) == [eur("140"), eur("0"), eur("30"), eur("0")])
      let nextReport = try queries.month(next, currency: .eur, asKnownAt: budgeted)
      let nextSheet = try queries.sheet(next, currency: .eur, asKnownAt: budgeted)
      #expect(nextSheet.report == nextReport)
      let nextSummary = try queries.summary(next, currency: .eur, asKnownAt: budgeted)
      #expect(nextSheet.summary == nextSummary)
      let transport = try #require(Self.line(nextReport, "Transport"))
      #expect(transport.budgeted == eur("50") && transport.actual == eur("20") && transport.rollover?.since == start)
      #expect(Self.line(nextReport, "Shopping")?.rollover == nil)
      // Switched off for Food: nothing carries any more.
      #expect(try carried(after)[0] == eur("0"))
    }
  }

  @Test("given planned income, budgets of each type and due dates, when the summary is read, then remaining to assign is income minus budgeted")
  func zeroBasedSummary() async throws {
    let harness = try await Self.harness()
    try await harness.given(
      Self.defaults + [
        Self.insuranceCreated,
        .incomePlanned(IncomePlanned(month: month("2024-03"), year: 2024, source: "Salary", amount: eur("3000"))),
        .incomePlanned(IncomePlanned(month: month("2024-04"), year: 2024, source: "Salary", amount: eur("2900"))),
        .incomePlanned(IncomePlanned(month: nil, year: 2024, source: "Bonus", amount: eur("1000"))),
        .incomePlanned(IncomePlanned(month: month("2024-03"), year: 2024, source: "Salary", amount: eur("3200"))),
        Self.budget("2024-03", Scenario.bills, "1000"), Self.budget("2024-03", Scenario.food, "400"),
        Self.budget("2024-03", Scenario.restaurants, "100"), Self.budget("2024-01", Self.insurance, "300", span: .quarter),
        .dueDateSet(DueDateSet(category: Scenario.bills, dueDate: day("2024-03-15"))),
        .dueDateSet(DueDateSet(category: Scenario.food, dueDate: day("2024-04-15"))),
      ])

    try harness.read { reader throws in
      let queries = BudgetQueries(reader)
      let summary = try queries.summary(month("2024-03"), currency: .eur)
      #expect(summary.incomeSources.map(\.source) == ["Bonus", "Salary"])
      #expect(summary.incomeSources.map(\.counted) == [eur("83.34"), eur("3200")])  // whole cents: 83.34 in January to April, 83.33 after
      #expect(summary.plannedIncome == eur("3283.34"))
      let budgeted = summary.budgeted
      #expect([budgeted.fixed, budgeted.variable, budgeted.quarterly, budgeted.total] == [eur("1000"), eur("500"), eur("100"), eur("1600")])
      #expect(summary.remainingToAssign == eur("1683.34"))
      #expect(summary.dueDates.map(\.name) == ["Bills"] && summary.dueDates.first?.date == day("2024-03-15"))
      // The sheet reads categories and budgets once for both parts, and answers the same.
      let sheet = try queries.sheet(month("2024-03"), currency: .eur)
      let report = try queries.month(month("2024-03"), currency: .eur)
      #expect(sheet.summary == summary && sheet.report == report)
      let shares = try (1...12).map { try queries.summary(try YearMonth(year: 2024, month: $0), currency: .eur).incomeSources.first { $0.source == "Bonus" }!.counted }
      #expect(try Money.total(of: shares, in: .eur) == eur("1000") && shares.first == eur("83.34") && shares.last == eur("83.33"))
      let year = try queries.plannedIncome(year: 2024, currency: .eur)
      #expect(year.sources.map(\.source) == ["Bonus", "Salary", "Salary"] && year.total == eur("7100"))
    }
  }

  @Test("given due dates, an archived category and a cleared date, when upcoming dates are asked, then the next N days show as known then")
  func upcomingDueDates() async throws {
    let harness = try await Self.harness()
    let set = try await harness.given(
      Self.defaults + [
        .dueDateSet(DueDateSet(category: Scenario.bills, dueDate: day("2024-03-28"))),
        .dueDateSet(DueDateSet(category: Scenario.food, dueDate: day("2024-04-03"))),
        .dueDateSet(DueDateSet(category: Scenario.restaurants, dueDate: day("2024-04-04"))),
        .dueDateSet(DueDateSet(category: Self.transport, dueDate: day("2024-03-29"))),
        .categoryArchived(CategoryArchived(category: Self.transport)),
      ])
    try await harness.given(.dueDateCleared(DueDateCleared(category: Scenario.bills)))

    try harness.read { reader throws in
      let queries = BudgetQueries(reader)
      let then = try queries.upcomingDueDates(from: day("2024-03-27"), days: 7, asKnownAt: set)
      #expect(then.dates.map(\.name) == ["Bills", "Food"] && then.through == day("2024-04-03"))
      #expect(try queries.upcomingDueDates(from: day("2024-03-27"), days: 7).dates.map(\.name) == ["Food"])
      #expect(try queries.dueDates(in: month("2024-04")).dates.map(\.name) == ["Food", "Restaurants"])
    }
  }

  @Test("given March over budget and a correction entered later, when March is read as known before it, then the earlier answer comes back")
  func timeTravel() async throws {
    let harness = try await Self.harness()
    let overspent = try await harness.given(Self.defaults + [Self.budget("2024-03", Scenario.food, "100"), Self.spend(1, "120", on: "2024-03-10")])
    var corrected = TransactionAmended(transaction: txID(1))
    corrected.amount = eur("80")
    let correctedAt = try await harness.given(.transactionAmended(corrected))
    var moved = TransactionAmended(transaction: txID(1))
    moved.date = day("2024-04-02")
    let movedAt = try await harness.given(.transactionAmended(moved))
    var recategorised = TransactionAmended(transaction: txID(1))
    recategorised.category = Scenario.restaurants
    try await harness.given(.transactionAmended(recategorised))
    try await harness.given(.transactionDeleted(TransactionDeleted(transaction: txID(1), reason: "refunded")))

    try harness.read { reader throws in
      let queries = BudgetQueries(reader)
      func food(_ month: String, _ at: UInt64) throws -> BudgetLine {
        try #require(Self.line(try queries.month(LedgerTesting.month(month), currency: .eur, asKnownAt: at), "Food"))
      }
      let before = try food("2024-03", overspent)
      #expect(before.actual == eur("120") && before.isOverBudget && before.alert == .percent100)
      #expect(try queries.month(month("2024-03"), currency: .eur, asKnownAt: overspent).asKnownAt == overspent)
      let after = try food("2024-03", correctedAt)
      #expect(after.actual == eur("80") && !after.isOverBudget && after.alert == .percent75)
      #expect(try food("2024-03", movedAt).actual == eur("0") && food("2024-04", movedAt).actual == eur("80"))
      let now = try queries.month(month("2024-04"), currency: .eur)
      #expect(Self.line(now, "Restaurants")?.actual == eur("0") && Self.line(now, "Food")?.actual == eur("0"))
    }
  }

  @Test("given every kind of budget event, when folded afresh and rebuilt, then the tables and every answer are the same")
  func budgetsSurviveVerifyAndRebuild() async throws {
    let harness = try await Self.harness()
    var amended = TransactionAmended(transaction: txID(1))
    amended.amount = eur("90")
    let early = try await harness.given(
      Self.defaults + [
        Self.insuranceCreated, Self.budget("2024-03", Scenario.food, "400"), Self.budget("2024-01", Self.insurance, "300", span: .quarter),
        .incomePlanned(IncomePlanned(month: nil, year: 2024, source: "Salary", amount: eur("36000"))),
        .rolloverSet(RolloverSet(category: Scenario.food, carryUnspent: true, carryOverspent: true)),
        .dueDateSet(DueDateSet(category: Scenario.bills, dueDate: day("2024-03-15"))), Self.spend(1, "100", on: "2024-03-10"),
        Self.spend(2, "5", on: "2024-03-11", Scenario.restaurants),
      ])
    try await harness.given(
      .transactionAmended(amended), .budgetMoved(BudgetMoved(month: month("2024-03"), from: Scenario.food, to: Scenario.restaurants, amount: eur("10"))),
      .dueDateCleared(DueDateCleared(category: Scenario.bills)), .transactionDeleted(TransactionDeleted(transaction: txID(2), reason: "test")),
      .categoryRenamed(CategoryRenamed(category: Scenario.food, previousName: "Food", name: "Groceries")))

    func budgetAnswers() throws -> [String] {
      try harness.read { reader throws in
        let queries = BudgetQueries(reader)
        return [
          "\(try queries.month(month("2024-03"), currency: .eur))", "\(try queries.month(month("2024-03"), currency: .eur, asKnownAt: early))",
          "\(try queries.summary(month("2024-03"), currency: .eur))", "\(try queries.plannedIncome(year: 2024, currency: .eur))",
          "\(try queries.upcomingDueDates(from: day("2024-03-01"), days: 30, asKnownAt: early))",
        ]
      }
    }
    #expect(try harness.engine.verifyDeep() == [])
    let before = try budgetAnswers()
    try await harness.engine.rebuild([BudgetVsActualProjector.name])
    #expect(try budgetAnswers() == before)
    #expect(try harness.engine.verifyDeep() == [])
    try harness.read { reader throws in
      let groceries = Self.line(try BudgetQueries(reader).month(month("2024-03"), currency: .eur), "Groceries")
      #expect(groceries?.budgeted == eur("390") && groceries?.actual == eur("90"))
    }
  }
}
