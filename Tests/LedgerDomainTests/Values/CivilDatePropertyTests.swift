import LedgerDomain
import Testing

@Suite("CivilDate and YearMonth properties over the whole supported range")
struct CivilDatePropertyTests {
  private static let iterations = 10_000

  /// The next calendar day computed naively from month lengths: an independent reference for
  /// the day-number algorithms.
  private static func naiveNextDay(_ date: CivilDate) throws -> CivilDate {
    if date.day < CivilDate.dayCount(year: date.year, month: date.month) {
      return try CivilDate(year: date.year, month: date.month, day: date.day + 1)
    }
    if date.month < 12 { return try CivilDate(year: date.year, month: date.month + 1, day: 1) }
    return try CivilDate(year: date.year + 1, month: 1, day: 1)
  }

  @Test("given random day numbers across years 1 to 9999, when converted both ways, then nothing changes")
  func dayNumberRoundTrip() throws {
    var random = SplitMix64(seed: 0xDA7E_0001)
    let range = CivilDate.earliest.daysSinceEpoch...CivilDate.latest.daysSinceEpoch
    for _ in 0..<Self.iterations {
      let number = Int.random(in: range, using: &random)
      let date = try CivilDate(daysSinceEpoch: number)
      #expect(date.daysSinceEpoch == number)
      #expect(try CivilDate(daysSinceEpoch: date.daysSinceEpoch) == date)
      #expect(try CivilDate(parsing: date.description) == date, "\(date)")
      #expect(try CivilDate(year: date.year, month: date.month, day: date.day) == date)
    }
  }

  @Test("given random dates, when stepping to the next day, then the day number rises by one and the weekday cycles")
  func consecutiveDays() throws {
    var random = SplitMix64(seed: 0xDA7E_0002)
    let range = CivilDate.earliest.daysSinceEpoch..<CivilDate.latest.daysSinceEpoch
    for _ in 0..<Self.iterations {
      let date = try CivilDate(daysSinceEpoch: Int.random(in: range, using: &random))
      let next = try Self.naiveNextDay(date)
      #expect(next.daysSinceEpoch == date.daysSinceEpoch + 1, "\(date) -> \(next)")
      #expect(try date.adding(days: 1) == next)
      #expect(date < next)
      #expect(next.weekday == date.weekday % 7 + 1, "\(date) -> \(next)")
      #expect((1...7).contains(date.weekday))
    }
  }

  @Test("given every day of four centuries, when walked one by one, then day numbers and weekdays never skip")
  func fourCenturyWalk() throws {
    // 400 Gregorian years repeat exactly, so one full cycle covers every leap-year rule.
    var date = try CivilDate(year: 1600, month: 1, day: 1)
    var number = date.daysSinceEpoch
    var weekday = date.weekday
    for _ in 0..<146_097 {
      let next = try Self.naiveNextDay(date)
      number += 1
      weekday = weekday % 7 + 1
      // Stop at the first mismatch rather than report thousands of follow-on issues.
      guard next.daysSinceEpoch == number, next.weekday == weekday else {
        Issue.record("\(next): day \(next.daysSinceEpoch), weekday \(next.weekday); expected \(number), \(weekday)")
        return
      }
      date = next
    }
    #expect(date == (try CivilDate(year: 2000, month: 1, day: 1)))
  }

  @Test("given random months, when stepping next then previous, then the same month comes back")
  func yearMonthNextPrevious() throws {
    var random = SplitMix64(seed: 0xDA7E_0003)
    for _ in 0..<Self.iterations {
      let year = Int.random(in: 1...9999, using: &random)
      let month = try YearMonth(year: year, month: Int.random(in: 1...12, using: &random))
      if month != (try YearMonth(year: 9999, month: 12)) {
        let next = try month.next
        #expect(try next.previous == month)
        #expect(next.monthsSince(month) == 1)
        #expect(next.firstDay == (try month.lastDay.adding(days: 1)), "\(month)")
      }
      if month != (try YearMonth(year: 1, month: 1)) {
        #expect(try month.previous.next == month)
      }
      let offset = Int.random(in: -1_200...1_200, using: &random)
      if let moved = try? month.adding(months: offset) {
        #expect(moved.monthsSince(month) == offset)
        #expect(try moved.adding(months: -offset) == month)
      }
      #expect(month.contains(month.firstDay) && month.contains(month.lastDay))
      #expect(month.lastDay.day == month.dayCount)
    }
  }
}
