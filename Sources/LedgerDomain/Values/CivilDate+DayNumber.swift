extension CivilDate {
  /// The number of days since 1970-01-01 (which is day 0; earlier dates are negative).
  ///
  /// Uses Howard Hinnant's `days_from_civil` algorithm
  /// (https://howardhinnant.github.io/date_algorithms.html).
  public var daysSinceEpoch: Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date `days` days after 1970-01-01 (negative for earlier dates).
  ///
  /// Uses Howard Hinnant's `civil_from_days` algorithm. Throws
  /// ``DateError/dayNumberOutOfRange(_:)`` outside 0001-01-01...9999-12-31.
  public init(daysSinceEpoch days: Int) throws(DateError) {
    guard (Self.earliest.daysSinceEpoch...Self.latest.daysSinceEpoch).contains(days) else {
      throw .dayNumberOutOfRange(days)
    }
    self.init(uncheckedDaysSinceEpoch: days)
  }

  /// `civil_from_days` for a day number already known to be in range.
  init(uncheckedDaysSinceEpoch days: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    self.init(uncheckedYear: year, month: month, day: day)
  }

  /// The date `days` days later (earlier when negative); throws when that leaves the years
  /// 1...9999.
  public func adding(days: Int) throws(DateError) -> CivilDate {
    let (target, overflow) = daysSinceEpoch.addingReportingOverflow(days)
    guard !overflow else { throw .dayNumberOutOfRange(days) }
    return try CivilDate(daysSinceEpoch: target)
  }

  /// The number of days from this date to `other`: positive when `other` is later.
  public func days(until other: CivilDate) -> Int {
    other.daysSinceEpoch - daysSinceEpoch
  }

  /// The ISO weekday: 1 for Monday through 7 for Sunday.
  public var weekday: Int {
    // 1970-01-01 was a Thursday (4).
    let offset = (daysSinceEpoch + 3) % 7
    return (offset < 0 ? offset + 7 : offset) + 1
  }

  /// The business date at a UTC timestamp in milliseconds since 1970-01-01T00:00:00Z.
  ///
  /// Takes the timestamp rather than reading a clock so tests can inject time. Timestamps
  /// outside the years 1...9999 are clamped to ``earliest`` or ``latest``.
  public static func today(utcMilliseconds: Int64) -> CivilDate {
    let millisecondsPerDay: Int64 = 86_400_000
    var days = utcMilliseconds / millisecondsPerDay
    if utcMilliseconds % millisecondsPerDay < 0 { days -= 1 }
    let clamped = min(max(Int(days), earliest.daysSinceEpoch), latest.daysSinceEpoch)
    return CivilDate(uncheckedDaysSinceEpoch: clamped)
  }
}
