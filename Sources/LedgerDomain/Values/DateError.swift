/// Why a date or month was refused.
///
/// Messages name the offending text or value and say what would be valid, e.g.
/// `'2024-02-30' is not a date: February 2024 has 29 days`.
public indirect enum DateError: Error, Sendable, Equatable, CustomStringConvertible {
  /// `text` does not have the expected shape; `expected` describes it, with an example.
  case malformed(text: String, expected: String)
  /// The year is outside the supported range 1...9999.
  case yearOutOfRange(Int)
  /// The month is not 1...12.
  case monthOutOfRange(Int)
  /// The day does not exist in that month.
  case dayOutOfRange(day: Int, month: Int, year: Int)
  /// A day number (days since 1970-01-01) falls outside the years 1...9999.
  case dayNumberOutOfRange(Int)
  /// Month arithmetic left the years 1...9999.
  case monthArithmeticOutOfRange(start: String, months: Int)
  /// `text` has the right shape but is not a real date; `reason` says why.
  case notADate(text: String, reason: DateError)
  /// `text` has the right shape but is not a real month; `reason` says why.
  case notAMonth(text: String, reason: DateError)

  public var description: String {
    switch self {
    case .malformed(let text, let expected):
      return "'\(text)' is not in the form \(expected)"
    case .yearOutOfRange, .monthOutOfRange:
      return "invalid date: \(reason)"
    case .dayOutOfRange(let day, _, _):
      return day >= 1 ? "invalid date: \(reason), so there is no day \(day)" : "invalid date: \(reason)"
    case .dayNumberOutOfRange(let number):
      return "day \(number) counted from 1970-01-01 is outside the supported years 1 to 9999"
    case .monthArithmeticOutOfRange(let start, let months):
      return "\(start) plus \(months) months is outside the supported years 1 to 9999"
    case .notADate(let text, let reason):
      return "'\(text)' is not a date: \(reason.reason)"
    case .notAMonth(let text, let reason):
      return "'\(text)' is not a month: \(reason.reason)"
    }
  }

  /// The short explanation used after a quoted text.
  var reason: String {
    switch self {
    case .yearOutOfRange(let year):
      return "year \(year) is outside the supported range 1 to 9999"
    case .monthOutOfRange(let month):
      return "month \(month) does not exist; months run from 1 to 12"
    case .dayOutOfRange(let day, let month, let year):
      guard day >= 1 else { return "day \(day) does not exist; days start at 1" }
      guard (1...12).contains(month) else { return DateError.monthOutOfRange(month).reason }
      let count = CivilDate.dayCount(year: year, month: month)
      return "\(YearMonth.monthNames[month - 1]) \(year) has \(count) days"
    default:
      return description
    }
  }
}
