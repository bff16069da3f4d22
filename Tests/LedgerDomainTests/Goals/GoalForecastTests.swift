import LedgerDomain
import LedgerTesting
import Testing

/// Monthly need and projected date on examples worked out by hand.
@Suite struct GoalForecastTests {
  @Test func monthlyNeedCountsTheCurrentMonthAndRoundsUpToTheCent() {
    // 2,400.00 by 2024-12-31, 1,000.00 saved, on 2024-03-15: 1,400.00 left over March to
    // December, 10 months: 140.00 a month exactly.
    let even = GoalForecast(
      target: eur("2400"), saved: eur("1000"), targetDate: day("2024-12-31"), on: day("2024-03-15"),
      lastThreeMonths: eur("0"))
    #expect(even.left == eur("1400") && even.monthlyNeed == eur("140"))
    #expect(even.percentText == "41.6")  // 1000 / 2400 = 41.66…% rounded down
    // 1,000.00 left over March to May (3 months): 333.333… → 333.34, rounded up.
    let odd = GoalForecast(
      target: eur("1000"), saved: eur("0"), targetDate: day("2024-05-01"), on: day("2024-03-31"),
      lastThreeMonths: eur("0"))
    #expect(odd.monthlyNeed == eur("333.34"))
  }

  @Test func projectionUsesTheLastThreeFullMonthsAverage() {
    // 1,000.00 left; 250.00 saved over December–February: 83.333… a month. 12 × 83.33… =
    // 1,000 exactly: reached in the 12th month counting March → February 2025.
    let forecast = GoalForecast(
      target: eur("1500"), saved: eur("500"), targetDate: day("2025-01-31"), on: day("2024-03-10"),
      lastThreeMonths: eur("250"))
    #expect(forecast.monthlyRate == eur("83.33"))
    #expect(forecast.projected == day("2025-02-28"))
    #expect(forecast.pace == .behind)
    // 1,001.00 left at the same rate: 12.012 months → 13th month, March 2025.
    let more = GoalForecast(
      target: eur("1501"), saved: eur("500"), targetDate: nil, on: day("2024-03-10"), lastThreeMonths: eur("250"))
    #expect(more.projected == day("2025-03-31") && more.pace == .noDate && more.monthlyNeed == nil)
  }

  @Test func noProjectionWithoutSavingAndOverdueAfterTheDate() {
    let stalled = GoalForecast(
      target: eur("100"), saved: eur("20"), targetDate: day("2024-02-29"), on: day("2024-03-01"),
      lastThreeMonths: eur("-10"))
    #expect(stalled.projected == nil)
    #expect(stalled.pace == .overdue && stalled.monthlyNeed == eur("80"))
    let done = GoalForecast(
      target: eur("100"), saved: eur("120"), targetDate: day("2024-12-31"), on: day("2024-03-01"),
      lastThreeMonths: eur("0"))
    #expect(
      done.pace == .reached && done.left == eur("0") && done.monthlyNeed == eur("0") && done.percentText == "120.0")
  }
}
