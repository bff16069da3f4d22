import EventLog
import LedgerDomain
import ProjectionEngine

/// Questions answered by the schedules tables, on both time axes: `today` is business time
/// (what is due, overdue or upcoming on that day), `asKnownAt` a log position.
///
/// The tables are read whole — a few rows per schedule — and decoded once per change when a
/// ``ScheduleCache`` is given.
public struct ScheduleQueries {
  let reader: ProjectionReader
  let cache: ScheduleCache?
  let name = SchedulesProjector.name

  public init(_ reader: ProjectionReader, cache: ScheduleCache? = nil) {
    self.reader = reader
    self.cache = cache
  }

  /// Every schedule (deleted ones too, marked), by name.
  public func schedules(asKnownAt: UInt64 = .max) throws -> [ScheduleInfo] {
    try model(asKnownAt: asKnownAt).schedules
  }

  /// The schedule `id`, if it exists.
  public func schedule(_ id: ScheduleID, asKnownAt: UInt64 = .max) throws -> ScheduleInfo? {
    try model(asKnownAt: asKnownAt).schedules.first { $0.schedule == id }
  }

  /// `schedule`'s occurrences with nominal dates in `from...through`, in date order, with their
  /// status on `today`.
  public func occurrences(
    of schedule: ScheduleInfo, from: CivilDate, through: CivilDate, today: CivilDate, asKnownAt: UInt64 = .max
  ) throws -> [OccurrenceInfo] {
    guard !schedule.isDeleted, from <= through else { return [] }
    let rows = try model(asKnownAt: asKnownAt).rows[schedule.schedule] ?? [:]
    return schedule.timeline.occurrences(from: from, through: through).map { occurrence in
      Self.info(schedule.schedule, occurrence, row: rows[occurrence.nominal], today: today)
    }
  }

  /// Every schedule's occurrences due from `from` through `through` (by due date, then
  /// schedule name), with their status on `today`.
  public func occurrences(
    dueFrom from: CivilDate, through: CivilDate, today: CivilDate, asKnownAt: UInt64 = .max
  ) throws -> [OccurrenceInfo] {
    var found: [OccurrenceInfo] = []
    var keys: [(due: Int32, order: Int32, index: Int32)] = []
    try forEachOccurrence(dueFrom: from, through: through, today: today, asKnownAt: asKnownAt) { order, info in
      keys.append((Int32(truncatingIfNeeded: info.due.daysSinceEpoch), Int32(order), Int32(found.count)))
      found.append(info)
    }
    // Small keys sorted, then the occurrences gathered once.
    keys.sort { ($0.due, $0.order, $0.index) < ($1.due, $1.order, $1.index) }
    return keys.map { found[Int($0.index)] }
  }

  /// Calls `body` with the occurrences due from `from` through `through` of every schedule
  /// `included` accepts, in no particular order, each with its schedule's place in the name
  /// order.
  public func forEachOccurrence(
    dueFrom from: CivilDate, through: CivilDate, today: CivilDate, asKnownAt: UInt64 = .max,
    of included: (ScheduleInfo) -> Bool = { _ in true }, _ body: (_ order: Int, OccurrenceInfo) throws -> Void
  ) throws {
    let model = try model(asKnownAt: asKnownAt)
    // A weekend shift moves a due date by at most two days either way.
    let nominalFrom = (try? from.adding(days: -3)) ?? from
    let nominalThrough = (try? through.adding(days: 3)) ?? through
    for (order, schedule) in model.schedules.enumerated() where !schedule.isDeleted && included(schedule) {
      let rows = model.rows[schedule.schedule]
      for occurrence in schedule.timeline.occurrences(from: nominalFrom, through: nominalThrough)
      where occurrence.due >= from && occurrence.due <= through {
        try body(order, Self.info(schedule.schedule, occurrence, row: rows?[occurrence.nominal], today: today))
      }
    }
  }

  /// The transactions and transfers linked to an occurrence (paying it, or having paid it
  /// before they were deleted or cancelled).
  public func linkedEntries(asKnownAt: UInt64 = .max) throws -> Set<EntityID> {
    Set(try model(asKnownAt: asKnownAt).rows.values.lazy.flatMap(\.values).compactMap { $0.paid?.entry })
  }

  /// The tables as known at `asKnownAt`: from the cache when its stamp is the one then.
  func model(asKnownAt: UInt64) throws -> ScheduleModel {
    let stamp =
      try reader.value(name, "stamp", key: ScheduleKeys.stamp, asKnownAt: asKnownAt).map { value in
        value.count >= 8 ? value.loadUnaligned(as: UInt64.self).littleEndian : 0
      } ?? 0
    if let kept = cache?.model(stamp: stamp) { return kept }
    var schedules: [ScheduleInfo] = []
    try reader.scan(
      name, "schedules", from: [UInt8](repeating: 0, count: 16), to: [UInt8](repeating: 0xFF, count: 16),
      asKnownAt: asKnownAt
    ) { key, value in
      guard let row = ScheduleRow(value), let id = EntityID(bigEndianBytes: key) else { return .continue }
      schedules.append(ScheduleInfo(schedule: ScheduleID(raw: id), timeline: row.timeline, isDeleted: row.isDeleted))
      return .continue
    }
    schedules.sort { ($0.name.lowercased(), $0.schedule) < ($1.name.lowercased(), $1.schedule) }
    var rows: [ScheduleID: [CivilDate: OccurrenceRow]] = [:]
    try reader.scan(
      name, "occurrences", from: [UInt8](repeating: 0, count: 24), to: [UInt8](repeating: 0xFF, count: 24),
      asKnownAt: asKnownAt
    ) { key, value in
      if let row = OccurrenceRow(value, key: key), let (schedule, date) = ScheduleKeys.decodeOccurrence(key) {
        rows[ScheduleID(raw: schedule), default: [:]][date] = row
      }
      return .continue
    }
    let model = ScheduleModel(stamp: stamp, schedules: schedules, rows: rows)
    cache?.keep(model)
    return model
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
      schedule: schedule, occurrence: occurrence, status: status,
      payment: payment, skipReason: row?.skipped == true ? row?.skipReason : nil, remind: open && today >= remindFrom)
  }
}
