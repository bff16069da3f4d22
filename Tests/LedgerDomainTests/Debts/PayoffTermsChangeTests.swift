import LedgerDomain
import LedgerTesting
import Testing

/// A plan follows terms changed from a later month: each month uses the rate and minimum in
/// force in it. The example is worked out by hand below.
@Suite struct PayoffTermsChangeTests {
  @Test func aRateAndMinimumChangedFromMarchApplyFromMarchOn() throws {
    // Given a card owing 1,000.00 at 12 % (1 % a month), minimum 100.00, that goes to 24 %
    // (2 % a month) and a minimum of 200.00 from March 2027
    let march = try YearMonth(year: 2027, month: 3)
    let card = PayoffDebt(
      name: "Card", balance: eur("1000"), rate: AnnualRate(tenThousandthsOfPercent: 120_000), minimum: eur("100"),
      changes: [.init(month: march, rate: AnnualRate(tenThousandthsOfPercent: 240_000), minimum: eur("200"))])
    // When it is planned from January 2027 with no extra
    let plan = try PayoffPlan.make(
      debts: [card], strategy: .avalanche, extra: eur("0"), from: try YearMonth(year: 2027, month: 1))
    // Then, by hand:
    //   Jan  1,000.00 + 10.00 (1 %)            − 100.00 = 910.00
    //   Feb    910.00 +  9.10                  − 100.00 = 819.10
    //   Mar    819.10 + 16.38 (2 %: 16.382)    − 200.00 = 635.48
    //   Apr    635.48 + 12.71 (12.7096)        − 200.00 = 448.19
    //   May    448.19 +  8.96 (8.9638)         − 200.00 = 257.15
    //   Jun    257.15 +  5.14 (5.143)          − 200.00 =  62.29
    //   Jul     62.29 +  1.25 (1.2458)         −  63.54 =   0
    // interest 10.00 + 9.10 + 16.38 + 12.71 + 8.96 + 5.14 + 1.25 = 63.54, paid 1,063.54
    #expect(plan.months.map { $0.interest[0] } == ["10", "9.10", "16.38", "12.71", "8.96", "5.14", "1.25"].map(eur))
    #expect(plan.months.map { $0.payments[0] } == ["100", "100", "200", "200", "200", "200", "63.54"].map(eur))
    #expect(
      plan.months.map { $0.balances[0] } == ["910", "819.10", "635.48", "448.19", "257.15", "62.29", "0"].map(eur))
    #expect(plan.payoffMonth.description == "2027-07")
    #expect(plan.totalInterest == eur("63.54"))
    #expect(plan.totalPaid == eur("1063.54"))
  }

  @Test func aRaisedMinimumRaisesTheBudgetThatRollsOver() throws {
    // Given two debts at 0 %: A owes 100.00 (minimum 50.00), B owes 1,000.00 (minimum 50.00),
    // and B's minimum rises to 150.00 from February 2027
    let february = try YearMonth(year: 2027, month: 2)
    let a = PayoffDebt(name: "A", balance: eur("100"), rate: AnnualRate(tenThousandthsOfPercent: 0), minimum: eur("50"))
    let b = PayoffDebt(
      name: "B", balance: eur("1000"), rate: AnnualRate(tenThousandthsOfPercent: 0), minimum: eur("50"),
      changes: [.init(month: february, rate: AnnualRate(tenThousandthsOfPercent: 0), minimum: eur("150"))])
    // When snowball plans them from January 2027 with no extra
    let plan = try PayoffPlan.make(
      debts: [a, b], strategy: .snowball, extra: eur("0"), from: try YearMonth(year: 2027, month: 1))
    // Then January pays 50 + 50 (A 50 left, B 950); February's budget is 50 + 150 = 200: A's
    // last 50 and 150 to B (800 left); from March the 200 all goes to B: 600, 400, 200, 0 in June
    #expect(plan.months.map { $0.balances[1] } == ["950", "800", "600", "400", "200", "0"].map(eur))
    #expect(plan.debts.map(\.payoffMonth.description) == ["2027-02", "2027-06"])
  }
}
