extension Recurrence {
  /// The occurrences whose nominal date falls in `from...through`, in order.
  ///
  /// The window is on nominal dates: an occurrence nominally on Saturday 2026-01-31 and due on
  /// Monday 2026-02-02 is in a January window, not in a February one.
  ///
  /// Jumps to the range arithmetically: the cost depends on the number of occurrences
  /// returned, not on how long ago the rule started — except for fifth-weekday rules (which
  /// skip months), whose occurrences are numbered by counting the months since the first.
  /// Empty when `from` is after `through`, and for a rule whose fields are out of range (see
  /// ``validated()``).
  public func occurrences(from: CivilDate, through: CivilDate) -> [Occurrence] {
    walk(from: from, through: through, limit: .max).occurrences
  }

  /// The first occurrence, nil when there is none.
  public func first() -> Occurrence? {
    walk(from: start, through: .latest, limit: 1).occurrences.first
  }

  /// The first occurrence whose nominal date is after `nominal`, nil when there is none.
  public func next(after nominal: CivilDate) -> Occurrence? {
    guard nominal < .latest else { return nil }
    let following = CivilDate(uncheckedDaysSinceEpoch: nominal.daysSinceEpoch + 1)
    return walk(from: following, through: .latest, limit: 1).occurrences.first
  }

  /// The first occurrence whose nominal date is on or after `nominal`, nil when there is none.
  public func next(onOrAfter nominal: CivilDate) -> Occurrence? {
    walk(from: nominal, through: .latest, limit: 1).occurrences.first
  }

  /// The last occurrence of a bounded recurrence (an ``endDate`` or a ``count``); nil when the
  /// recurrence never ends or never occurs. A count that would run past 9999-12-31 ends at the
  /// last occurrence before it.
  public var last: Occurrence? {
    guard var periods = RecurrencePeriods(self),
      let first = periods.firstHit(from: 0, atLeast: start.daysSinceEpoch)
    else { return nil }
    if let endDate {
      guard endDate >= first.day.civilDate else { return nil }
      let endDay = endDate.daysSinceEpoch
      var period = periods.upperPeriod(for: endDate)
      while period >= first.period {
        if case .day(let day) = periods.slot(period), day <= endDay {
          return periods.occurrence(day: day, ordinal: periods.ordinal(ofPeriod: period, first: first.period))
        }
        period -= 1
      }
      return nil
    }
    guard let count, count >= 1 else { return nil }
    if periods.everyPeriodHits {
      let period = min(first.period + count - 1, periods.upperPeriod(for: .latest))
      guard case .day(let day) = periods.slot(period) else { return nil }
      return periods.occurrence(day: day, ordinal: period - first.period)
    }
    var hit = first
    var ordinal = 0
    while ordinal + 1 < count, let following = periods.firstHit(from: hit.period + 1, atLeast: hit.day + 1) {
      hit = following
      ordinal += 1
    }
    return periods.occurrence(day: hit.day, ordinal: ordinal)
  }

  /// At most `limit` occurrences with nominal dates in `from...through`, and how many periods
  /// were looked at to find them.
  func walk(from: CivilDate, through: CivilDate, limit: Int) -> (occurrences: [Occurrence], steps: Int) {
    guard var periods = RecurrencePeriods(self) else { return ([], 0) }
    let low = max(from, start)
    let high = endDate.map { min(through, $0) } ?? through
    guard low <= high,
      let first = periods.firstHit(from: 0, atLeast: start.daysSinceEpoch)
    else { return ([], periods.steps) }
    let highDay = high.daysSinceEpoch
    let candidate = max(first.period, periods.lowerPeriod(for: low))
    guard var hit = periods.firstHit(from: candidate, atLeast: low.daysSinceEpoch), hit.day <= highDay else {
      return ([], periods.steps)
    }
    var ordinal = periods.ordinal(ofPeriod: hit.period, first: first.period)
    var found: [Occurrence] = []
    while hit.day <= highDay, found.count < limit, ordinal < count ?? .max {
      found.append(periods.occurrence(day: hit.day, ordinal: ordinal))
      ordinal += 1
      guard let following = periods.firstHit(from: hit.period + 1, atLeast: hit.day + 1) else { break }
      hit = following
    }
    return (found, periods.steps)
  }
}

extension Int {
  /// The date of a day number known to be in range.
  fileprivate var civilDate: CivilDate { CivilDate(uncheckedDaysSinceEpoch: self) }
}
