import Foundation
import LedgerDomain

/// Reads the recurrence fields of a ``ScheduleBody`` (`every`, `interval`, `day`, `weekday`,
/// `weekend`, `start`, `end`, `count`) as `budget schedule add` reads its options, with 400s
/// naming the field. Whether the rule makes sense (a day 1–31, an interval ≥ 1…) is for the
/// rules to say.
struct RecurrenceParser {
  let api: LedgerAPI

  static let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
  private static let ordinals: [String: Int] = [
    "1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5, "first": 1,
    "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1, "-1": -1,
  ]

  /// The recurrence the body gives on top of `base` (a new one when `base` is nil, which
  /// then needs `every`).
  func recurrence(_ body: ScheduleBody, base: Recurrence?) throws -> Recurrence {
    if body.end != nil, body.count != nil {
      throw APIError.badRequest("give end or count, not both", field: "count")
    }
    if body.day != nil, body.weekday != nil {
      throw APIError.badRequest("give day or weekday, not both", field: "weekday")
    }
    var unit = base?.unit
    var interval = base?.interval ?? 1
    if let every = body.every {
      if let named = Recurrence.named(every) {
        unit = named.0
        interval = named.1
      } else if let parsed = Recurrence.Unit(rawValue: every.lowercased()) {
        unit = parsed
      } else {
        throw APIError.badRequest(
          "every '\(every)' is not a unit; use day, week, month, year, weekly, biweekly, monthly, quarterly, semiannual or annual",
          field: "every")
      }
    }
    guard let unit else { throw APIError.badRequest("say how often in 'every' (e.g. \"month\")", field: "every") }
    if let given = body.interval { interval = given }
    let weekend = try api.choice(body.weekend, Recurrence.WeekendShift.self, field: "weekend")
    var recurrence = Recurrence(
      unit: unit, interval: interval, dayOfMonth: base?.dayOfMonth, weekdayOrdinal: base?.weekdayOrdinal,
      weekday: base?.weekday, weekend: weekend ?? base?.weekend ?? .none,
      start: try api.date(body.start, field: "start") ?? base?.start ?? api.today, endDate: base?.endDate,
      count: base?.count)
    if let day = body.day?.text {
      if day.lowercased() == "last" {
        recurrence.dayOfMonth = 0
      } else if let number = Int(day), (1...31).contains(number) {
        recurrence.dayOfMonth = number
      } else {
        throw APIError.badRequest("day must be 1 to 31 or \"last\" (got '\(day)')", field: "day")
      }
      recurrence.weekdayOrdinal = nil
      recurrence.weekday = nil
    }
    if let weekday = body.weekday {
      let (ordinal, number) = try Self.weekdayRule(weekday)
      recurrence.weekdayOrdinal = ordinal
      recurrence.weekday = number
      recurrence.dayOfMonth = nil
    }
    if unit == .day || unit == .week {
      recurrence.dayOfMonth = nil
      recurrence.weekdayOrdinal = nil
      recurrence.weekday = nil
    }
    if let end = try api.date(body.end, field: "end") {
      recurrence.endDate = end
      recurrence.count = nil
    }
    if let count = body.count {
      recurrence.count = count
      recurrence.endDate = nil
    }
    return recurrence
  }

  /// `2tue`, `2-tue`, `second-tuesday`, `last-fri` → (ordinal, ISO weekday).
  static func weekdayRule(_ text: String) throws -> (Int, Int) {
    let lowered = text.lowercased().replacingOccurrences(of: " ", with: "-")
    for (index, name) in weekdays.enumerated() {
      guard let range = lowered.range(of: name) else { continue }
      var ordinalText = String(lowered[..<range.lowerBound])
      if ordinalText.hasSuffix("-") { ordinalText.removeLast() }
      if let ordinal = ordinals[ordinalText] { return (ordinal, index + 1) }
    }
    throw APIError.badRequest(
      "weekday '\(text)' is not a weekday of the month; write e.g. 2tue, second-tuesday, last-fri", field: "weekday")
  }
}
