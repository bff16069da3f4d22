import Ledger
import LedgerDomain
import LedgerTesting
import QueryResults
import Testing

/// "Why this number?" for a goal: on a ledger of random commands, what each goal has left —
/// funded by an account or by a category, with a date ahead, a date passed, or none — is the
/// sum of the parts explained and the figure the goal itself shows, on every month end and as
/// known at an earlier point of the log, and after its date has passed; its monthly need is
/// the goal's.
@Suite("Explained goals add up")
struct ExplainGoalPropertyTests {
  @Test(
    "given random commands and four goals, when each goal's left is explained on every month end, now and at half the log, then the parts add up to the goal's left and the need is its need",
    arguments: [21, 22] as [UInt64])
  func goalPartsAddUp(seed: UInt64) async throws {
    // Given a random ledger (today 2024-12-31) and four goals on it
    let directory = TemporaryDirectory()
    let ledger = try await ProjectionPropertyTests.randomLedger(seed: seed, count: 300, directory: directory)
    let other = try #require(
      ledger.state.categories.filter { $0.value.kind == .expense && $0.key != Scenario.food }.keys.min {
        $0.raw < $1.raw
      })
    let goals: [(GoalSettings, CivilDate, GoalFunding)] = [
      (
        GoalSettings(name: "Trip", target: eur("1500"), targetDate: day("2025-06-30")), day("2023-03-01"),
        .account(Scenario.savings)
      ),
      (
        GoalSettings(name: "Cushion", target: eur("250.55"), targetDate: day("2024-12-31")), day("2023-01-15"),
        .account(Scenario.checking)
      ),
      (
        GoalSettings(name: "Feast", target: eur("400"), targetDate: day("2025-02-28")), day("2023-05-17"),
        .category(Scenario.food)
      ),
      (GoalSettings(name: "Someday", target: eur("90")), day("2024-02-10"), .category(other)),
    ]
    var ids: [GoalID] = []
    for (n, (settings, start, funding)) in goals.enumerated() {
      let id = GoalID(raw: EntityID(high: 0x60A1, low: UInt64(n + 1)))
      try await ledger.execute(.addGoal(GoalAdded(goal: id, settings: settings, startDate: start, funding: funding)))
      ids.append(id)
    }
    var parts = 0
    for point in [TimePoint.now, .position(ledger.position / 2)] {
      for date in ExplainPropertyTests.monthEnds + [day("2024-06-13"), day("2025-08-31")] {  // the last past two dates
        for id in ids {
          guard let goal = try? ledger.goal(id, on: date, at: point) else { continue }  // not added yet then
          // When its left is explained
          let explanation = try ledger.explain(.goal(id, on: date), at: point)
          // Then the parts add up to it, it is the goal's own figure, and so is the need
          #expect(explanation.sum == explanation.total, "\(goal.name) on \(date) at \(point)")
          #expect(explanation.total == goal.forecast.left, "\(goal.name) on \(date) at \(point)")
          #expect(explanation.perMonth?.need == goal.forecast.monthlyNeed, "\(goal.name) on \(date)")
          #expect(explanation.parts.first?.kind == .target)
          parts += explanation.parts.count
        }
      }
    }
    #expect(parts > 300)
  }
}
