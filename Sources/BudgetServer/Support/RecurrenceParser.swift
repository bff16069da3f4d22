import LedgerDomain

/// Reads the recurrence fields of a ``ScheduleBody`` (`every`, `interval`, `day`, `weekday`,
/// `weekend`, `start`, `end`, `count`) as `budget schedule add` reads its options — both
/// through ``RecurrenceInput`` — with 400s naming the field. Whether the rule makes sense (an
/// interval ≥ 1, an end after the start…) is for the rules to say.
struct RecurrenceParser {
  let api: LedgerAPI

  /// The recurrence the body gives on top of `base` (a new one when `base` is nil, which
  /// then needs `every`).
  func recurrence(_ body: ScheduleBody, base: Recurrence?) throws -> Recurrence {
    let input = RecurrenceInput(
      every: body.every, interval: body.interval, day: body.day?.text, weekday: body.weekday,
      weekend: try api.choice(body.weekend, Recurrence.WeekendShift.self, field: "weekend"),
      start: try api.date(body.start, field: "start"), end: try api.date(body.end, field: "end"), count: body.count)
    do { return try input.recurrence(base: base, today: api.today) } catch {
      throw APIError.badRequest(error.description, field: error.field)
    }
  }
}
