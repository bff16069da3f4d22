import LedgerDomain
import LedgerTesting
import Testing

@Suite("Recurrence against Python's dateutil.rrule")
struct RecurrenceReferenceTests {
  private static let ruleCount = 3000
  /// The most dates compared per rule.
  private static let limit = 60

  @Test("given rules whose dates were worked out by hand, when the reference script lists them, then it agrees")
  func referenceHarness() throws {
    let cases = [
      RRuleReference.Case(
        id: 1, rule: Recurrence(unit: .month, start: day("2024-01-31"), count: 4), through: day("2030-01-01"), limit: 60
      ),
      RRuleReference.Case(
        id: 2, rule: Recurrence(unit: .month, weekdayOrdinal: 2, weekday: 2, start: day("2026-01-15"), count: 3),
        through: day("2030-01-01"), limit: 60),
      RRuleReference.Case(
        id: 3, rule: Recurrence(unit: .year, start: day("2024-02-29"), endDate: day("2029-01-01")),
        through: day("2030-01-01"),
        limit: 60),
      RRuleReference.Case(
        id: 4, rule: Recurrence(unit: .month, weekdayOrdinal: 5, weekday: 1, start: day("2026-01-01")),
        through: day("2026-12-31"),
        limit: 60),
      RRuleReference.Case(
        id: 5, rule: Recurrence(unit: .month, dayOfMonth: 10, start: day("2026-01-15")), through: day("2026-04-30"),
        limit: 2),
    ]
    let answers = try RRuleReference.answers(for: cases)
    let expected: [Int: RRuleReference.Answer] = [
      1: .init(dates: ["2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30"].map(day), last: day("2024-04-30")),
      2: .init(dates: ["2026-02-10", "2026-03-10", "2026-04-14"].map(day), last: day("2026-04-14")),
      3: .init(
        dates: ["2024-02-29", "2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29"].map(day), last: day("2028-02-29")),
      4: .init(dates: ["2026-03-30", "2026-06-29", "2026-08-31", "2026-11-30"].map(day), last: nil),
      5: .init(dates: ["2026-02-10", "2026-03-10"].map(day), last: nil),
    ]
    #expect(answers == expected)
    for testCase in cases {
      let ours = testCase.rule.occurrences(from: testCase.rule.start, through: testCase.through).prefix(testCase.limit)
      #expect(ours.map(\.nominal) == answers[testCase.id]?.dates, "\(testCase.rule)")
    }
  }

  @Test("given 3000 random rules, when listed by Recurrence and by dateutil, then the nominal dates agree")
  func agreesWithDateutil() throws {
    var random = SplitMix64(seed: 0x5EED_0C0C)
    let cases = (0..<Self.ruleCount).map { id in
      let rule = Self.randomRule(using: &random)
      return RRuleReference.Case(
        id: id, rule: rule, through: day(rule.start.daysSinceEpoch + 6 * 366), limit: Self.limit)
    }
    let answers = try RRuleReference.answers(for: cases)
    var failures = 0
    var compared = 0
    for testCase in cases {
      guard let answer = answers[testCase.id] else { continue }
      compared += answer.dates.count
      let problems = Self.compare(testCase, answer, using: &random)
      guard !problems.isEmpty else { continue }
      failures += 1
      if failures <= 10 {
        Issue.record(
          """
          rule \(testCase.jsonLine)
          \(testCase.rule.summary)
          \(problems.joined(separator: "\n"))
          """)
      }
    }
    #expect(failures == 0, "\(failures) of \(cases.count) rules disagree")
    // The windows are long enough that most rules have many dates to compare.
    #expect(compared > 20 * Self.ruleCount, "only \(compared) dates compared")
  }

