/// How ``Money/divided(by:rounding:)`` turns an inexact quotient into whole units
/// (1/10,000 of the currency unit).
public enum RoundingRule: Sendable, Hashable, CaseIterable {
  /// Drop the remainder: `7 / 2 = 3`, `-7 / 2 = -3`.
  case towardZero
  /// Round to the nearest unit; exact halves go to the even neighbour (banker's rounding):
  /// `5 / 2 = 2`, `7 / 2 = 4`.
  case toNearestOrEven
  /// Round to the nearest unit; exact halves go away from zero: `5 / 2 = 3`, `-5 / 2 = -3`.
  case toNearestOrAwayFromZero
}
