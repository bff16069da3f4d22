/// How often a scheduled transaction — a bill, a salary, a monthly saving — occurs.
///
/// A recurrence is anchored at ``start`` and repeats every ``interval`` ``unit``s:
///
/// - **day**: `start + k·interval` days, for k = 0, 1, 2, …
/// - **week**: `start + 7·k·interval` days: always the start's weekday.
/// - **month**: the months `start.month + k·interval`, on the day rule below in each of them.
/// - **year**: the start's month in the years `start.year + k·interval`, on the day rule below.
///
/// The day rule of month and year units is one of:
///
/// - the start's day (``dayOfMonth`` and the weekday rule both nil);
/// - ``dayOfMonth`` 1...31. A day past the end of a month is *clamped* to its last day: the
///   31st is the 30th in April and the 28th or 29th in February, and a yearly rule started on
///   29 February falls on 28 February in common years;
/// - ``dayOfMonth`` 0: the last day of the month;
/// - a weekday of the month, ``weekdayOrdinal`` and ``weekday`` together: "the second Tuesday"
///   is ordinal 2, weekday 2 (ISO weekdays, 1 = Monday … 7 = Sunday, as ``CivilDate/weekday``);
///   ordinal -1 is the last such weekday. A month without that weekday (no fifth Monday) has no
///   occurrence: it is skipped, not moved.
///
/// **The first occurrence** is the first such *nominal* date on or after ``start``: started
/// 2026-01-15, monthly on the 10th, the first occurrence is 2026-02-10 (the month of the start
/// still anchors the interval: every 3 months from January is January, April, July, October).
/// ``count`` counts occurrences from that first one; ``endDate`` is the last nominal date
/// allowed, inclusive. With neither, the recurrence never ends (within the supported years:
/// nothing falls after 9999-12-31).
///
/// **Nominal and due dates.** Each ``Occurrence`` has a ``Occurrence/nominal`` date — the date
/// the rule names, its stable identity (keys such as `schedule:<id>:<date>` use it, and
/// ``endDate`` bounds it) — and a ``Occurrence/due`` date: the nominal date after the
/// ``weekend`` shift. With ``WeekendShift/before`` an occurrence on Saturday 2026-01-31 is due
/// on Friday 2026-01-30, with ``WeekendShift/after`` on Monday 2026-02-02 (a shift may cross a
/// month's or a year's end). Occurrences are ordered by nominal date; two may share a due
/// date (a daily rule's Saturday and Sunday both move to the same Monday).
///
/// **Storage.** The binary event codec is positional, so the stored properties below are in
/// their stored byte order — never reorder them — and are all plain values (no enums with
/// associated values); ``dayRule`` and ``end`` offer those views on top. The initialiser does
/// not check anything: call ``validated()`` before storing a recurrence from the outside.
///
/// ```swift
/// // Rent: the last day of every month, moved to the Friday before on weekends.
/// let rent = Recurrence(unit: .month, dayOfMonth: 0, weekend: .before, start: january1)
/// // Salary: every 2 weeks from a Friday, 26 times.
/// let salary = Recurrence(unit: .week, interval: 2, start: friday, count: 26)
/// // A meeting: the second Tuesday of each quarter's first month.
/// let meeting = Recurrence(unit: .month, interval: 3, weekdayOrdinal: 2, weekday: 2, start: january1)
/// ```
public struct Recurrence: Sendable, Hashable, Codable {
  /// The unit the rule repeats in.
  public enum Unit: String, Sendable, Hashable, Codable, CaseIterable {
    case day, week, month, year
  }

  /// Where an occurrence on a Saturday or Sunday is due.
  public enum WeekendShift: String, Sendable, Hashable, Codable, CaseIterable {
    /// Due on its nominal date, weekend or not.
    case none
    /// Due on the Friday before.
    case before
    /// Due on the Monday after.
    case after
  }

  /// One occurrence of a recurrence.
  public struct Occurrence: Sendable, Hashable, CustomStringConvertible {
    /// The date the rule names: the occurrence's stable identity.
    public let nominal: CivilDate
    /// The date it is due: ``nominal`` after the weekend shift.
    public let due: CivilDate
    /// Its index among the recurrence's occurrences, 0 for the first.
    public let ordinal: Int

    public init(nominal: CivilDate, due: CivilDate, ordinal: Int) {
      self.nominal = nominal
      self.due = due
      self.ordinal = ordinal
    }

    /// `#3 2026-01-31 (due 2026-01-30)`, or without the due date when it is the nominal one.
    public var description: String {
      "#\(ordinal) \(nominal)" + (due == nominal ? "" : " (due \(due))")
    }
  }

  // The stored properties, in stored byte order.

  /// The unit the rule repeats in.
  public var unit: Unit
  /// Every how many units: 1...999.
  public var interval: Int
  /// Month and year units only: the day of the month, 1...31 (clamped to shorter months), or
  /// 0 for the last day of the month; nil for the start's day (unless a weekday rule is set).
  public var dayOfMonth: Int?
  /// Month and year units only, with ``weekday``: which such weekday of the month, 1...5, or
  /// -1 for the last.
  public var weekdayOrdinal: Int?
  /// Month and year units only, with ``weekdayOrdinal``: the ISO weekday, 1 (Monday) ... 7
  /// (Sunday).
  public var weekday: Int?
  /// Where an occurrence on a weekend is due.
  public var weekend: WeekendShift
  /// The anchor of the rule; no occurrence is before it.
  public var start: CivilDate
  /// The last nominal date allowed, inclusive; exclusive with ``count``.
  public var endDate: CivilDate?
  /// How many occurrences there are, 1...10000; exclusive with ``endDate``.
  public var count: Int?

  /// A recurrence from its parts, unchecked: see ``validated()``.
  public init(
    unit: Unit,
    interval: Int = 1,
    dayOfMonth: Int? = nil,
    weekdayOrdinal: Int? = nil,
    weekday: Int? = nil,
    weekend: WeekendShift = .none,
    start: CivilDate,
    endDate: CivilDate? = nil,
    count: Int? = nil
  ) {
    self.unit = unit
    self.interval = interval
    self.dayOfMonth = dayOfMonth
    self.weekdayOrdinal = weekdayOrdinal
    self.weekday = weekday
    self.weekend = weekend
    self.start = start
    self.endDate = endDate
    self.count = count
  }

  /// The unit and interval of a frequency's common name, case-insensitively: `daily`,
  /// `weekly`, `biweekly` (every 2 weeks), `monthly`, `quarterly` (every 3 months),
  /// `semiannual` (every 6 months), `annual` or `yearly`; nil for any other name.
  public static func named(_ name: String) -> (Unit, Int)? {
    switch name.lowercased() {
    case "daily": (.day, 1)
    case "weekly": (.week, 1)
    case "biweekly": (.week, 2)
    case "monthly": (.month, 1)
    case "quarterly": (.month, 3)
    case "semiannual": (.month, 6)
    case "annual", "yearly": (.year, 1)
    default: nil
    }
  }
}
