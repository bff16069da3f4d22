import Ledger
import LedgerDomain
import LedgerTesting
import QueryResults
import Testing

/// The budget notices are the budget sheet's own thresholds: on a ledger of random
/// transactions with random budgets (monthly and quarterly), moves, rollover both ways and one
/// way, and goals on the sheet, every category month's notices — now and as known at earlier
/// positions — are exactly the thresholds its line on the sheet has reached.
@Suite("Budget notices follow the budget sheet")
struct NotificationPropertyTests {
  /// The thresholds `line` has reached, as the sheet shows them.
  static func reached(_ line: BudgetLine) -> Set<BudgetThreshold> {
    guard line.budgeted.units > 0 else { return [] }
    var reached: Set<BudgetThreshold> = []
    switch line.alert {
    case .percent100: reached = [.percent75, .percent90, .percent100]
    case .percent90: reached = [.percent75, .percent90]
    case .percent75: reached = [.percent75]
    case .none: break
    }
    if line.isOverBudget { reached.insert(.overspent) }
    return reached
  }

  @Test(
    "given random transactions and budget plans, when the notices are read now and at two earlier positions, then each category month has those its sheet line has reached",
    arguments: [21, 23] as [UInt64])
  func noticesAreTheSheetsThresholds(seed: UInt64) async throws {
    // Given a random ledger and plan
    let directory = TemporaryDirectory()
    let ledger = try await ProjectionPropertyTests.randomLedger(seed: seed, count: 200, directory: directory)
    var random = SeededGenerator(seed: seed)
    let categories = ledger.state.categories.filter { $0.value.kind == .expense }.map(\.key).sorted()
    let months = ExplainPropertyTests.monthEnds.map(\.yearMonth)
    let positions = try await ExplainBudgetPropertyTests.plan(ledger, categories: categories, months: months, random: &random)
    var seen: Set<BudgetThreshold> = []
    for point in [TimePoint.now] + positions.map(TimePoint.position) {
      // When the notices are read
      let notices = try ledger.budgetNotices(at: point).value
      for month in months {
        let sheet = try ledger.budgetSheet(month, at: point).value
        let planned = Set(sheet.goals.filter(\.counted).compactMap(\.category))
        for line in sheet.report.lines where !planned.contains(line.category) {
          // Then they are the line's thresholds
          let standing = Set(notices.filter { $0.category == line.category && $0.month == month }.map(\.threshold))
          #expect(standing == Self.reached(line), "\(line.name) in \(month) at \(point): \(line)")
          seen.formUnion(standing)
        }
      }
    }
    // And the plan reached every threshold somewhere
    #expect(seen == Set(BudgetThreshold.allCases))
  }
}