  /// What disagrees between `Recurrence` and the reference for one case.
  private static func compare(
    _ testCase: RRuleReference.Case, _ answer: RRuleReference.Answer, using random: inout SplitMix64
  ) -> [String] {
    let rule = testCase.rule
    let reference = answer.dates
    var problems: [String] = []
    func check(_ what: String, _ ours: [CivilDate], _ theirs: [CivilDate]) {
      if ours != theirs {
        problems.append("\(what):\n  ours   \(ours.map(\.description))\n  rrule  \(theirs.map(\.description))")
      }
    }
    // The whole window, up to the last date the reference listed when it stopped at the limit.
    let through = reference.count == testCase.limit ? reference[reference.count - 1] : testCase.through
    let all = rule.occurrences(from: rule.start, through: through)
    check("from the start through \(through)", all.map(\.nominal), reference)
    if all.map(\.ordinal) != Array(all.indices) { problems.append("ordinals \(all.map(\.ordinal))") }
    // The reference lists a window only: with nothing in it, the first occurrence is later.
    let first = rule.first().map { [$0.nominal] } ?? []
    check("first()", reference.isEmpty ? first.filter { $0 <= testCase.through } : first, Array(reference.prefix(1)))

    // A random part of the window, possibly starting before the start.
    let span = rule.start.days(until: through)
    let low = day(rule.start.daysSinceEpoch + Int.random(in: -40...max(0, span), using: &random))
    let high = day(min(low.daysSinceEpoch + Int.random(in: 0...500, using: &random), through.daysSinceEpoch))
    let part = rule.occurrences(from: low, through: high)
    let expectedIndices = reference.indices.filter { low <= reference[$0] && reference[$0] <= high }
    check("from \(low) through \(high)", part.map(\.nominal), expectedIndices.map { reference[$0] })
    if part.map(\.ordinal) != expectedIndices { problems.append("ordinals from \(low): \(part.map(\.ordinal))") }

    if let index = reference.indices.randomElement(using: &random), index + 1 < reference.count {
      check(
        "next(after: \(reference[index]))", rule.next(after: reference[index]).map { [$0.nominal] } ?? [],
        [reference[index + 1]])
    }
    if rule.endDate != nil || rule.count != nil {
      check("last", rule.last.map { [$0.nominal] } ?? [], answer.last.map { [$0] } ?? [])
    }
    // A rule bounded within the window is refused exactly when it has no occurrence.
    if let endDate = rule.endDate, endDate <= testCase.through, ((try? rule.validated()) == nil) != reference.isEmpty {
      problems.append("validated() \(reference.isEmpty ? "accepts" : "refuses") it")
    }
    for occurrence in all where occurrence.due != Self.shifted(occurrence.nominal, rule.weekend) {
      problems.append("\(occurrence.nominal) is due \(occurrence.due)")
    }
    return problems
  }

  /// The due date of `nominal`, stepping a day at a time off the weekend.
  private static func shifted(_ nominal: CivilDate, _ shift: Recurrence.WeekendShift) -> CivilDate {
    var date = nominal
    while date.weekday > 5, shift != .none {
      date = day(date.daysSinceEpoch + (shift == .before ? -1 : 1))
    }
    return date
  }

  /// A random valid-shaped rule: every unit, intervals 1...12 (days up to 40), every day rule,
  /// starts 1990...2040 biased towards month ends and 29 February, each kind of end.
  private static func randomRule(using random: inout SplitMix64) -> Recurrence {
    let unit = Recurrence.Unit.allCases.randomElement(using: &random)!
    let interval = Int.random(in: 1...(unit == .day ? 40 : 12), using: &random)
    let year = Int.random(in: 1990...2040, using: &random)
    let start: CivilDate
    switch Int.random(in: 0..<20, using: &random) {
    case 0..<4:
      start = YearMonth.uncheckedFor(year: year, month: Int.random(in: 1...12, using: &random)).lastDay
    case 4:
      start = day("\(year - year % 4)-02-29")
    default:
      let month = YearMonth.uncheckedFor(year: year, month: Int.random(in: 1...12, using: &random))
      start = day(month.firstDay.daysSinceEpoch + Int.random(in: 0..<month.dayCount, using: &random))
    }
    var rule = Recurrence(unit: unit, interval: interval, start: start)
    rule.weekend = Recurrence.WeekendShift.allCases.randomElement(using: &random)!
    if unit == .month || unit == .year {
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<3: break
      case 3: rule.dayOfMonth = 0
      case 4..<7: rule.dayOfMonth = Int.random(in: [1...31, 27...31].randomElement(using: &random)!, using: &random)
      default:
        rule.weekdayOrdinal = [1, 2, 3, 4, 5, -1].randomElement(using: &random)!
        rule.weekday = Int.random(in: 1...7, using: &random)
      }
    }
    switch Int.random(in: 0..<3, using: &random) {
    case 0: rule.count = Int.random(in: 1...40, using: &random)
    case 1: rule.endDate = day(start.daysSinceEpoch + Int.random(in: 0...(6 * 365), using: &random))
    default: break
    }
    return rule
  }
}

extension YearMonth {
  /// A month known to be valid.
  fileprivate static func uncheckedFor(year: Int, month: Int) -> YearMonth {
    // swift-format-ignore: NeverUseForceTry
    try! YearMonth(year: year, month: month)
  }
}

/// The date of a day number known to be in range.
private func day(_ number: Int) -> CivilDate {
  // swift-format-ignore: NeverUseForceTry
  try! CivilDate(daysSinceEpoch: number)
}
