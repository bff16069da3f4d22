/// A recurrence as a person types it — `every month`, `day last`, `weekday 2tue`, `weekend
/// after` — read the same way by the command line's options and the API's fields, on top of
/// an existing rule (a change) or none (a new schedule). Whether the rule it gives makes sense
/// (an interval of at least 1, an end after the start) is for ``Recurrence/validated()``.
public struct RecurrenceInput: Sendable, Hashable {
  /// `day`, `week`, `month`, `year`, or a shorthand (``Recurrence/named(_:)``).
  public var every: String?
  public var interval: Int?
  /// `1`…`31` or `last`.
  public var day: String?
  /// `2tue`, `second-tuesday`, `last-fri`…
  public var weekday: String?
  public var weekend: Recurrence.WeekendShift?
  public var start: CivilDate?
  public var end: CivilDate?
  public var count: Int?

  public init(
    every: String? = nil, interval: Int? = nil, day: String? = nil, weekday: String? = nil,
    weekend: Recurrence.WeekendShift? = nil, start: CivilDate? = nil, end: CivilDate? = nil, count: Int? = nil
  ) {
    self.every = every
    self.interval = interval
    self.day = day
    self.weekday = weekday
    self.weekend = weekend
    self.start = start
    self.end = end
    self.count = count
  }

  /// What was wrong with one of the fields: its name (`every`, `day`, …) and why.
  public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
    public var field: String
    public var reason: String
    public var description: String { "\(field) \(reason)" }
  }

  /// Whether any field was given (a change keeps the rule otherwise).
  public var isEmpty: Bool {
    every == nil && interval == nil && day == nil && weekday == nil && weekend == nil && start == nil && end == nil
      && count == nil
  }

  /// The rule these fields give on top of `base` (a new one, starting `today` unless `start`
  /// says otherwise, when `base` is nil: `every` is then required).
  public func recurrence(base: Recurrence?, today: CivilDate) throws(Problem) -> Recurrence {
    if end != nil, count != nil {
      throw Problem(field: "count", reason: "cannot go with an end; give one or the other")
    }
    if day != nil, weekday != nil {
      throw Problem(field: "weekday", reason: "cannot go with a day of the month; give one or the other")
    }
    var unit = base?.unit
    var interval = base?.interval ?? 1
    if let every {
      if let named = Recurrence.named(every) {
        (unit, interval) = named
      } else if let parsed = Recurrence.Unit(rawValue: every.lowercased()) {
        unit = parsed
      } else {
        throw Problem(
          field: "every",
          reason:
            "'\(every)' is not a unit; use day, week, month, year, weekly, biweekly, monthly, quarterly, semiannual or annual"
        )
      }
    }
    guard let unit else { throw Problem(field: "every", reason: "is required: say how often (e.g. month)") }
    if let given = self.interval { interval = given }
    var recurrence = Recurrence(
      unit: unit, interval: interval, dayOfMonth: base?.dayOfMonth, weekdayOrdinal: base?.weekdayOrdinal,
      weekday: base?.weekday, weekend: weekend ?? base?.weekend ?? .none, start: start ?? base?.start ?? today,
      endDate: base?.endDate, count: base?.count)
    if let day {
      if day.lowercased() == "last" {
        recurrence.dayOfMonth = 0
      } else if let number = Int(day), (1...31).contains(number) {
        recurrence.dayOfMonth = number
      } else {
        throw Problem(field: "day", reason: "'\(day)' is not a day of the month; give 1 to 31 or last")
      }
      recurrence.weekdayOrdinal = nil
      recurrence.weekday = nil
    }
    if let weekday {
      (recurrence.weekdayOrdinal, recurrence.weekday) = try Self.weekdayRule(weekday)
      recurrence.dayOfMonth = nil
    }
    if unit == .day || unit == .week {
      recurrence.dayOfMonth = nil
      recurrence.weekdayOrdinal = nil
      recurrence.weekday = nil
    }
    if let end {
      recurrence.endDate = end
      recurrence.count = nil
    }
    if let count {
      recurrence.count = count
      recurrence.endDate = nil
    }
    return recurrence
  }

  /// Three-letter weekday names, Monday first (ISO weekday − 1).
  public static let weekdayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

  private static let ordinals: [String: Int] = [
    "1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5, "first": 1,
    "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1, "-1": -1,
  ]

  /// `2tue`, `2-tue`, `second tuesday`, `last-fri` → (ordinal, ISO weekday).
  public static func weekdayRule(_ text: String) throws(Problem) -> (Int, Int) {
    let lowered = String(text.lowercased().map { $0 == " " ? "-" : $0 })
    for (index, name) in weekdayNames.enumerated() {
      guard let range = lowered.firstRange(of: name) else { continue }
      var ordinal = String(lowered[..<range.lowerBound])
      if ordinal.hasSuffix("-") { ordinal.removeLast() }
      if let number = ordinals[ordinal] { return (number, index + 1) }
    }
    throw Problem(
      field: "weekday", reason: "'\(text)' is not a weekday of the month; write e.g. 2tue, second-tuesday, last-fri")
  }
}
