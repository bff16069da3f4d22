/// An annual percentage rate, exact: in ten-thousandths of a percent, so `19.99 %` is
/// `199_900` and `0.0001 %` the smallest step. No floating point, as for money.
public struct AnnualRate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  /// Ten-thousandths of a percent.
  public let tenThousandthsOfPercent: Int64

  /// The largest rate a debt may carry: 100 %.
  public static let maximum = AnnualRate(tenThousandthsOfPercent: 1_000_000)

  public init(tenThousandthsOfPercent: Int64) { self.tenThousandthsOfPercent = tenThousandthsOfPercent }

  /// Parses a percentage such as `19.99` or `0` (at most four decimals), 0 to 100.
  public init(parsing text: String) throws(DomainError) {
    let trimmed = String(text.filter { $0 != " " && $0 != "%" })
    let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let whole = Int64(parts[0]), whole >= 0,
      parts.count == 1 || (1...4).contains(parts[1].count) && parts[1].allSatisfy(\.isNumber)
    else {
      throw .invalidField(field: "apr", reason: "'\(text)' is not a percentage like 19.99 (at most four decimals)")
    }
    let decimals = parts.count == 2 ? String(parts[1]) + String(repeating: "0", count: 4 - parts[1].count) : "0000"
    let value = whole * 10_000 + Int64(decimals)!
    guard value <= Self.maximum.tenThousandthsOfPercent else {
      throw .invalidField(field: "apr", reason: "\(text) % is over 100 %; give the annual rate, e.g. 19.99")
    }
    self.init(tenThousandthsOfPercent: value)
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.tenThousandthsOfPercent < rhs.tenThousandthsOfPercent }

  /// `19.99`, without trailing zeros past the second decimal.
  public var description: String {
    let whole = tenThousandthsOfPercent / 10_000
    var fraction = String(tenThousandthsOfPercent % 10_000)
    fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
    while fraction.count > 2, fraction.hasSuffix("0") { fraction.removeLast() }
    return "\(whole).\(fraction)"
  }

  /// A month's interest on `balance`: `balance × rate ÷ 12`, rounded half up to the currency's
  /// minor unit (cents for EUR) — the rule `docs/goals-and-debts.md` states.
  public func monthlyInterest(on balance: Money) -> Money {
    let digits = min(max(balance.currency.minorUnitDigits, 0), 4)
    var step: Int64 = 1
    for _ in 0..<(4 - digits) { step *= 10 }
    // units × rate ÷ (100 % × 10,000 × 12 months), in minor units: ÷ step more.
    let divisor = (100 * 10_000 * 12) * step
    let product = balance.units.multipliedFullWidth(by: tenThousandthsOfPercent)
    let (quotient, remainder) = divisor.dividingFullWidth(product)
    let rounded = quotient + (remainder * 2 >= divisor ? 1 : 0)
    return Money(units: rounded * step, currency: balance.currency)
  }
}
