/// An exact amount of money in one currency.
///
/// The amount is an integer count of ``units``, each 1/10,000 of the currency's unit, so
/// `42.50 EUR` is `425_000` units. There is no floating point anywhere: parsing, formatting and
/// arithmetic are exact, and anything that would lose precision or overflow throws a
/// ``MoneyError`` instead.
///
/// Amounts in different currencies never mix: adding, subtracting or comparing them throws
/// ``MoneyError/currencyMismatch(_:_:)``. That is why `Money` is not `Comparable`; use
/// ``isLess(than:)``.
public struct Money: Sendable, Hashable, CustomStringConvertible {
  /// The amount in 1/10,000 of the currency unit.
  public let units: Int64

  /// The currency the amount is in.
  public let currency: Currency

  /// Units per whole currency unit: every amount keeps exactly four decimal places.
  public static let scale: Int64 = 10_000

  /// The largest magnitude, in units, the ledger stores: 9,999,999,999,999.9999, the maximum of
  /// a `DECIMAL(19,4)` column. Arithmetic may go beyond it (up to `Int64`); check
  /// ``isWithinLedgerLimit`` before recording an amount.
  public static let maximumAmount: Int64 = 99_999_999_999_999_999

  /// ``maximumAmount`` as people write it, for messages.
  public static let maximumText = "9,999,999,999,999.9999"

  /// Whether the amount is in whole minor units of its currency — cents for EUR, yen for JPY —
  /// as money that changes hands is. The ledger keeps four decimals for arithmetic (shares of
  /// a split, averages), not for amounts people pay.
  public var isInMinorUnits: Bool {
    let digits = min(max(currency.minorUnitDigits, 0), 4)
    var step: Int64 = 1
    for _ in digits..<4 { step *= 10 }
    return units % step == 0
  }

  /// What every refusal of too large an amount says, whatever found it.
  public static let beyondLimitReason = "is larger than the ledger's limit of \(maximumText)"

  /// An amount of `units` (1/10,000 of the currency unit) in `currency`.
  public init(units: Int64, currency: Currency) {
    self.units = units
    self.currency = currency
  }

  /// Nothing, in `currency`.
  public static func zero(_ currency: Currency) -> Money {
    Money(units: 0, currency: currency)
  }

  /// Whether the amount is exactly zero.
  public var isZero: Bool { units == 0 }

  /// Whether the amount is below zero (money going out).
  public var isNegative: Bool { units < 0 }

  /// Whether the amount is above zero (money coming in).
  public var isPositive: Bool { units > 0 }

  /// Whether the magnitude fits the ledger's storage limit, ``maximumAmount``.
  public var isWithinLedgerLimit: Bool { units.magnitude <= UInt64(Self.maximumAmount) }

  /// The amount and its currency code, e.g. `-1234.56 EUR`.
  public var description: String { formatted() + " " + currency.code }
}
