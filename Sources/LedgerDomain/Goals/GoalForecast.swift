/// A goal's progress on a day and what it takes to reach the target: exact money arithmetic,
/// no floating point (docs/goals-and-debts.md, "Progress").
public struct GoalForecast: Sendable, Hashable {
  /// Where the goal stands against its date.
  public enum Pace: String, Sendable, Hashable, Codable {
    /// Saved at least the target.
    case reached
    /// The projected date is on or before the target date.
    case onTrack = "on-track"
    /// The projection misses the target date, or there is none.
    case behind
    /// The target date has passed with money still to save.
    case overdue
    /// No target date: nothing to be on track for.
    case noDate = "no-date"
  }

  public var target: Money
  public var saved: Money
  /// What is still to save: the target less what is saved, never below zero.
  public var left: Money
  /// Saved as a percentage of the target, in tenths of a percent rounded down (1000 is 100 %).
  public var permille: Int64
  /// ``left`` over the months to the target date, counting the day's month, rounded up to the
  /// currency's minor unit; all of it once the date has passed; nil without a date.
  public var monthlyNeed: Money?
  /// The average net contribution of the three full calendar months before the day's month:
  /// their total ÷ 3, rounded down to the minor unit (the projection uses the exact total).
  public var monthlyRate: Money
  /// The last day of the month the target is reached in at ``monthlyRate`` — a projection,
  /// counting the day's month as the first; nil when reached or when the rate is not above zero.
  public var projected: CivilDate?
  public var pace: Pace

  /// The forecast on `day` of a goal of `target` (by `targetDate`) with `saved` so far and
  /// `lastThreeMonths`, the net amounts saved in each of the three months before `day`'s month.
  public init(
    target: Money, saved: Money, targetDate: CivilDate?, on day: CivilDate, lastThreeMonths: Money
  ) {
    let currency = target.currency
    let step = Self.minorStep(currency)
    self.target = target
    self.saved = saved
    let leftUnits = max(target.units &- saved.units, 0)
    left = Money(units: leftUnits, currency: currency)
    permille =
      target.units > 0 ? Self.floorDiv(saved.units.multipliedReportingOverflow(by: 1000).partialValue, target.units) : 0
    let threeMonths = lastThreeMonths.units
    monthlyRate = Money(units: Self.floorDiv(threeMonths, 3 * step) * step, currency: currency)
    let month = day.yearMonth
    if leftUnits == 0 {
      projected = nil
    } else if threeMonths > 0 {
      // n months at total/3 a month: the least n with n × total ≥ 3 × left.
      let months = Self.ceilDiv(leftUnits.multipliedReportingOverflow(by: 3).partialValue, threeMonths)
      projected = months > 12_000 ? nil : (try? month.adding(months: Int(months) - 1))?.lastDay
    } else {
      projected = nil
    }
    if let targetDate {
      let remaining = (targetDate.year * 12 + targetDate.month) - (month.year * 12 + month.month) + 1
      if leftUnits == 0 {
        monthlyNeed = .zero(currency)
      } else if day > targetDate || remaining < 1 {
        monthlyNeed = left
      } else {
        monthlyNeed = Money(units: Self.ceilDiv(leftUnits, Int64(remaining) * step) * step, currency: currency)
      }
    } else {
      monthlyNeed = nil
    }
    if leftUnits == 0 {
      pace = .reached
    } else if let targetDate {
      if day > targetDate {
        pace = .overdue
      } else if let projected, projected.yearMonth <= targetDate.yearMonth {
        pace = .onTrack
      } else {
        pace = .behind
      }
    } else {
      pace = .noDate
    }
  }

  /// Units (1/10,000) in one minor unit of `currency`: 100 for cents.
  public static func minorStep(_ currency: Currency) -> Int64 {
    var step: Int64 = 1
    for _ in 0..<max(0, 4 - currency.minorUnitDigits) { step *= 10 }
    return step
  }

  static func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let (q, r) = a.quotientAndRemainder(dividingBy: b)
    return r > 0 ? q + 1 : q
  }

  static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let (q, r) = a.quotientAndRemainder(dividingBy: b)
    return r < 0 ? q - 1 : q
  }

  /// ``permille`` as a percentage with one decimal: `"42.5"`.
  public var percentText: String {
    let sign = permille < 0 ? "-" : ""
    let magnitude = permille.magnitude
    return "\(sign)\(magnitude / 10).\(magnitude % 10)"
  }
}
