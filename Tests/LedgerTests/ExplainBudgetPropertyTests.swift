import Ledger
import LedgerDomain
import LedgerTesting
import QueryResults
import Testing

/// "Why this number?" on the budget sheet: what a category has left, has available and had
/// carried in, and what remains to assign, are the sums of the parts `explain` lists — on a ledger of random transactions with
/// random budgets (monthly and quarterly), planned income (monthly and yearly), rollover and
/// goals on the sheet, now and as known at earlier log positions — and they are the figures
/// the sheet shows.
@Suite("Explained budget figures add up")
struct ExplainBudgetPropertyTests {
  @Test(
    "given random transactions, budgets, income, rollover and goals, when every category's left, available and carried amounts and every month's remaining to assign are explained, now and at two earlier positions, then the parts add up to the sheet's figures",
    arguments: [21, 22] as [UInt64])
  func partsAddUpToTheSheet(seed: UInt64) async throws {
    // Given a ledger of random transactions, then a random budget plan over it
    let directory = TemporaryDirectory()
    let ledger = try await ProjectionPropertyTests.randomLedger(seed: seed, count: 200, directory: directory)
    var random = SeededGenerator(seed: seed)
    let categories = ledger.state.categories.filter { $0.value.kind == .expense }.map(\.key).sorted()
    let months = ExplainPropertyTests.monthEnds.map(\.yearMonth)
    let positions = try await Self.plan(ledger, categories: categories, months: months, random: &random)
    var kinds: Set<Explanation.Part.Kind> = []
    for point in [TimePoint.now] + positions.map(TimePoint.position) {
      for month in months {
        // When each figure of the month's sheet is explained
        let sheet = try ledger.budgetSheet(month, at: point).value
        let remaining = try ledger.explain(.remaining(in: month), at: point)
        // Then its parts add up to it, and it is the sheet's
        #expect(remaining.sum == remaining.total, "remaining in \(month) at \(point)")
        #expect(remaining.total == sheet.summary.remainingToAssign, "remaining in \(month) at \(point)")
        kinds.formUnion(remaining.parts.map(\.kind))
        for category in categories {
          let left = try ledger.explain(.left(category, in: month), at: point)
          #expect(left.sum == left.total, "\(category) in \(month) at \(point)")
          let line = sheet.report.lines.first { $0.category == category }
          #expect(left.total == line?.difference ?? .zero(.eur), "\(category) in \(month) at \(point)")
          kinds.formUnion(left.parts.map(\.kind))
          let available = try ledger.explain(.available(category, in: month), at: point)
          #expect(available.sum == available.total, "available: \(category) in \(month) at \(point)")
          #expect(available.total == line?.budgeted ?? .zero(.eur), "available: \(category) in \(month) at \(point)")
          let carried = try ledger.explain(.carried(category, in: month), at: point)
          #expect(carried.sum == carried.total, "carried: \(category) in \(month) at \(point)")
          #expect(carried.total == line?.carried ?? .zero(.eur), "carried: \(category) in \(month) at \(point)")
          // Money is withheld only where none was carried: rollover carries all or nothing.
          let withheld = carried.parts.filter { $0.kind == .withheld }
          #expect(withheld.isEmpty || carried.total.isZero, "carried: \(category) in \(month) at \(point)")
          kinds.formUnion(carried.parts.map(\.kind))
        }
      }
    }
    // And the plan held every kind of part the sheet's figures are made of
    #expect(kinds.isSuperset(of: [.budget, .carried, .withheld, .goal, .income, .transaction]), "\(kinds)")
  }

  /// Random budgets, income, rollover settings and two goals on the sheet; answers the log
  /// positions after the first and second half of them.
  static func plan(
    _ ledger: Ledger, categories: [CategoryID], months: [YearMonth], random: inout SeededGenerator
  ) async throws -> [UInt64] {
    var positions: [UInt64] = []
    for (index, month) in months.enumerated() {
      for category in categories where random.next() % 3 == 0 {
        let amount = Money(units: Int64(random.next() % 40_000) * 100, currency: .eur)
        let span: BudgetSpan = ledger.state.categories[category]?.budgetType == .quarterly ? .quarter : .month
        try await ledger.execute(.setBudget(SetBudget(month: month, category: category, amount: amount, span: span)))
      }
      if random.next() % 2 == 0 {
        let amount = Money(units: Int64(1_000 + random.next() % 4_000) * 10_000, currency: .eur)
        try await ledger.execute(
          .planIncome(PlanIncome(month: month, year: month.year, source: "Salary", amount: amount)))
      }
      if index == 2 {
        // Both ways, then only what is left over, then only overspending; and both ways on
        // the category of the goal whose need the sheet plans, which rollover does not carry.
        let rolled = Array(categories.prefix(4)) + [categories.last!]
        for (category, flags) in zip(rolled, [(true, true), (true, true), (true, false), (false, true), (true, true)]) {
          try await ledger.execute(
            .setRollover(
              SetRollover(category: category, carryUnspent: flags.0, carryOverspent: flags.1, from: month)))
        }
      }
      if index == months.count / 2 { positions.append(ledger.position) }
    }
    try await ledger.execute(
      .planIncome(PlanIncome(month: nil, year: 2024, source: "Bonus", amount: eur("1234.57"))))
    let onSheet = GoalSettings(name: "Trip", target: eur("2400"), targetDate: day("2025-06-30"), onBudgetSheet: true)
    try await ledger.execute(
      .addGoal(
        AddGoal(
          goal: GoalID(raw: EntityID(high: 0x6A, low: 1)), settings: onSheet, startDate: day("2023-01-01"),
          funding: .account(Scenario.savings))))
    var rainy = onSheet
    rainy.name = "Rainy day"
    try await ledger.execute(
      .addGoal(
        AddGoal(
          goal: GoalID(raw: EntityID(high: 0x6A, low: 2)), settings: rainy, startDate: day("2023-01-01"),
          funding: .category(categories.last!))))
    positions.append(ledger.position)
    return positions
  }
}
