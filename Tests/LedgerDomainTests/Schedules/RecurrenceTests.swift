import LedgerDomain
import LedgerTesting
import Testing

@Suite("Recurrence: the dates a schedule falls on")
struct RecurrenceTests {
  /// The nominal dates in `from...through`, as text.
  private func nominals(_ rule: Recurrence, _ from: String, _ through: String) -> [String] {
    rule.occurrences(from: day(from), through: day(through)).map(\.nominal.description)
  }

  @Test(
    "given a monthly rule from the 31st, when months are shorter, then it falls on their last day, leap years included")
  func monthEnds() {
    let rule = Recurrence(unit: .month, start: day("2024-01-31"))
    #expect(
      nominals(rule, "2024-01-01", "2024-06-30") == [
        "2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30", "2024-05-31", "2024-06-30",
      ])
    #expect(nominals(rule, "2023-01-01", "2025-03-01") == nominals(rule, "2024-01-01", "2025-03-01"))
    #expect(nominals(rule, "2025-02-01", "2025-02-28") == ["2025-02-28"])
    #expect(nominals(Recurrence(unit: .month, start: day("2100-01-31")), "2100-02-01", "2100-02-28") == ["2100-02-28"])
    #expect(nominals(Recurrence(unit: .month, start: day("2000-01-31")), "2000-02-01", "2000-02-29") == ["2000-02-29"])
    let thirtieth = Recurrence(unit: .month, dayOfMonth: 30, start: day("2024-01-01"))
    #expect(nominals(thirtieth, "2024-01-01", "2024-03-31") == ["2024-01-30", "2024-02-29", "2024-03-30"])
    let fromApril = Recurrence(unit: .month, dayOfMonth: 31, start: day("2026-04-01"))
    #expect(fromApril.first()?.nominal == day("2026-04-30"))
  }

  @Test("given day 0, when listed, then each month's last day")
  func lastDay() {
    let rule = Recurrence(unit: .month, dayOfMonth: 0, start: day("2026-01-01"))
    #expect(nominals(rule, "2026-01-01", "2026-04-30") == ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"])
    let yearly = Recurrence(unit: .year, dayOfMonth: 0, start: day("2023-02-01"))
    #expect(nominals(yearly, "2023-01-01", "2025-12-31") == ["2023-02-28", "2024-02-29", "2025-02-28"])
  }

  @Test("given a yearly rule from 29 February, when years are common, then it falls on 28 February")
  func leapDayYearly() {
    let rule = Recurrence(unit: .year, start: day("2024-02-29"))
    #expect(
      nominals(rule, "2024-01-01", "2028-12-31") == [
        "2024-02-29", "2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29",
      ])
    let everyFour = Recurrence(unit: .year, interval: 4, start: day("2096-02-29"))
    #expect(nominals(everyFour, "2096-01-01", "2104-12-31") == ["2096-02-29", "2100-02-28", "2104-02-29"])
  }

  @Test("given weekday rules, when listed, then the second Tuesday and the last Friday of each month")
  func weekdayRules() {
    let secondTuesday = Recurrence(unit: .month, weekdayOrdinal: 2, weekday: 2, start: day("2026-01-01"))
    #expect(nominals(secondTuesday, "2026-01-01", "2026-03-31") == ["2026-01-13", "2026-02-10", "2026-03-10"])
    let lastFriday = Recurrence(unit: .month, weekdayOrdinal: -1, weekday: 5, start: day("2026-01-01"))
    #expect(nominals(lastFriday, "2026-01-01", "2026-03-31") == ["2026-01-30", "2026-02-27", "2026-03-27"])
    let yearly = Recurrence(unit: .year, weekdayOrdinal: 4, weekday: 4, start: day("2025-11-01"))
    #expect(nominals(yearly, "2025-01-01", "2026-12-31") == ["2025-11-27", "2026-11-26"])
  }

  @Test("given the fifth Monday, when a month has none, then it is skipped and the ordinals stay consecutive")
  func fifthWeekday() {
    let rule = Recurrence(unit: .month, weekdayOrdinal: 5, weekday: 1, start: day("2026-01-01"))
    let found = rule.occurrences(from: day("2026-01-01"), through: day("2026-12-31"))
    #expect(found.map(\.nominal.description) == ["2026-03-30", "2026-06-29", "2026-08-31", "2026-11-30"])
    #expect(found.map(\.ordinal) == [0, 1, 2, 3])
    #expect(rule.occurrences(from: day("2026-07-01"), through: day("2026-09-30")).map(\.ordinal) == [2])
    #expect(rule.next(after: day("2026-06-29"))?.nominal == day("2026-08-31"))
  }

  @Test(
    "given weekend shifts, when an occurrence is on a weekend, then it is due the Friday before or the Monday after")
  func weekendShifts() {
    let before = Recurrence(unit: .month, dayOfMonth: 31, weekend: .before, start: day("2026-01-01"))
    let after = Recurrence(unit: .month, dayOfMonth: 31, weekend: .after, start: day("2026-01-01"))
    // Saturday 2026-01-31 and Sunday 2026-05-31.
    #expect(before.first() == Recurrence.Occurrence(nominal: day("2026-01-31"), due: day("2026-01-30"), ordinal: 0))
    #expect(after.first() == Recurrence.Occurrence(nominal: day("2026-01-31"), due: day("2026-02-02"), ordinal: 0))
    #expect(before.next(onOrAfter: day("2026-05-01"))?.due == day("2026-05-29"))
    #expect(after.next(onOrAfter: day("2026-05-01"))?.due == day("2026-06-01"))
    // Sunday 2028-12-31 moves into the next year; the window still goes by the nominal date.
    #expect(after.occurrences(from: day("2028-12-01"), through: day("2028-12-31")).map(\.due) == [day("2029-01-01")])
    #expect(after.occurrences(from: day("2029-01-01"), through: day("2029-01-02")).isEmpty)
    // Saturday 2026-02-28 stays put without a shift; a weekday is never moved.
    #expect(Recurrence(unit: .month, dayOfMonth: 28, start: day("2026-02-01")).first()?.due == day("2026-02-28"))
    #expect(before.next(onOrAfter: day("2026-03-01"))?.due == day("2026-03-31"))
  }

  @Test("given a count or an end date, when listed, then the occurrences stop there and last names the final one")
  func countAndEnd() {
    let counted = Recurrence(unit: .month, dayOfMonth: 15, start: day("2026-01-20"), count: 3)
    #expect(nominals(counted, "2000-01-01", "2099-12-31") == ["2026-02-15", "2026-03-15", "2026-04-15"])
    #expect(counted.last == Recurrence.Occurrence(nominal: day("2026-04-15"), due: day("2026-04-15"), ordinal: 2))
    #expect(counted.next(after: day("2026-04-15")) == nil)
    let ended = Recurrence(unit: .week, start: day("2026-01-05"), endDate: day("2026-01-26"))
    #expect(nominals(ended, "2026-01-01", "2026-12-31") == ["2026-01-05", "2026-01-12", "2026-01-19", "2026-01-26"])
    #expect(ended.last?.ordinal == 3)
    #expect(Recurrence(unit: .week, start: day("2026-01-05")).last == nil)
    let fifths = Recurrence(unit: .month, weekdayOrdinal: 5, weekday: 1, start: day("2026-01-01"), count: 3)
    #expect(fifths.last?.nominal == day("2026-08-31"))
    #expect(nominals(fifths, "2026-01-01", "2027-12-31") == ["2026-03-30", "2026-06-29", "2026-08-31"])
  }

  @Test("given a start after the rule's day in its month, when listed, then the first occurrence is the next one")
  func firstAfterStart() {
    let monthly = Recurrence(unit: .month, dayOfMonth: 10, start: day("2026-01-15"))
    #expect(monthly.first() == Recurrence.Occurrence(nominal: day("2026-02-10"), due: day("2026-02-10"), ordinal: 0))
    // The start's month still anchors the interval: January, April, July…
    let quarterly = Recurrence(unit: .month, interval: 3, dayOfMonth: 10, start: day("2026-01-15"))
    #expect(nominals(quarterly, "2026-01-01", "2026-12-31") == ["2026-04-10", "2026-07-10", "2026-10-10"])
    let yearly = Recurrence(unit: .year, dayOfMonth: 1, start: day("2026-03-02"))
    #expect(yearly.first()?.nominal == day("2027-03-01"))
  }

  @Test("given daily, weekly and biweekly rules, when listed, then they step by days from the start")
  func dayAndWeekUnits() {
    let biweekly = Recurrence(unit: .week, interval: 2, start: day("2026-01-06"))
    #expect(nominals(biweekly, "2026-01-01", "2026-02-05") == ["2026-01-06", "2026-01-20", "2026-02-03"])
    #expect(nominals(biweekly, "2026-01-07", "2026-01-19").isEmpty)
    let everyTenDays = Recurrence(unit: .day, interval: 10, start: day("2026-02-25"))
    #expect(nominals(everyTenDays, "2026-02-26", "2026-03-31") == ["2026-03-07", "2026-03-17", "2026-03-27"])
    #expect(everyTenDays.occurrences(from: day("2026-03-07"), through: day("2026-03-07")).map(\.ordinal) == [1])
  }

  @Test(
    "given a rule started years ago, when asked about a later month, then the ordinals count from the first occurrence")
  func laterWindow() {
    let rule = Recurrence(unit: .month, dayOfMonth: 10, start: day("2020-01-15"))
    let march = rule.occurrences(from: day("2026-03-01"), through: day("2026-03-31"))
    #expect(march == [Recurrence.Occurrence(nominal: day("2026-03-10"), due: day("2026-03-10"), ordinal: 73)])
    #expect(rule.occurrences(from: day("2026-03-31"), through: day("2026-03-01")).isEmpty)
    #expect(rule.occurrences(from: day("2019-01-01"), through: day("2020-01-31")).isEmpty)
  }

  @Test("given the last supported years, when listed, then nothing falls after 9999-12-31")
  func endOfRange() {
    let rule = Recurrence(unit: .year, dayOfMonth: 0, start: day("9998-12-01"), count: 5)
    #expect(nominals(rule, "9998-01-01", "9999-12-31") == ["9998-12-31", "9999-12-31"])
    #expect(rule.last?.nominal == day("9999-12-31"))
    #expect(rule.next(after: day("9999-12-31")) == nil)
  }
}
