import LedgerDomain
import Testing

/// A debt's statement, worked out by hand: 1,000.00 owed at 12 % (1 % a month), minimum 50.00.
@Suite struct DebtStatementTests {
  let euros = { (text: String) throws -> Money in try Money(parsing: text, currency: .eur) }

  func flow(_ month: String, payments: String, interest: String?, charges: String = "0") throws -> DebtStatement.Flows {
    DebtStatement.Flows(
      month: try YearMonth(parsing: month), payments: try euros(payments), interest: try interest.map(euros),
      charges: try euros(charges))
  }

  @Test func paymentsPayInterestFirstAndCarryWhatTheyDidNotCover() throws {
    // Given 1,000.00 owed, and three months:
    //   August:    10.00 interest posted, 100.00 paid → 10.00 interest + 90.00 principal; owes 910.00
    //   September: 9.10 posted, 200.00 bought, 5.00 paid → 5.00 interest, 4.10 carried; owes 1,114.10
    //   October:   11.14 posted, 60.00 paid → 4.10 + 11.14 = 15.24 interest, 44.76 principal; owes 1,065.24
    let terms = DebtTerms(apr: try AnnualRate(parsing: "12"), minimum: try euros("50"))
    let flows = [
      try flow("2026-08", payments: "100", interest: "10.00"),
      try flow("2026-09", payments: "5", interest: "9.10", charges: "200"),
      try flow("2026-10", payments: "60", interest: "11.14"),
    ]
    // When the statement is made as of the end of October
    let statement = DebtStatement.make(
      openingOwed: try euros("1000"), flows: flows, terms: { _ in terms },
      asOf: try CivilDate(year: 2026, month: 10, day: 31))
    // Then each month splits as worked out above
    let months = statement.months
    #expect(months.map(\.interestPaid) == [try euros("10"), try euros("5"), try euros("15.24")])
    #expect(months.map(\.principalPaid) == [try euros("90"), try euros("0"), try euros("44.76")])
    #expect(months.map(\.closingOwed) == [try euros("910"), try euros("1114.10"), try euros("1065.24")])
    #expect(months.map(\.openingOwed) == [try euros("1000"), try euros("910"), try euros("1114.10")])
    #expect(months.map(\.minimumMet) == [true, false, true])
    // The rule's interest beside each: 1 % of what was owed at the month's start
    #expect(months.map(\.expectedInterest) == [try euros("10"), try euros("9.10"), try euros("11.14")])
    #expect(statement.interestPaid == (try euros("30.24")))
    #expect(statement.principalPaid == (try euros("134.76")))
    #expect(statement.interestCharged == (try euros("30.24")))
  }

  @Test func aMonthNotOverIsNotJudgedAndOneWithoutInterestPostedCountsNone() throws {
    // Given 1,000.00 owed and November, not over on the 27th, with 20.00 paid and no interest posted
    let terms = DebtTerms(apr: try AnnualRate(parsing: "12"), minimum: try euros("50"))
    let statement = DebtStatement.make(
      openingOwed: try euros("1000"), flows: [try flow("2026-11", payments: "20", interest: nil)],
      terms: { _ in terms }, asOf: try CivilDate(year: 2026, month: 11, day: 27))
    // Then the minimum is not judged yet, the payment is all principal, and the rule's 10.00 is
    // shown as expected only
    let november = try #require(statement.months.first)
    #expect(november.minimumMet == nil)
    let (ten, twenty, left) = (try euros("10"), try euros("20"), try euros("980"))
    #expect(november.interestCharged == nil && november.expectedInterest == ten)
    #expect(november.principalPaid == twenty && november.closingOwed == left)
  }

  @Test func aMinimumAboveWhatIsOwedIsMetByPayingItOff() throws {
    // Given 30.00 owed with a 50.00 minimum, paid off with 30.30 (its 0.30 interest included)
    let terms = DebtTerms(apr: try AnnualRate(parsing: "12"), minimum: try euros("50"))
    let statement = DebtStatement.make(
      openingOwed: try euros("30"), flows: [try flow("2026-08", payments: "30.30", interest: "0.30")],
      terms: { _ in terms }, asOf: try CivilDate(year: 2026, month: 8, day: 31))
    // Then the minimum counts as met, and nothing is owed
    #expect(statement.months.first?.minimumMet == true)
    #expect(statement.months.first?.closingOwed == .zero(.eur))
  }
}
