import LedgerDomain
import LedgerTesting
import Testing

@Suite("Day counts")
struct DayCountsTests {
  @Test(
    "given days set in any order, when read, then they come in day order with the last one last; a count set to 0 or nil removes its day"
  )
  func keptInDayOrder() {
    var counts = DayCounts()
    for (text, count) in [("2024-03-05", 2), ("2024-01-01", 1), ("2024-12-31", 4), ("2024-02-10", 3)] {
      counts[day(text)] = count
    }
    #expect(counts.map(\.day) == ["2024-01-01", "2024-02-10", "2024-03-05", "2024-12-31"].map(day))
    #expect(counts.last == day("2024-12-31"))
    #expect(counts[day("2024-02-10")] == 3)
    #expect(counts[day("2024-02-11")] == nil)
    #expect(counts[day("2024-02-11"), default: 0] == 0)

    counts[day("2024-12-31")] = 0
    counts[day("2024-01-01")] = nil
    counts[day("2024-03-05")] = 7

    #expect(counts.map(\.day) == ["2024-02-10", "2024-03-05"].map(day))
    #expect(counts.map(\.count) == [3, 7])
    #expect(counts.last == day("2024-03-05"))
    #expect(counts == [day("2024-03-05"): 7, day("2024-02-10"): 3])
  }

  @Test("given no days, when asked for the last, then there is none")
  func emptyHasNoLast() {
    #expect(DayCounts().last == nil)
    #expect(DayCounts().isEmpty)
  }
}
