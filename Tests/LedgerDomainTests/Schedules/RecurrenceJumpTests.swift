import LedgerTesting
import Testing

@testable import LedgerDomain

@Suite("Recurrence: queries jump to the window")
struct RecurrenceJumpTests {
  /// Periods looked at beyond the ones returned: the first, the one after the last, and a
  /// couple around the window's edges.
  private static let slack = 6

  @Test("given rules started in 1900, when asked about two weeks of 2030, then only a handful of periods are looked at")
  func doesNotWalkFromTheStart() {
    let start = day("1900-01-31")
    let rules = [
      Recurrence(unit: .day, start: start),
      Recurrence(unit: .day, interval: 17, start: start),
      Recurrence(unit: .week, interval: 2, start: start),
      Recurrence(unit: .month, start: start),
      Recurrence(unit: .month, interval: 5, dayOfMonth: 0, weekend: .after, start: start),
      Recurrence(unit: .month, weekdayOrdinal: 2, weekday: 2, start: start),
      Recurrence(unit: .month, weekdayOrdinal: -1, weekday: 5, start: start, count: 10_000),
      Recurrence(unit: .year, start: start),
      Recurrence(unit: .month, dayOfMonth: 15, start: start, count: 2000),
    ]
    for rule in rules {
      let (found, steps) = rule.walk(from: day("2030-03-01"), through: day("2030-03-14"), limit: .max)
      #expect(steps <= found.count + Self.slack, "\(rule.summary): \(steps) steps for \(found.count) occurrences")
      #expect(found.allSatisfy { $0.ordinal > 100 || rule.unit == .year }, "\(rule.summary)")
    }
  }

  @Test("given a monthly rule from 1900, when asked about 2030, then its ordinal is counted arithmetically")
  func ordinalWithoutWalking() {
    let rule = Recurrence(unit: .month, dayOfMonth: 10, start: day("1900-01-15"))
    let (found, steps) = rule.walk(from: day("2030-03-01"), through: day("2030-03-14"), limit: .max)
    // The first is 1900-02-10; March 2030 is 130 years and 1 month later.
    #expect(found.map(\.ordinal) == [130 * 12 + 1])
    #expect(steps <= 1 + Self.slack)
  }
}
