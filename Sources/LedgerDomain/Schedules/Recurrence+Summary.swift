extension Recurrence {
  /// English weekday names, Monday (ISO weekday 1) first.
  static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

  /// The recurrence in words, for people:
  ///
  /// - `every month on the 31st (the last day of shorter months)`
  /// - `every 2 weeks on Tuesday`
  /// - `every month on the second Tuesday`
  /// - `every year on 29 February (28 February in common years)`
  /// - `every month on the last day, Saturdays and Sundays moved to the Friday before, until 2027-12-31`
  /// - `every 3 months on the 15th, 12 times`
  ///
  /// The start is not part of it.
  public var summary: String {
    var text = "every " + (interval == 1 ? unit.rawValue : "\(interval) \(unit.plural)")
    switch unit {
    case .day: break
    case .week: text += " on " + Self.weekdayName(start.weekday)
    case .month: text += " on " + monthDayText
    case .year: text += " on " + yearDayText
    }
    switch weekend {
    case .none: break
    case .before: text += ", Saturdays and Sundays moved to the Friday before"
    case .after: text += ", Saturdays and Sundays moved to the Monday after"
    }
    switch end {
    case .never: break
    case .on(let date): text += ", until \(date)"
    case .after(let occurrences): text += occurrences == 1 ? ", once" : ", \(occurrences) times"
    }
    return text
  }

  /// The day in each month of a monthly rule: `the 15th`, `the last day`, `the second Tuesday`.
  private var monthDayText: String {
    switch dayRule {
    case .weekday(let ordinal, let weekday):
      return Self.weekdayText(ordinal: ordinal, weekday: weekday)
        + (ordinal == 5 ? " (skipping months without one)" : "")
    case .lastDay:
      return "the last day"
    case .startDay, .day:
      let day = dayOfMonth ?? start.day
      return "the " + Self.ordinalDay(day) + (day > 28 ? " (the last day of shorter months)" : "")
    }
  }

  /// The day in each year of a yearly rule: `15 March`, `29 February (28 February in common
  /// years)`, `the last day of April`, `the second Tuesday of March`.
  private var yearDayText: String {
    let monthName = YearMonth.monthNames[start.month - 1]
    switch dayRule {
    case .weekday(let ordinal, let weekday):
      return Self.weekdayText(ordinal: ordinal, weekday: weekday) + " of " + monthName
        + (ordinal == 5 ? " (skipping years without one)" : "")
    case .lastDay:
      return "the last day of " + monthName
    case .startDay, .day:
      let day = dayOfMonth ?? start.day
      if start.month == 2, day > 28 { return "29 February (28 February in common years)" }
      // Other months have the same length every year: a day past the end is always their last.
      return "\(min(day, CivilDate.dayCount(year: 2001, month: start.month))) " + monthName
    }
  }

  /// `Monday` for 1 … `Sunday` for 7; the number itself outside that range.
  private static func weekdayName(_ weekday: Int) -> String {
    (1...7).contains(weekday) ? weekdayNames[weekday - 1] : "weekday \(weekday)"
  }

  /// `the second Tuesday`, `the last Friday`.
  private static func weekdayText(ordinal: Int, weekday: Int) -> String {
    let ordinals = ["first", "second", "third", "fourth", "fifth"]
    let which = ordinal == -1 ? "last" : (1...5).contains(ordinal) ? ordinals[ordinal - 1] : "\(ordinal)th"
    return "the \(which) \(weekdayName(weekday))"
  }

  /// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`, `31st`.
  static func ordinalDay(_ day: Int) -> String {
    let suffix =
      switch (day % 10, day % 100) {
      case (_, 11...13): "th"
      case (1, _): "st"
      case (2, _): "nd"
      case (3, _): "rd"
      default: "th"
      }
    return "\(day)\(suffix)"
  }
}
