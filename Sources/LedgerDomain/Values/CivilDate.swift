/// A calendar date as people write it on receipts and statements: year, month and day, with no
/// time of day and no time zone.
///
/// Dates follow the proleptic Gregorian calendar and are limited to the years 1...9999, so
/// every date has a four-digit ISO form (`2024-03-15`, its ``description``). Ordering is
/// chronological. ``daysSinceEpoch`` turns a date into a plain day number for arithmetic.
public struct CivilDate: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The year, 1...9999.
  public let year: Int
  /// The month, 1...12.
  public let month: Int
  /// The day of the month, 1...28/29/30/31.
  public let day: Int

  /// The earliest supported date, 0001-01-01.
  public static let earliest = CivilDate(uncheckedYear: 1, month: 1, day: 1)
  /// The latest supported date, 9999-12-31.
  public static let latest = CivilDate(uncheckedYear: 9999, month: 12, day: 31)

  /// A date from its parts; throws when the date does not exist (`2023-02-29`) or the year is
  /// outside 1...9999.
  public init(year: Int, month: Int, day: Int) throws(DateError) {
    guard (1...9999).contains(year) else { throw .yearOutOfRange(year) }
    guard (1...12).contains(month) else { throw .monthOutOfRange(month) }
    guard (1...Self.dayCount(year: year, month: month)).contains(day) else {
      throw .dayOutOfRange(day: day, month: month, year: year)
    }
    self.init(uncheckedYear: year, month: month, day: day)
  }

  /// A date whose parts are already known to be valid.
  init(uncheckedYear year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// Whether `year` has a February 29 (Gregorian rules).
  public static func isLeapYear(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  /// The number of days in `month` (1...12) of `year`.
  public static func dayCount(year: Int, month: Int) -> Int {
    switch month {
    case 2: isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// The ISO 8601 form `YYYY-MM-DD`, e.g. `2024-03-15`.
  public var description: String {
    Self.padded(year, to: 4) + "-" + Self.padded(month, to: 2) + "-" + Self.padded(day, to: 2)
  }

  /// The month this date falls in.
  public var yearMonth: YearMonth { YearMonth(uncheckedYear: year, month: month) }

  public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  static func padded(_ value: Int, to width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
