import LedgerDomain

/// A schedule as the read model knows it.
public struct ScheduleInfo: Sendable, Hashable {
  public var schedule: ScheduleID
  public var timeline: ScheduleTimeline
  public var isDeleted: Bool

  package init(schedule: ScheduleID, timeline: ScheduleTimeline, isDeleted: Bool) {
    self.schedule = schedule
    self.timeline = timeline
    self.isDeleted = isDeleted
  }

  /// The terms in force now.
  public var terms: ScheduleTerms { timeline.current }
  public var name: String { timeline.current.name }
  /// Whether the schedule is paused now (an open pause).
  public var isPaused: Bool { timeline.openPause != nil }
}

/// Where an occurrence stands on a given day.
public enum OccurrenceStatus: String, Sendable, Hashable, CaseIterable {
  /// Due after the day asked about.
  case upcoming
  /// Due on that day.
  case due
  /// Due before it and neither paid nor skipped.
  case overdue
  case paid
  case skipped
  /// Held back by a pause of its schedule.
  case paused
}

/// One occurrence of a schedule, with its status on the day asked about.
public struct OccurrenceInfo: Sendable, Hashable {
  public var schedule: ScheduleID
  /// The occurrence: its nominal date, due date and terms (shared with the other occurrences
  /// of its schedule's version).
  public var occurrence: ScheduledOccurrence
  /// Its identity: the date the rule gives.
  public var nominal: CivilDate { occurrence.nominal }
  /// The date it is due, after the weekend shift.
  public var due: CivilDate { occurrence.due }
  public var terms: ScheduleTerms { occurrence.terms }
  public var status: OccurrenceStatus
  /// What paid it, when paid.
  public var payment: ScheduleOccurrencePaid?
  public var skipReason: String?
  /// Whether its reminder shows on the day asked about: not paid, skipped or paused, and due
  /// within the schedule's reminder days (or overdue).
  public var remind: Bool

  package init(
    schedule: ScheduleID, occurrence: ScheduledOccurrence, status: OccurrenceStatus,
    payment: ScheduleOccurrencePaid?, skipReason: String?, remind: Bool
  ) {
    self.schedule = schedule
    self.occurrence = occurrence
    self.status = status
    self.payment = payment
    self.skipReason = skipReason
    self.remind = remind
  }

  /// Whether it still asks for money: due, overdue or upcoming.
  public var isOpen: Bool { status == .upcoming || status == .due || status == .overdue }
}
