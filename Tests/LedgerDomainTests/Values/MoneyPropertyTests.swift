import LedgerDomain
import Testing

/// Properties checked over thousands of seeded random cases; a failure message carries the
/// inputs, and the fixed seeds make every run identical.
@Suite("Money properties over seeded random amounts")
struct MoneyPropertyTests {
  private static let iterations = 10_000

  @Test("given random amounts in every currency, when formatted and parsed back, then the amount is unchanged")
  func formatParseRoundTrip() throws {
    var random = SplitMix64(seed: 0x5EED_0001)
    for _ in 0..<Self.iterations {
      let currency = Currency.known[Int(random.next() % UInt64(Currency.known.count))]
      let amount = Money(units: random.interestingInt64(), currency: currency)
      for separator in DecimalSeparator.allCases {
        for grouping in [false, true] {
          let text = amount.formatted(grouping: grouping, decimalSeparator: separator)
          let parsed = try Money(parsing: text, currency: currency, decimalSeparator: separator)
          #expect(parsed == amount, "\(text) parsed as \(parsed.units), expected \(amount.units)")
        }
      }
      let minimumDigits = currency.minorUnitDigits
      let text = amount.formatted()
      let fractionDigits = text.split(separator: ".").dropFirst().first?.count ?? 0
      #expect(fractionDigits >= minimumDigits && fractionDigits <= max(minimumDigits, 4), "\(text) in \(currency)")
    }
  }

  @Test("given random amounts, when added, then overflow is thrown exactly when the true sum leaves Int64")
  func additionOverflowMatchesInt64() throws {
    var random = SplitMix64(seed: 0x5EED_0002)
    for _ in 0..<Self.iterations {
      let a = random.interestingInt64(), b = random.interestingInt64()
      let (expected, overflow) = a.addingReportingOverflow(b)
      let lhs = Money(units: a, currency: .eur), rhs = Money(units: b, currency: .eur)
      if overflow {
        #expect(throws: MoneyError.self, "\(a) + \(b)") { try lhs.adding(rhs) }
      } else {
        #expect(try lhs.adding(rhs).units == expected, "\(a) + \(b)")
      }
      let (difference, subtractionOverflow) = a.subtractingReportingOverflow(b)
      if subtractionOverflow {
        #expect(throws: MoneyError.self, "\(a) - \(b)") { try lhs.subtracting(rhs) }
      } else {
        #expect(try lhs.subtracting(rhs).units == difference, "\(a) - \(b)")
      }
    }
  }

  @Test("given random amounts that do not overflow, when added in any order or grouping, then the sum is the same")
  func additionCommutativeAndAssociative() throws {
    var random = SplitMix64(seed: 0x5EED_0003)
    var checkedAssociative = 0
    for _ in 0..<Self.iterations {
      let a = Money(units: random.interestingInt64(), currency: .usd)
      let b = Money(units: random.interestingInt64(), currency: .usd)
      let c = Money(units: random.interestingInt64(), currency: .usd)
      if let ab = try? a.adding(b) {
        #expect(try b.adding(a) == ab, "\(a) + \(b)")
        if let left = try? ab.adding(c), let bc = try? b.adding(c), let right = try? a.adding(bc) {
          #expect(left == right, "(\(a) + \(b)) + \(c)")
          checkedAssociative += 1
        }
      } else {
        #expect(throws: MoneyError.self) { try b.adding(a) }
      }
    }
    #expect(checkedAssociative > Self.iterations / 4, "too few associativity cases were exercised")
  }

  @Test("given random amounts and part counts, when allocated, then parts sum to the whole and differ by at most 1")
  func allocationIsExact() throws {
    var random = SplitMix64(seed: 0x5EED_0004)
    for _ in 0..<Self.iterations {
      let amount = Money(units: random.interestingInt64(), currency: .eur)
      let count = random.next() % 4 == 0 ? Int(random.next() % 1_000) + 1 : Int(random.next() % 12) + 1
      let parts = try amount.allocated(into: count)
      #expect(parts.count == count)
      #expect(parts.allSatisfy { $0.currency == .eur })
      #expect(try Money.total(of: parts, in: .eur) == amount, "\(amount) into \(count)")
      let units = parts.map(\.units)
      let spread = units.max()!.subtractingReportingOverflow(units.min()!)
      #expect(!spread.overflow && spread.partialValue <= 1, "\(amount) into \(count): \(units)")
      // The larger magnitudes come first.
      #expect(zip(units, units.dropFirst()).allSatisfy { $0.magnitude >= $1.magnitude }, "\(units)")
    }
  }

  @Test("given random dividends and divisors, when divided with each rule, then the result matches floor-based math")
  func divisionMatchesReference() throws {
    var random = SplitMix64(seed: 0x5EED_0005)
    for _ in 0..<Self.iterations {
      let units = random.interestingInt64()
      var divisor =
        random.next() % 2 == 0 ? Int64.random(in: -1_000...1_000, using: &random) : random.interestingInt64()
      if divisor == 0 { divisor = 7 }
      let amount = Money(units: units, currency: .eur)
      guard !(units == .min && divisor == -1) else {
        #expect(throws: MoneyError.self) { try amount.divided(by: divisor, rounding: .towardZero) }
        continue
      }
      for rule in RoundingRule.allCases {
        let expected = Self.referenceDivision(units, divisor, rule)
        #expect(try amount.divided(by: divisor, rounding: rule).units == expected, "\(units) / \(divisor), \(rule)")
      }
    }
  }

  /// An independent reference: floor division in 128-bit-safe arithmetic on magnitudes, then
  /// the rule applied by comparing twice the remainder with the divisor.
  private static func referenceDivision(_ units: Int64, _ divisor: Int64, _ rule: RoundingRule) -> Int64 {
    let negative = (units < 0) != (divisor < 0)
    let n = units.magnitude, d = divisor.magnitude
    var q = n / d
    let r = n % d
    switch rule {
    case .towardZero: break
    case .toNearestOrAwayFromZero:
      if r >= d - r { q += 1 }
    case .toNearestOrEven:
      if r > d - r || (r == d - r && q % 2 == 1) { q += 1 }
    }
    return negative ? Int64(truncatingIfNeeded: 0 &- q) : Int64(q)
  }
}
