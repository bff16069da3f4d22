import LedgerDomain
import LedgerTesting
import Testing

/// "Debt free by": the smallest extra that pays every debt off by a month, checked against
/// `payoff_reference.py` — with the extra found the reference is paid off by the month, with
/// one cent less it is not.
@Suite struct PayoffTargetTests {
  @Test func theExtraFoundMeetsTheDateAndOneCentLessDoesNot() throws {
    // Given 150 random sets of 1 to 5 debts (a third with terms changing later), snowball,
    // avalanche or a custom order, and a month 0 to 120 months after the first
    var generator = SeededGenerator(seed: 20_261_128)
    let start = try PayoffReferenceTests.start
    var cases: [PayoffReferenceTests.Case] = []
    var targets: [Int: Int] = [:]
    for id in 0..<150 {
      let debts = try PayoffReferenceTests.randomDebts(using: &generator, changes: id % 3 == 2)
      let strategy: PayoffStrategy = [.snowball, .avalanche, .custom(debts.reversed().map(\.name))][id % 3]
      let months = Int.random(in: 0...120, using: &generator)
      // When the extra needed is searched for
      let extra = try PayoffPlan.extraNeeded(
        debts: debts, strategy: strategy, by: try start.adding(months: months), from: start)
      targets[id] = months + 1
      cases.append(.init(id: 2 * id, strategy: strategy, debts: debts, extra: extra))
      if extra.isPositive {
        let less = Money(units: extra.units - 100, currency: .eur)
        cases.append(.init(id: 2 * id + 1, strategy: strategy, debts: debts, extra: less))
      }
    }
    // Then the reference pays off within the month with it, and not with a cent less
    let answers = try PayoffReferenceTests.reference(cases.filter { !Self.isCustom($0.strategy) })
    for item in cases {
      let target = try #require(targets[item.id / 2])
      if Self.isCustom(item.strategy) {
        let months = Self.months(item, from: start)
        #expect(item.id % 2 == 0 ? months <= target : months > target, "case \(item.id)")
        continue
      }
      let months = try #require(answers[item.id], "case \(item.id)").months ?? Int.max
      if item.id % 2 == 0 {
        #expect(months <= target, "case \(item.id): \(months) months with \(item.extra), target \(target)")
      } else {
        #expect(months > target, "case \(item.id): \(months) months with \(item.extra), target \(target)")
      }
    }
  }

  @Test func snowballNeverEndsLaterWithMoreExtra() throws {
    // Given 60 random sets of debts (the monotonicity the search relies on is proved for
    // fixed orders; snowball's order follows the balances, so it is checked here)
    var generator = SeededGenerator(seed: 20_261_129)
    let start = try PayoffReferenceTests.start
    for id in 0..<60 {
      let debts = try PayoffReferenceTests.randomDebts(using: &generator, changes: id % 2 == 1)
      // When snowball plans them with extras rising from 0 in random steps of up to 50.00
      var extra: Int64 = 0
      var last = Int.max
      for _ in 0..<25 {
        let plan = try PayoffPlan.make(
          debts: debts, strategy: .snowball, extra: Money(units: extra, currency: .eur), from: start)
        let months = plan.payoffMonth.monthsSince(start) + 1
        // Then the payoff month never comes later
        #expect(months <= last, "case \(id) extra \(extra)")
        last = months
        extra += Int64.random(in: 1...5_000, using: &generator) * 100
      }
    }
  }

  @Test func aMonthBeforeThePlanIsRefusedAndMinimumsOnlyCannotBeHurried() throws {
    // Given the card of 500.00 at 10 % (minimum 25.00) from January 2027
    let card = PayoffDebt(
      name: "Card", balance: eur("500"), rate: AnnualRate(tenThousandthsOfPercent: 100_000), minimum: eur("25"))
    let start = try YearMonth(year: 2027, month: 1)
    // When debt free by December 2026 is asked, then it is refused
    #expect {
      try PayoffPlan.extraNeeded(
        debts: [card], strategy: .avalanche, by: try YearMonth(year: 2026, month: 12), from: start)
    } throws: { "\($0)".contains("before the plan's first month, 2027-01") }
    // And minimums only, 22 months, cannot be hurried to June 2027
    #expect {
      try PayoffPlan.extraNeeded(
        debts: [card], strategy: .minimumsOnly, by: try YearMonth(year: 2027, month: 6), from: start)
    } throws: { "\($0)".contains("paying minimums only") }
    // And paying it all in January needs 504.17 − 25.00 = 479.17 extra
    let now = try PayoffPlan.extraNeeded(debts: [card], strategy: .avalanche, by: start, from: start)
    #expect(now == eur("479.17"))
  }

  @Test func theDocumentedExampleNeeds153Point39ForDecember2027() throws {
    // Given the card (500.00 at 10 %, minimum 25.00) and the loan (2,000.00 at 20 %, minimum
    // 50.00) of docs/goals-and-debts.md, avalanche from January 2027 (May 2028 with 100.00)
    let card = PayoffDebt(
      name: "Card", balance: eur("500"), rate: AnnualRate(tenThousandthsOfPercent: 100_000), minimum: eur("25"))
    let loan = PayoffDebt(
      name: "Loan", balance: eur("2000"), rate: AnnualRate(tenThousandthsOfPercent: 200_000), minimum: eur("50"))
    let start = try YearMonth(year: 2027, month: 1)
    // When debt free by December 2027 is asked for
    let needed = try PayoffPlan.extraNeeded(
      debts: [card, loan], strategy: .avalanche, by: try YearMonth(year: 2027, month: 12), from: start)
    // Then it is 153.39: with it the plan ends in December 2027, with 153.38 in January 2028
    #expect(needed == eur("153.39"))
    let with = try PayoffPlan.make(debts: [card, loan], strategy: .avalanche, extra: needed, from: start)
    let less = try PayoffPlan.make(debts: [card, loan], strategy: .avalanche, extra: eur("153.38"), from: start)
    #expect(with.payoffMonth.description == "2027-12")
    #expect(less.payoffMonth.description == "2028-01")
  }

  static func isCustom(_ strategy: PayoffStrategy) -> Bool {
    if case .custom = strategy { return true }
    return false
  }

  /// The months the ledger's own plan takes (the reference knows no custom order).
  static func months(_ item: PayoffReferenceTests.Case, from start: YearMonth) -> Int {
    guard let plan = try? PayoffPlan.make(debts: item.debts, strategy: item.strategy, extra: item.extra, from: start)
    else { return Int.max }
    return plan.payoffMonth.monthsSince(start) + 1
  }
}
