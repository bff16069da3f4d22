import Ledger
import LedgerDomain
import QueryResults

extension Ledger {
  /// How far around the day asked for a schedule's detail lists its occurrences: about two
  /// months back (what was paid or missed) and three ahead.
  public static let detailDays = (back: 62, ahead: 92)

  /// Every live schedule at `point`, each with its next open occurrence as of `today` — the
  /// oldest still open, so one overdue comes before the next due — as both front ends list
  /// them (with its info, for a table), and the log position they reflect.
  public func scheduleList(
    today: CivilDate, at point: TimePoint, names: some WireNames
  ) throws(LedgerError) -> (rows: [(info: ScheduleInfo, shape: Wire.Schedule)], position: UInt64) {
    let answer = try schedules(at: point)
    let from = (try? today.adding(days: -Ledger.scheduleLookbackDays)) ?? today
    let horizon = (try? today.adding(days: 800)) ?? today
    var rows: [(info: ScheduleInfo, shape: Wire.Schedule)] = []
    for info in answer.value {
      let next = try occurrences(
        of: info.schedule, from: from, through: horizon, asOf: today, at: .position(answer.position)
      )
      .value.first(where: \.isOpen)
      rows.append((info, Wire.Schedule(info, next: next, names: names)))
    }
    return (rows, answer.position)
  }

  /// One schedule as of `today` at `point` with its occurrences ``detailDays`` around
  /// `today` (what ``Wire/ScheduleDetail`` shows), and the log position they reflect; `nil`
  /// when it was not known then.
  public func scheduleAround(
    _ id: ScheduleID, today: CivilDate, at point: TimePoint
  ) throws(LedgerError) -> (info: ScheduleInfo, occurrences: [OccurrenceInfo], position: UInt64)? {
    let answer = try schedule(id, at: point)
    guard let info = answer.value else { return nil }
    let occurrences = try occurrences(
      of: id, from: (try? today.adding(days: -Self.detailDays.back)) ?? today,
      through: (try? today.adding(days: Self.detailDays.ahead)) ?? today, asOf: today, at: .position(answer.position)
    ).value
    return (info, occurrences, answer.position)
  }
}
