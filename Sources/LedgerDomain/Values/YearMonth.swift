/// A calendar month of a particular year, e.g. March 2024: the unit a budget is planned in.
///
/// Limited to the years 1...9999 like ``CivilDate``; ordering is chronological and the
/// ``description`` is `YYYY-MM`.
public struct YearMonth: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The year, 1...9999.
  public let year: Int
  /// The month, 1...12.
  public let month: Int

  /// English month names, January first.
  static let monthNames = [
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
  ]

  /// A month from its parts; throws for a month outside 1...12 or a year outside 1...9999.
  public init(year: Int, month: Int) throws(DateError) {
    guard (1...9999).contains(year) else { throw .yearOutOfRange(year) }
    guard (1...12).contains(month) else { throw .monthOutOfRange(month) }
    self.init(uncheckedYear: year, month: month)
  }

  init(uncheckedYear year: Int, month: Int) {
    self.year = year
    self.month = month
  }

  /// Parses `YYYY-MM`, e.g. `2024-03`, ignoring surrounding whitespace.
  public init(parsing text: String) throws(DateError) {
    guard let (year, month) = DateFields.yearMonth(text) else {
      throw .malformed(text: text, expected: "YYYY-MM (for example 2024-03)")
    }
    do {
      try self.init(year: year, month: month)
    } catch {
      throw .notAMonth(text: text, reason: error)
    }
  }

  /// `YYYY-MM`, e.g. `2024-03`.
  public var description: String { CivilDate.padded(year, to: 4) + "-" + CivilDate.padded(month, to: 2) }

  /// The English name and year, e.g. `March 2024`, for headings.
  public var title: String { "\(Self.monthNames[month - 1]) \(year)" }

  /// The month after this one; throws after December 9999.
  public var next: YearMonth {
    get throws(DateError) { try adding(months: 1) }
  }

  /// The month before this one; throws before January 1.
  public var previous: YearMonth {
    get throws(DateError) { try adding(months: -1) }
  }

  /// The month `months` later (earlier when negative); throws when that leaves the years
  /// 1...9999.
  public func adding(months: Int) throws(DateError) -> YearMonth {
    let (index, overflow) = monthIndex.addingReportingOverflow(months)
    let year = index.quotientAndRemainder(dividingBy: 12).quotient
    guard !overflow, index >= 0, (1...9999).contains(year) else {
      throw .monthArithmeticOutOfRange(start: description, months: months)
    }
    return YearMonth(uncheckedYear: year, month: index % 12 + 1)
  }

  /// How many months after `other` this month is (negative when earlier): March 2024 is 2
  /// months since January 2024.
  public func monthsSince(_ other: YearMonth) -> Int { monthIndex - other.monthIndex }

  /// The first day of the month.
  public var firstDay: CivilDate { CivilDate(uncheckedYear: year, month: month, day: 1) }

  /// The last day of the month, e.g. 2024-02-29.
  public var lastDay: CivilDate { CivilDate(uncheckedYear: year, month: month, day: dayCount) }

  /// The number of days in the month, 28...31.
  public var dayCount: Int { CivilDate.dayCount(year: year, month: month) }

  /// The calendar quarter, 1...4 (January–March is 1).
  public var quarter: Int { (month - 1) / 3 + 1 }

  /// Whether `date` falls in this month.
  public func contains(_ date: CivilDate) -> Bool { date.year == year && date.month == month }

  public static func < (lhs: YearMonth, rhs: YearMonth) -> Bool { lhs.monthIndex < rhs.monthIndex }

  /// Months since January of year 0, so consecutive months differ by one.
  private var monthIndex: Int { year * 12 + month - 1 }
}
