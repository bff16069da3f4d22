import Ledger
import LedgerDomain
import LedgerTesting
import QueryResults
import Testing

/// "Why this number?" for the cash flow and the forecast: on a ledger of random commands with
/// bills, income and a transfer on schedules, every month's net cash flow and every account's
/// forecast month end are the sums of the parts explained, and the figures the reports show.
@Suite("Explained cash flows and forecasts add up")
struct ExplainFlowPropertyTests {
  /// The random ledger with a rent, a salary and a monthly saving on schedules (today is
  /// 2024-12-31 there), one of them a bill left unpaid.
  static func ledger(seed: UInt64, directory: TemporaryDirectory) async throws -> Ledger {
    let ledger = try await ProjectionPropertyTests.randomLedger(seed: seed, count: 300, directory: directory)
    let income = try #require(ledger.state.categories.first { $0.value.kind == .income }?.key)
    let monthly = { (day: Int) in Recurrence(unit: .month, dayOfMonth: day, start: LedgerTesting.day("2024-06-01")) }
    let schedules: [ScheduleTerms] = [
      ScheduleTerms(
        name: "Rent", kind: .expense, amount: eur("950"), account: Scenario.checking, category: Scenario.food,
        recurrence: monthly(1)),
      ScheduleTerms(
        name: "Salary", kind: .income, amount: eur("2400.50"), account: Scenario.checking, category: income,
        recurrence: monthly(25)),
      ScheduleTerms(
        name: "Saving", kind: .transfer, amount: eur("120"), account: Scenario.checking, toAccount: Scenario.savings,
        recurrence: monthly(28)),
    ]
    for (n, terms) in schedules.enumerated() {
      try await ledger.execute(.createSchedule(ScheduleID(raw: EntityID(high: 0x5C, low: UInt64(n + 1))), terms: terms))
    }
    return ledger
  }

  @Test(
    "given random commands and schedules, when every month's cash flow is explained, now and at half the log, then the parts add up to the report's net",
    arguments: [11, 12] as [UInt64])
  func cashflowPartsAddUp(seed: UInt64) async throws {
    let directory = TemporaryDirectory()
    let ledger = try await Self.ledger(seed: seed, directory: directory)
    var parts = 0
    for point in [TimePoint.now, .position(ledger.position / 2)] {
      for month in ExplainPropertyTests.monthEnds.map(\.yearMonth) {
        // When the month's cash flow is explained
        let explanation = try ledger.explain(.cashflow(in: month), at: point)
        // Then its parts add up to it, and it is the report's net
        #expect(explanation.sum == explanation.total, "\(month) at \(point)")
        #expect(explanation.total == (try ledger.cashflow(from: month, through: month, at: point).value.first?.net))
        #expect(explanation.parts.allSatisfy { $0.kind == .transaction && $0.date.yearMonth == month })
        parts += explanation.parts.count
      }
    }
    #expect(parts > 100)
  }

  @Test(
    "given random commands and schedules, when each account's forecast at the next six month ends is explained, with and without budgets, then the parts add up to the forecast's month end",
    arguments: [11, 12] as [UInt64])
  func forecastPartsAddUp(seed: UInt64) async throws {
    let directory = TemporaryDirectory()
    let ledger = try await Self.ledger(seed: seed, directory: directory)
    let today = day("2024-12-31")
    var kinds: Set<Explanation.Part.Kind> = []
    for account in [Scenario.checking, Scenario.savings] {
      for ahead in 0..<6 {
        let month = try today.yearMonth.adding(months: ahead)
        for withBudgets in [false, true] {
          // When the month end is explained
          let explanation = try ledger.explain(.forecast(account, in: month, withBudgets: withBudgets))
          // Then its parts add up to it, and it is the forecast's figure
          #expect(explanation.sum == explanation.total, "\(account) \(month) budgets \(withBudgets)")
          let forecast = try ledger.forecast(
            months: ahead + 1, account: account, budgetsFrom: withBudgets ? account : nil
          ).value
          #expect(explanation.total == forecast.accounts.first?.months.first { $0.month == month }?.balance)
          #expect(explanation.parts.first?.kind == .balance)
          #expect(explanation.parts.dropFirst().allSatisfy { $0.date > today && $0.date <= month.lastDay })
          kinds.formUnion(explanation.parts.map(\.kind))
        }
      }
    }
    #expect(kinds.isSuperset(of: [.balance, .scheduled]))
    // And from a day in the past, as the date picker asks, the parts add up to that forecast
    let from = day("2024-08-15")
    let explanation = try ledger.explain(
      .forecast(Scenario.checking, in: month("2024-10"), withBudgets: true, from: from))
    let forecast = try ledger.forecast(
      months: 3, account: Scenario.checking, budgetsFrom: Scenario.checking, asOf: from
    )
    .value
    #expect(explanation.sum == explanation.total)
    #expect(explanation.total == forecast.accounts.first?.months.first { $0.month == month("2024-10") }?.balance)
    #expect(explanation.parts.first?.date == from)
  }

  @Test("given a month already over, when its forecast is explained, then it is refused by name")
  func aPastMonthIsRefused() async throws {
    let fixture = try await LedgerFixture()
    #expect(throws: LedgerError.self) {
      try fixture.ledger.explain(.forecast(Scenario.checking, in: month("2024-02"), withBudgets: false))
    }
  }
}
