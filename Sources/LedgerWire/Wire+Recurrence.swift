import LedgerDomain

extension Wire {
  /// The parts of a schedule's rule, in the words `POST /schedules` and `budget schedule add`
  /// take them: a client can show the rule, or change one part and send it back.
  public struct Recurrence: Codable, Sendable, Equatable {
    /// `day`, `week`, `month` or `year`.
    public var every: String
    public var interval: Int
    /// 1–31, or "last".
    public var day: String?
    /// e.g. "2tue", "last-fri".
    public var weekday: String?
    /// `none`, `before` or `after`: where a date on a weekend moves.
    public var weekend: String
    public var start: String
    public var end: String?
    public var count: Int?
  }
}

extension Wire.Recurrence {
  /// The parts of `recurrence`.
  public init(_ recurrence: LedgerDomain.Recurrence) {
    every = recurrence.unit.rawValue
    interval = recurrence.interval
    day = recurrence.dayOfMonth.map { $0 == 0 ? "last" : String($0) }
    if let ordinal = recurrence.weekdayOrdinal, let weekday = recurrence.weekday, (1...7).contains(weekday) {
      let name = RecurrenceInput.weekdayNames[weekday - 1]
      self.weekday = ordinal < 0 ? "last-\(name)" : "\(ordinal)\(name)"
    }
    weekend = recurrence.weekend.rawValue
    start = recurrence.start.description
    end = recurrence.endDate?.description
    count = recurrence.count
  }
}
