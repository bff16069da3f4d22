extension Money {
  /// The sum of two amounts in the same currency.
  ///
  /// Throws ``MoneyError/currencyMismatch(_:_:)`` for different currencies and
  /// ``MoneyError/overflow(operation:)`` if the sum does not fit.
  public func adding(_ other: Money) throws(MoneyError) -> Money {
    try requireSameCurrency(other)
    let (sum, overflow) = units.addingReportingOverflow(other.units)
    if overflow { throw .overflow(operation: "adding \(other) to \(self)") }
    return Money(units: sum, currency: currency)
  }

  /// This amount minus `other`, which must be in the same currency.
  public func subtracting(_ other: Money) throws(MoneyError) -> Money {
    try requireSameCurrency(other)
    let (difference, overflow) = units.subtractingReportingOverflow(other.units)
    if overflow { throw .overflow(operation: "subtracting \(other) from \(self)") }
    return Money(units: difference, currency: currency)
  }

  /// The amount with its sign flipped; throws for the one value whose negation does not fit.
  public func negated() throws(MoneyError) -> Money {
    let (result, overflow) = Int64(0).subtractingReportingOverflow(units)
    if overflow { throw .overflow(operation: "negating \(self)") }
    return Money(units: result, currency: currency)
  }

  /// The amount without its sign; throws for the one value whose magnitude does not fit.
  public func absolute() throws(MoneyError) -> Money {
    isNegative ? try negated() : self
  }

  /// The amount times a whole number, e.g. a monthly amount times 12.
  public func multiplied(by factor: Int64) throws(MoneyError) -> Money {
    let (product, overflow) = units.multipliedReportingOverflow(by: factor)
    if overflow { throw .overflow(operation: "multiplying \(self) by \(factor)") }
    return Money(units: product, currency: currency)
  }

  /// The amount divided by a whole number, rounded to whole units by `rule`.
  ///
  /// To split an amount so that nothing is lost, use ``allocated(into:)`` instead.
  public func divided(by divisor: Int64, rounding rule: RoundingRule) throws(MoneyError) -> Money {
    guard divisor != 0 else { throw .divisionByZero }
    let (quotient, overflow) = units.dividedReportingOverflow(by: divisor)
    if overflow { throw .overflow(operation: "dividing \(self) by \(divisor)") }
    let remainder = units % divisor
    guard remainder != 0, rule != .towardZero else { return Money(units: quotient, currency: currency) }
    // |remainder| < |divisor| <= 2^63, so twice it fits in UInt64. |divisor| >= 2 here, so
    // |quotient| <= 2^62 and one more unit cannot overflow.
    let twiceRemainder = remainder.magnitude * 2
    let awayFromZero: Int64 = (units < 0) != (divisor < 0) ? -1 : 1
    let roundsAway: Bool
    if twiceRemainder != divisor.magnitude {
      roundsAway = twiceRemainder > divisor.magnitude
    } else {
      roundsAway = rule == .toNearestOrAwayFromZero || quotient % 2 != 0
    }
    return Money(units: roundsAway ? quotient + awayFromZero : quotient, currency: currency)
  }

  /// Splits the amount into `parts` amounts that add up exactly to it, e.g. a quarterly amount
  /// into three monthly ones.
  ///
  /// The parts differ by at most one unit; the first parts carry the remainder:
  /// `100.0000` into 3 is `33.3334, 33.3333, 33.3333`. Throws ``MoneyError/invalidParts(_:)``
  /// when `parts` is less than 1.
  public func allocated(into parts: Int) throws(MoneyError) -> [Money] {
    guard parts >= 1 else { throw .invalidParts(parts) }
    let count = Int64(parts)
    let quotient = units / count
    let remainder = units % count
    let extra: Int64 = remainder < 0 ? -1 : 1
    let carrying = Int(remainder.magnitude)
    return (0..<parts).map { index in
      Money(units: index < carrying ? quotient + extra : quotient, currency: currency)
    }
  }

  /// Splits the amount into `parts` amounts that add up exactly to it, in whole minor units of
  /// its currency (cents for EUR, yen for JPY), as a person would: `100.00` into 3 is `33.34,
  /// 33.33, 33.33` — where ``allocated(into:)`` gives `33.3334, …`. The first parts carry the
  /// remaining cents, the first also anything finer than a cent the amount holds. For the
  /// shares a plan shows per month (a quarter's thirds, a year's twelfths).
  public func allocatedInMinorUnits(into parts: Int) throws(MoneyError) -> [Money] {
    let step = Self.scale / (0..<min(4, max(0, currency.minorUnitDigits))).reduce(Int64(1)) { value, _ in value * 10 }
    guard step > 1 else { return try allocated(into: parts) }
    let fine = units % step
    // Whole minor units, split as `allocated` splits units, then scaled back up.
    var shares = try Money(units: (units - fine) / step, currency: currency).allocated(into: parts).map {
      $0.units * step
    }
    shares[0] += fine
    return shares.map { Money(units: $0, currency: currency) }
  }

  /// The sum of `amounts`, all in `currency`; zero when there are none.
  public static func total(of amounts: some Sequence<Money>, in currency: Currency) throws(MoneyError) -> Money {
    var sum = zero(currency)
    for amount in amounts { sum = try sum.adding(amount) }
    return sum
  }

  /// Whether this amount is less than `other`, which must be in the same currency.
  public func isLess(than other: Money) throws(MoneyError) -> Bool {
    try requireSameCurrency(other)
    return units < other.units
  }

  /// ``adding(_:)`` as an operator.
  public static func + (lhs: Money, rhs: Money) throws(MoneyError) -> Money {
    try lhs.adding(rhs)
  }

  /// ``subtracting(_:)`` as an operator.
  public static func - (lhs: Money, rhs: Money) throws(MoneyError) -> Money {
    try lhs.subtracting(rhs)
  }

  /// ``negated()`` as an operator.
  public static prefix func - (operand: Money) throws(MoneyError) -> Money {
    try operand.negated()
  }

  private func requireSameCurrency(_ other: Money) throws(MoneyError) {
    guard currency == other.currency else { throw .currencyMismatch(currency, other.currency) }
  }
}
