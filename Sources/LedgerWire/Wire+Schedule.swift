import LedgerDomain
import QueryResults

extension Wire {
  /// A schedule as `GET /schedules` and `budget schedule list --json` list it: its terms in
  /// force now, whether it is paused or deleted, and its next open occurrence (`next`, its due
  /// date; `overdue` when that is past and still open).
  public struct Schedule: Codable, Sendable, Equatable {
    public var id, name, kind, amount, currency, recurrence, account: String
    public var to, category, payee, notes, next: String?
    /// Whether `next` is an occurrence due before today and still open.
    public var overdue: Bool
    public var splits: [ScheduleTerms.SplitTerm]
    public var estimated, autopay, paused, deleted: Bool
    public var reminderDays: Int
    public var start: String
    public var endedAfter: String?
    public var rule: Recurrence
  }
}

extension Wire.Schedule {
  /// `info` with names for its ids and `next`, its oldest open occurrence, if any.
  public init(_ info: ScheduleInfo, next: OccurrenceInfo?, names: some WireNames) {
    let terms = Wire.ScheduleTerms(info.terms, names: names)
    id = info.schedule.description
    name = terms.name
    kind = terms.kind
    amount = terms.amount
    currency = terms.currency
    recurrence = terms.recurrence
    account = terms.account
    to = terms.to
    category = terms.category
    payee = terms.payee
    notes = terms.notes
    splits = terms.splits
    estimated = terms.estimated
    autopay = terms.autopay
    reminderDays = terms.reminderDays
    paused = info.isPaused
    deleted = info.isDeleted
    start = info.timeline.start.description
    endedAfter = info.timeline.endedAfter?.description
    self.next = next?.due.description
    overdue = next?.status == .overdue
    rule = terms.rule
  }
}
