import LedgerDomain
import LedgerTesting
import Testing

@Suite("Recurrence: validation, words and storage")
struct RecurrenceValidationTests {
  /// The reason `rule.validated()` gives, or nil when it accepts the rule.
  private func refusal(_ rule: Recurrence) -> String? {
    do {
      _ = try rule.validated()
      return nil
    } catch {
      guard case .invalidField(let field, let reason) = error, field == "recurrence" else { return "\(error)" }
      return reason
    }
  }

  @Test("given well-formed rules, when validated, then they come back unchanged")
  func accepted() throws {
    let rules = [
      Recurrence(unit: .day, start: day("2026-01-01")),
      Recurrence(unit: .month, interval: 999, dayOfMonth: 0, weekend: .before, start: day("2026-01-01"), count: 10_000),
      Recurrence(unit: .year, weekdayOrdinal: -1, weekday: 7, start: day("2026-01-01"), endDate: day("2026-01-31")),
      Recurrence(unit: .month, dayOfMonth: 31, start: day("2026-03-01"), endDate: day("2026-03-31")),
    ]
    for rule in rules { #expect(try rule.validated() == rule) }
  }

  @Test("given broken rules, when validated, then each refusal says what is wrong and how to fix it")
  func refusals() {
    let start = day("2026-02-01")
    let cases: [(Recurrence, String)] = [
      (
        Recurrence(unit: .week, interval: 0, start: start),
        "the interval 0 is out of range; repeat every 1 to 999 weeks"
      ),
      (
        Recurrence(unit: .month, interval: 1000, start: start),
        "the interval 1000 is out of range; repeat every 1 to 999 months"
      ),
      (
        Recurrence(unit: .week, dayOfMonth: 3, start: start),
        "a day of the month applies to monthly and yearly rules only; leave it out of a weekly rule or repeat by month"
      ),
      (
        Recurrence(unit: .day, weekdayOrdinal: 1, weekday: 1, start: start),
        "a weekday of the month applies to monthly and yearly rules only; a daily rule falls on the start's weekday"
      ),
      (
        Recurrence(unit: .month, dayOfMonth: 32, start: start),
        "the day of the month 32 does not exist; use 1 to 31, or 0 for the last day of the month"
      ),
      (
        Recurrence(unit: .month, dayOfMonth: -1, start: start),
        "the day of the month -1 does not exist; use 1 to 31, or 0 for the last day of the month"
      ),
      (
        Recurrence(unit: .month, weekday: 2, start: start),
        "a weekday of the month needs both the weekday and which one of the month (for example the second Tuesday); give both or neither"
      ),
      (
        Recurrence(unit: .month, weekdayOrdinal: 6, weekday: 2, start: start),
        "the weekday ordinal 6 is out of range; use 1 to 5 (the first to the fifth) or -1 (the last)"
      ),
      (
        Recurrence(unit: .month, weekdayOrdinal: 0, weekday: 2, start: start),
        "the weekday ordinal 0 is out of range; use 1 to 5 (the first to the fifth) or -1 (the last)"
      ),
      (
        Recurrence(unit: .year, weekdayOrdinal: 1, weekday: 8, start: start),
        "the weekday 8 does not exist; use 1 (Monday) to 7 (Sunday)"
      ),
      (
        Recurrence(unit: .month, dayOfMonth: 5, weekdayOrdinal: 1, weekday: 1, start: start),
        "give either a day of the month (5) or a weekday of the month, not both; leave one of them out"
      ),
      (
        Recurrence(unit: .month, start: start, endDate: day("2027-01-01"), count: 3),
        "give either an end date (2027-01-01) or a number of occurrences (3), not both; leave one of them out"
      ),
      (
        Recurrence(unit: .month, start: start, endDate: day("2026-01-01")),
        "the end 2026-01-01 is before the start 2026-02-01; end on or after the start, or leave the end out"
      ),
      (
        Recurrence(unit: .month, start: start, count: 0),
        "the number of occurrences 0 is out of range; use 1 to 10000, or leave it out for no end"
      ),
      (
        Recurrence(unit: .month, start: start, count: 10_001),
        "the number of occurrences 10001 is out of range; use 1 to 10000, or leave it out for no end"
      ),
      (
        Recurrence(unit: .month, dayOfMonth: 31, start: day("2026-03-01"), endDate: day("2026-03-15")),
        "every month on the 31st (the last day of shorter months) from 2026-03-01 never occurs by the end 2026-03-15: the first occurrence would be 2026-03-31; end on or after it"
      ),
      (
        Recurrence(unit: .year, interval: 400, weekdayOrdinal: 5, weekday: 1, start: day("2026-02-01")),
        "every 400 years on the fifth Monday of February (skipping years without one) from 2026-02-01 never occurs before 9999-12-31; choose another start or day rule"
      ),
    ]
    for (rule, reason) in cases {
      #expect(refusal(rule) == reason, "\(rule)")
    }
  }

  @Test("given rules, when summarised, then the words say the unit, the day, the weekend shift and the end")
  func summaries() {
    let cases: [(Recurrence, String)] = [
      (Recurrence(unit: .month, start: day("2026-01-31")), "every month on the 31st (the last day of shorter months)"),
      (Recurrence(unit: .week, interval: 2, start: day("2026-01-06")), "every 2 weeks on Tuesday"),
      (
        Recurrence(unit: .month, weekdayOrdinal: 2, weekday: 2, start: day("2026-01-01")),
        "every month on the second Tuesday"
      ),
      (Recurrence(unit: .year, start: day("2024-02-29")), "every year on 29 February (28 February in common years)"),
      (Recurrence(unit: .day, start: day("2026-01-01")), "every day"),
      (Recurrence(unit: .day, interval: 3, start: day("2026-01-01"), count: 1), "every 3 days, once"),
      (
        Recurrence(unit: .month, dayOfMonth: 0, weekend: .before, start: day("2026-01-01"), endDate: day("2027-12-31")),
        "every month on the last day, Saturdays and Sundays moved to the Friday before, until 2027-12-31"
      ),
      (
        Recurrence(unit: .month, interval: 3, dayOfMonth: 22, weekend: .after, start: day("2026-01-01"), count: 12),
        "every 3 months on the 22nd, Saturdays and Sundays moved to the Monday after, 12 times"
      ),
      (
        Recurrence(unit: .month, weekdayOrdinal: -1, weekday: 5, start: day("2026-01-01")),
        "every month on the last Friday"
      ),
      (
        Recurrence(unit: .month, weekdayOrdinal: 5, weekday: 1, start: day("2026-01-01")),
        "every month on the fifth Monday (skipping months without one)"
      ),
      (Recurrence(unit: .year, dayOfMonth: 31, start: day("2026-04-01")), "every year on 30 April"),
      (Recurrence(unit: .year, start: day("2026-03-01")), "every year on 1 March"),
      (Recurrence(unit: .year, dayOfMonth: 0, start: day("2026-02-01")), "every year on the last day of February"),
      (
        Recurrence(unit: .year, weekdayOrdinal: 4, weekday: 4, start: day("2026-11-01")),
        "every year on the fourth Thursday of November"
      ),
      (Recurrence(unit: .month, dayOfMonth: 1, start: day("2026-01-01")), "every month on the 1st"),
      (Recurrence(unit: .month, dayOfMonth: 13, start: day("2026-01-01")), "every month on the 13th"),
      (Recurrence(unit: .month, dayOfMonth: 23, start: day("2026-01-01")), "every month on the 23rd"),
    ]
    for (rule, summary) in cases {
      #expect(rule.summary == summary)
    }
  }

  @Test("given the seed's frequency names, when looked up, then each maps to its unit and interval")
  func names() {
    let expected: [(String, Recurrence.Unit, Int)] = [
      ("daily", .day, 1), ("weekly", .week, 1), ("biweekly", .week, 2), ("monthly", .month, 1),
      ("quarterly", .month, 3), ("semiannual", .month, 6), ("annual", .year, 1), ("yearly", .year, 1),
      ("Monthly", .month, 1),
    ]
    for (name, unit, interval) in expected {
      let found = Recurrence.named(name)
      #expect(found?.0 == unit && found?.1 == interval, "\(name)")
    }
    #expect(Recurrence.named("fortnightly") == nil)
    #expect(Recurrence.named("") == nil)
  }

  @Test("given recurrences, when encoded by the binary codec and decoded, then they come back equal")
  func binaryRoundTrip() throws {
    let rules = [
      Recurrence(unit: .day, start: day("2026-01-01")),
      Recurrence(unit: .month, interval: 3, dayOfMonth: 0, weekend: .after, start: day("2024-02-29"), count: 12),
      Recurrence(
        unit: .year, interval: 2, weekdayOrdinal: -1, weekday: 5, weekend: .before, start: day("2026-01-01"),
        endDate: day("2040-12-31")),
    ]
    for rule in rules {
      let bytes = try BinaryEncoder().encode(rule)
      #expect(try BinaryDecoder().decode(Recurrence.self, from: bytes) == rule)
    }
  }

  @Test(
    "given a recurrence, when encoded, then its fields are stored in declaration order, optionals behind a presence byte"
  )
  func storedBytes() throws {
    let rule = Recurrence(
      unit: .month, interval: 3, dayOfMonth: 0, weekend: .after, start: day("2024-02-29"), count: 12)
    let expected = [
      "056d6f6e7468",  // unit "month"
      "06",  // interval 3 (zigzag)
      "0100",  // dayOfMonth: present, 0
      "00",  // weekdayOrdinal: absent
      "00",  // weekday: absent
      "056166746572",  // weekend "after"
      "0a323032342d30322d3239",  // start "2024-02-29"
      "00",  // endDate: absent
      "0118",  // count: present, 12
    ]
    let bytes = try BinaryEncoder().encode(rule)
    #expect(
      bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        == expected.joined())
  }

  @Test("given the day-rule and end views, when set, then the stored fields follow")
  func views() {
    var rule = Recurrence(unit: .month, start: day("2026-01-01"))
    #expect(rule.dayRule == .startDay && rule.end == .never)
    rule.dayRule = .weekday(ordinal: 2, weekday: 3)
    #expect(rule.weekdayOrdinal == 2 && rule.weekday == 3 && rule.dayOfMonth == nil)
    rule.dayRule = .lastDay
    #expect(rule.dayOfMonth == 0 && rule.weekday == nil && rule.weekdayOrdinal == nil)
    rule.end = .after(occurrences: 4)
    #expect(rule.count == 4 && rule.endDate == nil)
    rule.end = .on(day("2027-01-01"))
    #expect(rule.count == nil && rule.endDate == day("2027-01-01"))
  }
}
