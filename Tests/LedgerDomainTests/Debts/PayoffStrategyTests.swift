import LedgerDomain
import LedgerTesting
import Testing

/// Snowball against avalanche on one small example with its answer written out: a card of
/// 500.00 at 10 % (minimum 25.00) and a loan of 2,000.00 at 20 % (minimum 50.00), 100.00 extra
/// a month, from January 2027.
@Suite struct PayoffStrategyTests {
  let card = PayoffDebt(
    name: "Card", balance: eur("500"), rate: AnnualRate(tenThousandthsOfPercent: 100_000), minimum: eur("25"))
  let loan = PayoffDebt(
    name: "Loan", balance: eur("2000"), rate: AnnualRate(tenThousandthsOfPercent: 200_000), minimum: eur("50"))

  @Test func theFirstMonthIsWorkedOutByHand() throws {
    // Given the two debts, snowball
    let plan = try PayoffPlan.make(
      debts: [card, loan], strategy: .snowball, extra: eur("100"), from: try YearMonth(year: 2027, month: 1))
    // Then January: interest 500 × 10 % ÷ 12 = 4.1666… → 4.17 and 2,000 × 20 % ÷ 12 = 33.33;
    // minimums 25 and 50; the 100 extra to the smaller balance, the card
    let january = plan.months[0]
    #expect(january.interest == [eur("4.17"), eur("33.33")])
    #expect(january.payments == [eur("125"), eur("50")])
    #expect(january.balances == [eur("379.17"), eur("1983.33")])
  }

  @Test func snowballPaysTheSmallestFirstAndAvalancheTheDearest() throws {
    let start = try YearMonth(year: 2027, month: 1)
    // When both strategies plan the same debts
    let snowball = try PayoffPlan.make(debts: [card, loan], strategy: .snowball, extra: eur("100"), from: start)
    let avalanche = try PayoffPlan.make(debts: [card, loan], strategy: .avalanche, extra: eur("100"), from: start)
    // Then snowball clears the card in May 2027 and is debt-free in May 2028 after 365.71 of
    // interest; avalanche clears the loan first (April 2028), ends in May 2028 too, and pays
    // 39.67 less interest (326.04) — the answers payoff_reference.py gives
    #expect(snowball.debts.map(\.payoffMonth.description) == ["2027-05", "2028-05"])
    #expect(snowball.totalInterest == eur("365.71"))
    #expect(snowball.debts.map(\.interest) == [eur("10.68"), eur("355.03")])
    #expect(avalanche.debts.map(\.payoffMonth.description) == ["2028-05", "2028-04"])
    #expect(avalanche.totalInterest == eur("326.04"))
    #expect(avalanche.totalPaid == eur("2826.04"))
    #expect(avalanche.totalInterest.units < snowball.totalInterest.units)
  }

  @Test func aMinimumBelowTheInterestIsRefusedWithTheShortfall() throws {
    // Given a card of 10,000.00 at 24 % (interest 200.00 a month) with a minimum of 150.00
    let card = PayoffDebt(
      name: "Card", balance: eur("10000"), rate: AnnualRate(tenThousandthsOfPercent: 240_000), minimum: eur("150"))
    // When minimums only are planned, then it is refused with the 50.00 it falls short by
    #expect {
      try PayoffPlan.make(
        debts: [card], strategy: .minimumsOnly, extra: eur("0"), from: try YearMonth(year: 2027, month: 1))
    } throws: { error in
      "\(error)".contains("never pays off 'Card'") && "\(error)".contains("50.00 EUR more than the minimum")
    }
    // And with a plan, the extra that is missing is named
    #expect {
      try PayoffPlan.make(
        debts: [card], strategy: .avalanche, extra: eur("10"), from: try YearMonth(year: 2027, month: 1))
    } throws: { error in "\(error)".contains("add at least 40.01 EUR with --extra")
    }
  }

  @Test func ratesAreParsedExactlyAndBounded() throws {
    #expect(try AnnualRate(parsing: "19.99").tenThousandthsOfPercent == 199_900)
    #expect(try AnnualRate(parsing: "0").tenThousandthsOfPercent == 0)
    #expect(try AnnualRate(parsing: "100").description == "100.00")
    #expect(throws: DomainError.self) { try AnnualRate(parsing: "100.01") }
    #expect(throws: DomainError.self) { try AnnualRate(parsing: "-1") }
    #expect(throws: DomainError.self) { try AnnualRate(parsing: "1.23456") }
  }
}
