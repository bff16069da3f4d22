import EventLog
import LedgerDomain
import ProjectionEngine

/// Questions answered by the schedules tables, on both time axes: `today` is business time
/// (what is due, overdue or upcoming on that day), `asKnownAt` a log position.
public struct ScheduleQueries {
  let reader: ProjectionReader
  let name = SchedulesProjector.name

  public init(_ reader: ProjectionReader) { self.reader = reader }

  /// Every schedule (deleted ones too, marked), by name.
  public func schedules(asKnownAt: UInt64 = .max) throws -> [ScheduleInfo] {
    var result: [ScheduleInfo] = []
    try reader.scan(
      name, "schedules", from: [UInt8](repeating: 0, count: 16), to: [UInt8](repeating: 0xFF, count: 16),
      asKnownAt: asKnownAt
    ) { key, value in
      guard let row = ScheduleRow(value) else { return .continue }
      result.append(
        ScheduleInfo(
          schedule: ScheduleID(raw: EntityID(bigEndianBytes: key) ?? EntityID(high: 0, low: 0)), timeline: row.timeline,
          isDeleted: row.isDeleted))
      return .continue
    }
    return result.sorted { ($0.name.lowercased(), $0.schedule) < ($1.name.lowercased(), $1.schedule) }
  }

  /// The schedule `id`, if it exists.
  public func schedule(_ id: ScheduleID, asKnownAt: UInt64 = .max) throws -> ScheduleInfo? {
    guard let value = try reader.value(name, "schedules", key: ScheduleKeys.id(id.raw), asKnownAt: asKnownAt),
      let row = ScheduleRow(value)
    else { return nil }
    return ScheduleInfo(schedule: id, timeline: row.timeline, isDeleted: row.isDeleted)
  }

  /// `schedule`'s occurrences with nominal dates in `from...through`, in date order, with their
  /// status on `today`.
  public func occurrences(
    of schedule: ScheduleInfo, from: CivilDate, through: CivilDate, today: CivilDate, asKnownAt: UInt64 = .max
  ) throws -> [OccurrenceInfo] {
    guard !schedule.isDeleted, from <= through else { return [] }
    var rows: [CivilDate: OccurrenceRow] = [:]
    try reader.scan(
      name, "occurrences", from: ScheduleKeys.occurrence(schedule.schedule.raw, from),
      to: ScheduleKeys.occurrence(schedule.schedule.raw, (try? through.adding(days: 1)) ?? through),
      asKnownAt: asKnownAt
    ) { key, value in
      if let (_, date) = ScheduleKeys.decodeOccurrence(key), let row = OccurrenceRow(value) { rows[date] = row }
      return .continue
    }
    return schedule.timeline.occurrences(from: from, through: through).map { occurrence in
      Self.info(schedule.schedule, occurrence, row: rows[occurrence.nominal], today: today)
    }
  }

  /// Every schedule's occurrences due from `from` through `through` (by due date, then name),
  /// with their status on `today`.
  public func occurrences(
    dueFrom from: CivilDate, through: CivilDate, today: CivilDate, asKnownAt: UInt64 = .max
  ) throws -> [OccurrenceInfo] {
    var result: [OccurrenceInfo] = []
    // A weekend shift moves a due date by at most two days either way.
    let nominalFrom = (try? from.adding(days: -3)) ?? from
    let nominalThrough = (try? through.adding(days: 3)) ?? through
    for schedule in try schedules(asKnownAt: asKnownAt) where !schedule.isDeleted {
      for occurrence in try occurrences(
        of: schedule, from: nominalFrom, through: nominalThrough, today: today, asKnownAt: asKnownAt)
      where occurrence.due >= from && occurrence.due <= through {
        result.append(occurrence)
      }
    }
    return result.sorted { ($0.due, $0.terms.name.lowercased()) < ($1.due, $1.terms.name.lowercased()) }
  }

  static func info(
    _ schedule: ScheduleID, _ occurrence: ScheduledOccurrence, row: OccurrenceRow?, today: CivilDate
  ) -> OccurrenceInfo {
    let payment = row.flatMap { $0.live ? $0.paid : nil }
    let status: OccurrenceStatus
    if payment != nil {
      status = .paid
    } else if row?.skipped == true {
      status = .skipped
    } else if occurrence.isPaused {
      status = .paused
    } else if occurrence.due > today {
      status = .upcoming
    } else {
      status = occurrence.due == today ? .due : .overdue
    }
    let remindFrom = (try? occurrence.due.adding(days: -occurrence.terms.reminderDays)) ?? occurrence.due
    let open = status == .upcoming || status == .due || status == .overdue
    return OccurrenceInfo(
      schedule: schedule, nominal: occurrence.nominal, due: occurrence.due, terms: occurrence.terms, status: status,
      payment: payment, skipReason: row?.skipped == true ? row?.skipReason : nil, remind: open && today >= remindFrom)
  }
}
