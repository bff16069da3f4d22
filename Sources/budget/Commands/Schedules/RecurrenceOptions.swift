import ArgumentParser
import Foundation
import Ledger
import LedgerDomain
import QueryResults

/// The options that say when a schedule recurs: `--every`, `--interval`, `--day`,
/// `--weekday`, `--weekend`, `--start`, `--end` / `--count`.
struct RecurrenceOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "day, week, month or year — or weekly, biweekly, monthly, quarterly, semiannual, annual.",
      valueName: "unit"))
  var every: String?
  @Option(help: "Every N units (default 1).") var interval: Int?
  @Option(help: "Day of the month, 1–31 (clamped to shorter months) or 'last' (month and year units).")
  var day: String?
  @Option(help: "A weekday of the month instead of a day: 2tue, last-fri, first-monday (month and year units).")
  var weekday: String?
  @Option(help: "A Saturday or Sunday occurrence moves to: none, before (Friday) or after (Monday).")
  var weekend: Recurrence.WeekendShift?
  @Option(help: "First day it may occur, YYYY-MM-DD (default: today).", transform: dateArgument) var start: CivilDate?
  @Option(help: "Last day it may occur, YYYY-MM-DD.", transform: dateArgument) var end: CivilDate?
  @Option(help: "How many times it occurs.") var count: Int?

  /// Whether any recurrence option was given (a change keeps the rule otherwise).
  var isEmpty: Bool {
    every == nil && interval == nil && day == nil && weekday == nil && weekend == nil && start == nil && end == nil
      && count == nil
  }

  func validate() throws {
    if end != nil, count != nil { throw ValidationError("give --end or --count, not both") }
    if day != nil, weekday != nil { throw ValidationError("give --day or --weekday, not both") }
  }

  /// The recurrence these options give on top of `base` (a new one when `base` is nil, which
  /// then needs `--every`).
  func recurrence(base: Recurrence?, today: CivilDate) throws -> Recurrence {
    var unit = base?.unit
    var interval = base?.interval ?? 1
    if let every {
      if let named = Recurrence.named(every.lowercased()) {
        unit = named.0
        interval = named.1
      } else if let parsed = Recurrence.Unit(rawValue: every.lowercased()) {
        unit = parsed
      } else {
        throw ValidationError(
          "--every '\(every)' is not a unit; use day, week, month, year, weekly, biweekly, monthly, quarterly, semiannual or annual"
        )
      }
    }
    guard let unit else { throw ValidationError("say how often with --every (e.g. --every month)") }
    if let given = self.interval { interval = given }
    var recurrence = Recurrence(
      unit: unit, interval: interval, dayOfMonth: base?.dayOfMonth, weekdayOrdinal: base?.weekdayOrdinal,
      weekday: base?.weekday, weekend: weekend ?? base?.weekend ?? .none, start: start ?? base?.start ?? today,
      endDate: base?.endDate, count: base?.count)
    if let day {
      recurrence.dayOfMonth = day.lowercased() == "last" ? 0 : try Self.number(day, option: "--day")
      recurrence.weekdayOrdinal = nil
      recurrence.weekday = nil
    }
    if let weekday {
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

  private static func number(_ text: String, option: String) throws -> Int {
    guard let value = Int(text) else { throw ValidationError("\(option) '\(text)' is not a number") }
    return value
  }

  private static let ordinals: [String: Int] = [
    "1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5, "first": 1,
    "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1, "-1": -1,
  ]
  private static let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

  /// `2tue`, `2-tue`, `second-tuesday`, `last-fri`, `lastfriday` → (ordinal, ISO weekday).
  static func weekdayRule(_ text: String) throws -> (Int, Int) {
    let lowered = text.lowercased().replacingOccurrences(of: " ", with: "-")
    for (index, name) in weekdays.enumerated() {
      guard let range = lowered.range(of: name) else { continue }
      var ordinalText = String(lowered[..<range.lowerBound])
      if ordinalText.hasSuffix("-") { ordinalText.removeLast() }
      if let ordinal = ordinals[ordinalText] { return (ordinal, index + 1) }
    }
    throw ValidationError(
      "--weekday '\(text)' is not a weekday of the month; write e.g. 2tue, second-tuesday, last-fri")
  }
}

extension Recurrence.WeekendShift: ExpressibleByArgument {}
extension ScheduleKind: ExpressibleByArgument {}
