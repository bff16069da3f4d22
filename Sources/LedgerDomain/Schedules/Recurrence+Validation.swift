extension Recurrence {
  /// The most occurrences a counted recurrence may have.
  public static let maximumCount = 10_000
  /// The longest interval, in any unit.
  public static let maximumInterval = 999

  /// This recurrence, checked: throws ``DomainError/invalidField(field:reason:)`` (field
  /// `recurrence`) saying what is wrong and how to fix it when
  ///
  /// - the interval is outside 1...999;
  /// - a day of the month or a weekday of the month is given for a daily or weekly rule, a day
  ///   of the month is outside 0...31, only one of the weekday and its ordinal is given, the
  ///   ordinal is outside 1...5 and -1, the weekday outside 1...7, or both a day of the month
  ///   and a weekday of the month are given;
  /// - both an end date and a count are given, the end date is before the start, or the count
  ///   is outside 1...10000;
  /// - the recurrence never occurs: nothing falls between its start and its end date (or
  ///   9999-12-31).
  public func validated() throws(DomainError) -> Recurrence {
    func refuse(_ reason: String) -> DomainError { .invalidField(field: "recurrence", reason: reason) }
    guard (1...Self.maximumInterval).contains(interval) else {
      throw refuse(
        "the interval \(interval) is out of range; repeat every 1 to \(Self.maximumInterval) \(unit.plural)")
    }
    let hasWeekdayRule = weekdayOrdinal != nil || weekday != nil
    if !unit.hasDayRules {
      if dayOfMonth != nil {
        throw refuse(
          "a day of the month applies to monthly and yearly rules only; leave it out of a \(unit.adjective) rule or repeat by month"
        )
      }
      if hasWeekdayRule {
        throw refuse(
          "a weekday of the month applies to monthly and yearly rules only; a \(unit.adjective) rule falls on the start's weekday"
        )
      }
    }
    if let dayOfMonth, !(0...31).contains(dayOfMonth) {
      throw refuse("the day of the month \(dayOfMonth) does not exist; use 1 to 31, or 0 for the last day of the month")
    }
    if hasWeekdayRule {
      guard let weekdayOrdinal, let weekday else {
        throw refuse(
          "a weekday of the month needs both the weekday and which one of the month (for example the second Tuesday); give both or neither"
        )
      }
      guard (1...5).contains(weekdayOrdinal) || weekdayOrdinal == -1 else {
        throw refuse(
          "the weekday ordinal \(weekdayOrdinal) is out of range; use 1 to 5 (the first to the fifth) or -1 (the last)")
      }
      guard (1...7).contains(weekday) else {
        throw refuse("the weekday \(weekday) does not exist; use 1 (Monday) to 7 (Sunday)")
      }
      if let dayOfMonth {
        throw refuse(
          "give either a day of the month (\(dayOfMonth)) or a weekday of the month, not both; leave one of them out")
      }
    }
    if let endDate, let count {
      throw refuse(
        "give either an end date (\(endDate)) or a number of occurrences (\(count)), not both; leave one of them out")
    }
    if let endDate, endDate < start {
      throw refuse(
        "the end \(endDate) is before the start \(start); end on or after the start, or leave the end out")
    }
    if let count, !(1...Self.maximumCount).contains(count) {
      throw refuse(
        "the number of occurrences \(count) is out of range; use 1 to \(Self.maximumCount), or leave it out for no end")
    }
    guard first() != nil else {
      var unbounded = self
      unbounded.endDate = nil
      if let endDate, let wouldBe = unbounded.first() {
        throw refuse(
          "\(unbounded.summary) from \(start) never occurs by the end \(endDate): the first occurrence would be \(wouldBe.nominal); end on or after it"
        )
      }
      throw refuse(
        "\(unbounded.summary) from \(start) never occurs before \(CivilDate.latest); choose another start or day rule")
    }
    return self
  }
}

extension Recurrence.Unit {
  /// `days`, `weeks`, `months`, `years`.
  var plural: String { rawValue + "s" }

  /// `daily`, `weekly`, `monthly`, `yearly`.
  var adjective: String {
    switch self {
    case .day: "daily"
    case .week: "weekly"
    case .month: "monthly"
    case .year: "yearly"
    }
  }
}
