import LedgerDomain
import ProjectionEngine

/// A goal's line on a month's budget sheet: its monthly need, so zero-based planning sets the
/// money aside.
public struct BudgetGoalLine: Sendable, Hashable {
  public var goal: GoalID
  public var name: String
  /// The goal's category, for a goal funded by one (its budget line carries the need).
  public var category: CategoryID?
  /// What the month should save: the amount left at the end of the month before (or today,
  /// for a month not begun) over the months from this one through the target date's, rounded
  /// up to the cent.
  public var monthlyNeed: Money
  /// Whether the need is in the sheet's totals: planned as the category's budget (when the
  /// month has none set there), or set aside from "remaining to assign" (an account goal).
  /// A category with its own budget set keeps it: the need is shown beside it, not added.
  public var counted: Bool
}

extension Ledger {
  /// Adds the month's goal lines to `summary` and `report`: each active goal on the budget
  /// sheet with a target date, started by the month's end, in the sheet's currency.
  func addGoalLines(
    month: YearMonth, summary: inout BudgetSummary, report: inout BudgetMonthReport, reader: ProjectionReader,
    position: UInt64
  ) throws -> [BudgetGoalLine] {
    let goals = state.goals.filter {
      $0.value.isActive && $0.value.settings.onBudgetSheet && $0.value.settings.targetDate != nil
        && $0.value.startDate <= month.lastDay && $0.value.settings.target.currency == summary.currency
    }
    guard !goals.isEmpty else { return [] }
    let today = self.today()
    // The need is fixed for the whole month: saved at the end of the month before (or today,
    // when the month lies ahead), spread from this month on.
    let savedOn = min(try month.previous.lastDay, today)
    var progress = GoalProgressReader(reader: reader, position: position, today: today, currency: summary.currency)
    var lines: [BudgetGoalLine] = []
    for (id, record) in goals.sorted(by: { $0.value.name.lowercased() < $1.value.name.lowercased() }) {
      let saved = try progress.amounts(of: record, on: savedOn).saved
      let forecast = GoalForecast(
        target: record.settings.target, saved: saved, targetDate: record.settings.targetDate, on: month.firstDay,
        lastThreeMonths: .zero(summary.currency))
      guard let need = forecast.monthlyNeed, need.isPositive else { continue }
      var line = BudgetGoalLine(goal: id, name: record.name, category: nil, monthlyNeed: need, counted: false)
      switch record.funding {
      case .category(let category):
        line.category = category
        if let index = report.lines.firstIndex(where: { $0.category == category }), report.lines[index].assigned.isZero
        {
          report.lines[index].plan(need)
          summary.add(need, of: report.lines[index].budgetType)
          report.totalBudgeted = (try? report.totalBudgeted.adding(need)) ?? report.totalBudgeted
          line.counted = true
        }
      case .account:
        summary.remainingToAssign = (try? summary.remainingToAssign.subtracting(need)) ?? summary.remainingToAssign
        line.counted = true
      }
      lines.append(line)
    }
    return lines
  }
}

extension BudgetLine {
  /// Plans `amount` on a line with nothing assigned: budgeted, left, used and alert follow.
  fileprivate mutating func plan(_ amount: Money) {
    assigned = amount
    budgeted = (try? carried.adding(amount)) ?? amount
    difference = (try? budgeted.subtracting(actual)) ?? difference
    isOverBudget = actual.units > budgeted.units
    if budgeted.units > 0 {
      let used = Int(actual.units.multipliedReportingOverflow(by: 10_000).partialValue / budgeted.units)
      usedBasisPoints = used
      alert = used >= 10_000 ? .percent100 : used >= 9_000 ? .percent90 : used >= 7_500 ? .percent75 : .none
    }
  }
}

extension BudgetSummary {
  /// Counts `amount` as assigned to a line of `type`.
  fileprivate mutating func add(_ amount: Money, of type: BudgetType) {
    func plus(_ money: Money) -> Money { (try? money.adding(amount)) ?? money }
    switch type {
    case .fixed: budgeted.fixed = plus(budgeted.fixed)
    case .variable: budgeted.variable = plus(budgeted.variable)
    case .quarterly: budgeted.quarterly = plus(budgeted.quarterly)
    }
    budgeted.total = plus(budgeted.total)
    remainingToAssign = (try? remainingToAssign.subtracting(amount)) ?? remainingToAssign
  }
}
