import LedgerDomain
import LedgerTesting
import Testing

@Suite("Recurrence input: what people type")
struct RecurrenceInputTests {
  let today = day("2026-11-27")

  @Test("given shorthands, days and weekday rules, when read, then each gives its rule")
  func reads() throws {
    let quarterly = try RecurrenceInput(every: "Quarterly", day: "last").recurrence(base: nil, today: today)
    #expect(
      quarterly.unit == .month && quarterly.interval == 3 && quarterly.dayOfMonth == 0 && quarterly.start == today)
    for (text, rule) in [("2tue", (2, 2)), ("second-tuesday", (2, 2)), ("last fri", (-1, 5)), ("5th-sun", (5, 7))] {
      let read = try RecurrenceInput(every: "month", weekday: text).recurrence(base: nil, today: today)
      #expect(read.weekdayOrdinal == rule.0 && read.weekday == rule.1, "\(text)")
    }
    // a change keeps what it does not name, and a weekday rule replaces the day
    let base = try RecurrenceInput(every: "month", day: "15", count: 12).recurrence(base: nil, today: today)
    let changed = try RecurrenceInput(weekday: "1mon").recurrence(base: base, today: today)
    #expect(changed.dayOfMonth == nil && changed.weekdayOrdinal == 1 && changed.count == 12 && changed.unit == .month)
    // weekly rules have no day of the month
    #expect(try RecurrenceInput(every: "weekly", day: "3").recurrence(base: nil, today: today).dayOfMonth == nil)
  }

  @Test("given bad fields, when read, then the problem names the field and what to write")
  func problems() {
    let cases: [(RecurrenceInput, String, String)] = [
      (RecurrenceInput(every: "fortnight"), "every", "'fortnight' is not a unit"),
      (RecurrenceInput(), "every", "is required"),
      (RecurrenceInput(every: "month", day: "32"), "day", "'32' is not a day of the month; give 1 to 31 or last"),
      (RecurrenceInput(every: "month", weekday: "ninth-tue"), "weekday", "is not a weekday of the month"),
      (RecurrenceInput(every: "month", day: "1", weekday: "2tue"), "weekday", "cannot go with a day"),
      (RecurrenceInput(every: "month", end: day("2027-01-01"), count: 3), "count", "cannot go with an end"),
    ]
    for (input, field, reason) in cases {
      do {
        _ = try input.recurrence(base: nil, today: today)
        Issue.record("\(input) was accepted")
      } catch {
        #expect(error.field == field && error.reason.contains(reason), "\(error)")
      }
    }
  }
}
