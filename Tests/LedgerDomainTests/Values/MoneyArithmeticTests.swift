import LedgerDomain
import Testing

@Suite("Money arithmetic is checked: no silent overflow, no mixed currencies")
struct MoneyArithmeticTests {
  private func eur(_ units: Int64) -> Money { Money(units: units, currency: .eur) }

  @Test("given two amounts in one currency, when added and subtracted, then the results are exact")
  func addAndSubtract() throws {
    #expect(try eur(425_000).adding(eur(75_000)) == eur(500_000))
    #expect(try eur(425_000) + eur(-500_000) == eur(-75_000))
    #expect(try eur(100).subtracting(eur(300)) == eur(-200))
    #expect(try eur(100) - eur(100) == .zero(.eur))
    #expect(try -eur(5) == eur(-5))
  }

  @Test("given amounts in different currencies, when combined or compared, then a mismatch says to convert")
  func currencyMismatch() {
    let usd = Money(units: 1, currency: .usd)
    let error = #expect(throws: MoneyError.self) { try eur(1).adding(usd) }
    #expect(error == .currencyMismatch(.eur, .usd))
    #expect(
      error?.description
        == "cannot combine an amount in EUR with one in USD; convert one of them to the other currency first")
    #expect(throws: MoneyError.currencyMismatch(.eur, .usd)) { try eur(1) - usd }
    #expect(throws: MoneyError.currencyMismatch(.usd, .eur)) { try usd.isLess(than: eur(2)) }
    #expect(throws: MoneyError.currencyMismatch(.eur, .usd)) { try Money.total(of: [eur(1), usd], in: .eur) }
  }

  @Test("given results beyond Int64, when computed, then overflow is thrown naming the operation")
  func overflow() {
    let max = eur(.max)
    let error = #expect(throws: MoneyError.self) { try max.adding(eur(1)) }
    #expect(error == .overflow(operation: "adding 0.0001 EUR to 922337203685477.5807 EUR"))
    #expect(
      error?.description
        == "adding 0.0001 EUR to 922337203685477.5807 EUR overflows: amounts are limited to "
        + "±922,337,203,685,477.5807; use smaller amounts")
    #expect(throws: MoneyError.self) { try eur(.min).subtracting(eur(1)) }
    #expect(throws: MoneyError.overflow(operation: "negating -922337203685477.5808 EUR")) { try eur(.min).negated() }
    #expect(throws: MoneyError.self) { try eur(.min).absolute() }
    #expect(throws: MoneyError.self) { try eur(.max / 2 + 1).multiplied(by: 2) }
    #expect(throws: MoneyError.self) { try eur(.min).divided(by: -1, rounding: .towardZero) }
  }

  @Test("given edge amounts, when negated, made absolute or multiplied, then the exact result comes back")
  func signAndScale() throws {
    #expect(try eur(.max).negated() == eur(-Int64.max))
    #expect(try eur(-42).absolute() == eur(42))
    #expect(try eur(42).absolute() == eur(42))
    #expect(try eur(-30_000).multiplied(by: 12) == eur(-360_000))
    #expect(try eur(.min / 2).multiplied(by: 2) == eur(.min))
  }

  @Test("given each rounding rule, when dividing with remainders and exact halves, then the documented results")
  func division() throws {
    let cases: [(Int64, Int64, towardZero: Int64, even: Int64, away: Int64)] = [
      (7, 2, 3, 4, 4),
      (5, 2, 2, 2, 3),
      (-5, 2, -2, -2, -3),
      (-7, 2, -3, -4, -4),
      (5, -2, -2, -2, -3),
      (10, 3, 3, 3, 3),
      (11, 3, 3, 4, 4),
      (-11, -3, 3, 4, 4),
      (9, 3, 3, 3, 3),
      (.max, 2, .max / 2, .max / 2 + 1, .max / 2 + 1),
      (.min, 3, .min / 3, .min / 3 - 1, .min / 3 - 1),
    ]
    for (units, divisor, zero, even, away) in cases {
      #expect(try eur(units).divided(by: divisor, rounding: .towardZero) == eur(zero), "\(units)/\(divisor)")
      #expect(try eur(units).divided(by: divisor, rounding: .toNearestOrEven) == eur(even), "\(units)/\(divisor)")
      #expect(
        try eur(units).divided(by: divisor, rounding: .toNearestOrAwayFromZero) == eur(away), "\(units)/\(divisor)")
    }
  }

  @Test("given a zero divisor, when dividing, then the error asks for another divisor")
  func divisionByZero() {
    let error = #expect(throws: MoneyError.self) { try eur(1).divided(by: 0, rounding: .towardZero) }
    #expect(error == .divisionByZero)
    #expect(error?.description == "cannot divide an amount by zero; use a divisor other than 0")
  }

  @Test("given a quarterly amount, when allocated into three months, then parts add up and the first carry the rest")
  func allocation() throws {
    #expect(try eur(1_000_000).allocated(into: 3) == [eur(333_334), eur(333_333), eur(333_333)])
    #expect(try eur(-10).allocated(into: 3) == [eur(-4), eur(-3), eur(-3)])
    #expect(try eur(2).allocated(into: 4) == [eur(1), eur(1), eur(0), eur(0)])
    #expect(try eur(.min).allocated(into: 1) == [eur(.min)])
    #expect(try eur(12).allocated(into: 12) == Array(repeating: eur(1), count: 12))
  }

  @Test("given amounts of a plan, when allocated in minor units, then the parts are whole cents (yen) adding up to the amount")
  func allocationInMinorUnits() throws {
    #expect(try eur(1_000_000).allocatedInMinorUnits(into: 3) == [eur(333_400), eur(333_300), eur(333_300)])
    #expect(try eur(10_000_000).allocatedInMinorUnits(into: 12).first == eur(833_400))  // 1,000.00 / 12: 83.34, then 83.33s
    #expect(try eur(10_000_000).allocatedInMinorUnits(into: 12).reduce(0) { $0 + $1.units } == 10_000_000)
    #expect(try eur(-1_000_000).allocatedInMinorUnits(into: 3) == [eur(-333_400), eur(-333_300), eur(-333_300)])
    #expect(try eur(1_000_005).allocatedInMinorUnits(into: 3) == [eur(333_405), eur(333_300), eur(333_300)])  // finer than a cent: first
    let yen = try Money(units: 1_000_000, currency: .jpy).allocatedInMinorUnits(into: 3)  // ¥100
    #expect(yen.map(\.units) == [340_000, 330_000, 330_000])
    #expect(throws: MoneyError.invalidParts(0)) { try eur(1).allocatedInMinorUnits(into: 0) }
  }

  @Test("given fewer than one part, when allocating, then the error says to use at least one")
  func invalidParts() {
    let error = #expect(throws: MoneyError.self) { try eur(1).allocated(into: 0) }
    #expect(error == .invalidParts(0))
    #expect(error?.description == "cannot split an amount into 0 parts; use 1 or more parts")
    #expect(throws: MoneyError.invalidParts(-3)) { try eur(1).allocated(into: -3) }
  }

  @Test("given amounts, when asked for sign, order and ledger limit, then the answers follow the units")
  func predicates() throws {
    #expect(eur(0).isZero && !eur(0).isNegative && !eur(0).isPositive)
    #expect(eur(-1).isNegative && !eur(-1).isZero)
    #expect(eur(1).isPositive)
    #expect(try eur(-1).isLess(than: eur(0)))
    #expect(try !eur(3).isLess(than: eur(3)))
    #expect(Money.maximumAmount == 99_999_999_999_999_999)
    #expect(try Money(parsing: "9,999,999,999,999.9999", currency: .eur).isWithinLedgerLimit)
    #expect(try Money(parsing: "-9999999999999.9999", currency: .eur).isWithinLedgerLimit)
    #expect(try !Money(parsing: "10000000000000", currency: .eur).isWithinLedgerLimit)
    #expect(!eur(.min).isWithinLedgerLimit)
    #expect(try Money.total(of: [eur(1), eur(2), eur(-5)], in: .eur) == eur(-2))
    #expect(try Money.total(of: [], in: .jpy) == .zero(.jpy))
  }
}
