extension Recurrence {
  /// Which day of a month a month or year rule falls on: a view of ``dayOfMonth``,
  /// ``weekdayOrdinal`` and ``weekday``.
  public enum DayRule: Sendable, Hashable {
    /// The start's day of the month (clamped to shorter months).
    case startDay
    /// This day of the month, 1...31, clamped to shorter months.
    case day(Int)
    /// The last day of the month.
    case lastDay
    /// The `ordinal`-th (1...5, or -1 for the last) ISO `weekday` of the month.
    case weekday(ordinal: Int, weekday: Int)
  }

  /// When a recurrence ends: a view of ``endDate`` and ``count``.
  public enum End: Sendable, Hashable {
    case never
    /// After this nominal date (inclusive).
    case on(CivilDate)
    /// After this many occurrences.
    case after(occurrences: Int)
  }

  /// The day rule the stored fields describe; a weekday rule wins over ``dayOfMonth`` should
  /// both be set (which ``validated()`` refuses).
  public var dayRule: DayRule {
    get {
      if let weekdayOrdinal, let weekday { return .weekday(ordinal: weekdayOrdinal, weekday: weekday) }
      switch dayOfMonth {
      case nil: return .startDay
      case 0: return .lastDay
      case let day?: return .day(day)
      }
    }
    set {
      (dayOfMonth, weekdayOrdinal, weekday) =
        switch newValue {
        case .startDay: (nil, nil, nil)
        case .day(let day): (day, nil, nil)
        case .lastDay: (0, nil, nil)
        case .weekday(let ordinal, let weekday): (nil, ordinal, weekday)
        }
    }
  }

  /// When the recurrence ends; ``endDate`` wins over ``count`` should both be set (which
  /// ``validated()`` refuses).
  public var end: End {
    get {
      if let endDate { return .on(endDate) }
      if let count { return .after(occurrences: count) }
      return .never
    }
    set {
      (endDate, count) =
        switch newValue {
        case .never: (nil, nil)
        case .on(let date): (date, nil)
        case .after(let occurrences): (nil, occurrences)
        }
    }
  }
}
