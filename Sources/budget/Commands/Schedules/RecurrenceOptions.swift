import ArgumentParser
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

  /// The options as the domain reads them.
  var input: RecurrenceInput {
    RecurrenceInput(
      every: every, interval: interval, day: day, weekday: weekday, weekend: weekend, start: start, end: end,
      count: count)
  }

  /// Whether any recurrence option was given (a change keeps the rule otherwise).
  var isEmpty: Bool { input.isEmpty }

  /// The recurrence these options give on top of `base` (a new one when `base` is nil, which
  /// then needs `--every`).
  func recurrence(base: Recurrence?, today: CivilDate) throws -> Recurrence {
    do { return try input.recurrence(base: base, today: today) } catch {
      throw ValidationError("--\(error.field) \(error.reason)")
    }
  }
}

extension Recurrence.WeekendShift: ExpressibleByArgument {}
extension ScheduleKind: ExpressibleByArgument {}
