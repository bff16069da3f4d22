/// The arithmetic behind a ``Recurrence``'s occurrences, on day numbers.
///
/// Period `k` is the `k`-th step of the rule from its start: the day `start + k·interval`, the
/// week `start + 7·k·interval`, the month `start.month + k·interval` or the year
/// `start.year + k·interval`. A period holds at most one nominal date (none for a month without
/// a fifth such weekday), so a date range maps arithmetically to a range of periods, and only
/// the periods near its ends are looked at. Only fifth-weekday rules, where a period may be
/// empty, count the periods before a date one by one to number its occurrence.
struct RecurrencePeriods {
  /// What period `k` holds.
  enum Slot: Equatable {
    /// A nominal date, as a day number (``CivilDate/daysSinceEpoch``).
    case day(Int)
    /// No date: the month has no such fifth weekday.
    case empty
    /// The period lies after 9999-12-31.
    case pastEnd
  }

  let rule: Recurrence
  /// Every period holds a date (all rules but fifth weekdays), so an occurrence's ordinal is
  /// its period's distance from the first one's.
  let everyPeriodHits: Bool
  private let startDay: Int
  private let startMonthIndex: Int
  private static let latestDay = CivilDate.latest.daysSinceEpoch
  /// How many periods were looked at: what the tests bound to show that a query jumps.
  private(set) var steps = 0

  /// The arithmetic of `rule`, or nil when its fields are out of range (they would divide by
  /// zero or name impossible days): such a rule has no occurrences.
  init?(_ rule: Recurrence) {
    guard (1...999).contains(rule.interval) else { return nil }
    if let day = rule.dayOfMonth, !(0...31).contains(day) { return nil }
    if let ordinal = rule.weekdayOrdinal, let weekday = rule.weekday {
      guard (1...5).contains(ordinal) || ordinal == -1, (1...7).contains(weekday) else { return nil }
    }
    self.rule = rule
    everyPeriodHits = rule.weekdayOrdinal != 5 || rule.weekday == nil || !rule.unit.hasDayRules
    startDay = rule.start.daysSinceEpoch
    startMonthIndex = rule.start.year * 12 + rule.start.month - 1
  }

  /// The nominal date of period `k` (k ≥ 0).
  mutating func slot(_ k: Int) -> Slot {
    steps += 1
    switch rule.unit {
    case .day, .week:
      let day = startDay + k * rule.interval * (rule.unit == .week ? 7 : 1)
      return day > Self.latestDay ? .pastEnd : .day(day)
    case .month:
      let index = startMonthIndex + k * rule.interval
      let year = index / 12
      return year > 9999 ? .pastEnd : dayIn(year: year, month: index % 12 + 1)
    case .year:
      let year = rule.start.year + k * rule.interval
      return year > 9999 ? .pastEnd : dayIn(year: year, month: rule.start.month)
    }
  }

  /// The day rule applied to one month.
  private func dayIn(year: Int, month: Int) -> Slot {
    let length = CivilDate.dayCount(year: year, month: month)
    let first = CivilDate(uncheckedYear: year, month: month, day: 1).daysSinceEpoch
    if let ordinal = rule.weekdayOrdinal, let weekday = rule.weekday {
      if ordinal > 0 {
        let day = 1 + (weekday - Self.weekday(ofDay: first) + 7) % 7 + 7 * (ordinal - 1)
        return day <= length ? .day(first + day - 1) : .empty
      }
      let last = first + length - 1
      return .day(last - (Self.weekday(ofDay: last) - weekday + 7) % 7)
    }
    let wanted = rule.dayOfMonth ?? rule.start.day
    return .day(first + (wanted == 0 ? length : min(wanted, length)) - 1)
  }

  /// The ISO weekday of a day number, 1 (Monday) ... 7 (Sunday).
  static func weekday(ofDay day: Int) -> Int {
    let offset = (day + 3) % 7  // 1970-01-01 was a Thursday.
    return (offset < 0 ? offset + 7 : offset) + 1
  }

  /// The first period from `k` on holding a date on or after the day number `atLeast`, and
  /// that date; nil when none does by 9999-12-31.
  mutating func firstHit(from k: Int, atLeast: Int) -> (period: Int, day: Int)? {
    var period = k
    while true {
      switch slot(period) {
      case .pastEnd: return nil
      case .day(let day) where day >= atLeast: return (period, day)
      case .day, .empty: period += 1
      }
    }
  }

  /// The earliest period that may hold a date on or after `date` (itself on or after the
  /// start): every earlier period's date is before it.
  func lowerPeriod(for date: CivilDate) -> Int {
    let (distance, step) = distanceAndStep(to: date)
    return (distance + step - 1) / step
  }

  /// The latest period that may hold a date on or before `date` (itself on or after the
  /// start): every later period's date is after it.
  func upperPeriod(for date: CivilDate) -> Int {
    let (distance, step) = distanceAndStep(to: date)
    return distance / step
  }

  /// How far `date` is from the start in the rule's unit, and the length of a period in it.
  private func distanceAndStep(to date: CivilDate) -> (distance: Int, step: Int) {
    switch rule.unit {
    case .day: (date.daysSinceEpoch - startDay, rule.interval)
    case .week: (date.daysSinceEpoch - startDay, 7 * rule.interval)
    case .month: (date.year * 12 + date.month - 1 - startMonthIndex, rule.interval)
    case .year: (date.year - rule.start.year, rule.interval)
    }
  }

  /// The 0-based index among the occurrences of the date in period `k`, given the first
  /// occurrence's period `first`.
  mutating func ordinal(ofPeriod k: Int, first: Int) -> Int {
    if everyPeriodHits { return k - first }
    var hits = 0
    for period in first..<k {
      if case .day = slot(period) { hits += 1 }
    }
    return hits
  }

  /// The occurrence on the day number `day`, shifted off the weekend as the rule says.
  func occurrence(day: Int, ordinal: Int) -> Recurrence.Occurrence {
    var due = day
    switch (rule.weekend, Self.weekday(ofDay: day)) {
    case (.before, 6): due -= 1
    case (.before, 7): due -= 2
    case (.after, 6): due += 2
    case (.after, 7): due += 1
    default: break
    }
    return Recurrence.Occurrence(
      nominal: CivilDate(uncheckedDaysSinceEpoch: day),
      due: CivilDate(uncheckedDaysSinceEpoch: due),
      ordinal: ordinal
    )
  }
}

extension Recurrence.Unit {
  /// Whether rules in this unit pick a day of the month (months and years do).
  var hasDayRules: Bool { self == .month || self == .year }
}
