import LedgerDomain
import QueryResults

extension Ledger {
  /// A category's *difference* on the month's budget sheet: its assignment (or the goal need
  /// the sheet plans in its place), what rollover carried in, and each transaction that
  /// spent from it (negative) or came back into it — all read at the sheet's position.
  func explainLeft(
    of category: CategoryID, in month: YearMonth, at point: TimePoint
  ) throws(LedgerError) -> Explanation {
    try requireCategory(category)
    let sheet = try budgetSheet(month, at: point)
    let (line, available) = availableParts(of: category, in: month, on: sheet.value)
    let total = line?.difference ?? .zero(sheet.value.report.currency)
    var parts = available
    let spent = try explainSpending(of: category, in: month, at: .position(sheet.position))
    parts += spent.parts.map(\.negated)
    return Explanation(
      figure: .left(category, in: month), total: total, parts: parts, position: sheet.position,
      recordedAt: sheet.recordedAt)
  }

  /// A month's remaining to assign: each income source planned for it, less each category's
  /// assignment and each goal need the sheet counts.
  func explainRemaining(in month: YearMonth, at point: TimePoint) throws(LedgerError) -> Explanation {
    let sheet = try budgetSheet(month, at: point)
    let summary = sheet.value.summary
    var parts: [Explanation.Part] = summary.incomeSources.filter { !$0.counted.isZero }.map {
      Explanation.Part(kind: .income, id: nil, label: $0.source, date: month.firstDay, amount: $0.counted)
    }
    let goals = sheet.value.goals
    for line in sheet.value.report.lines where !line.assigned.isZero {
      var part = assignment(of: line.category, amount: line.assigned, in: month, goals: goals)
      part.amount = Money(units: -line.assigned.units, currency: line.assigned.currency)
      parts.append(part)
    }
    // A goal saved in an account is planned on no category: the sheet takes its need from
    // what remains to assign.
    for goal in goals where goal.counted && goal.category == nil {
      parts.append(
        Explanation.Part(
          kind: .goal, id: goal.goal.raw, date: month.firstDay,
          amount: Money(units: -goal.monthlyNeed.units, currency: goal.monthlyNeed.currency)))
    }
    return Explanation(
      figure: .remaining(in: month), total: summary.remainingToAssign, parts: parts, position: sheet.position,
      recordedAt: sheet.recordedAt)
  }

  /// The category's line on `sheet` (the budget sheet of `month`), and what it has to spend
  /// as parts: what rollover carried in, and its assignment.
  func availableParts(
    of category: CategoryID, in month: YearMonth, on sheet: BudgetSheet
  ) -> (line: BudgetLine?, parts: [Explanation.Part]) {
    guard let line = sheet.report.lines.first(where: { $0.category == category }) else { return (nil, []) }
    var parts: [Explanation.Part] = []
    if let carriedFrom = try? month.previous, !line.carried.isZero {
      parts.append(Explanation.Part(kind: .carried, id: category.raw, date: carriedFrom.lastDay, amount: line.carried))
    }
    if !line.assigned.isZero {
      parts.append(assignment(of: category, amount: line.assigned, in: month, goals: sheet.goals))
    }
    return (line, parts)
  }

  /// A category's assignment for `month` as a part: the goal whose need the sheet planned in
  /// its place, or the category's own budget.
  func assignment(
    of category: CategoryID, amount: Money, in month: YearMonth, goals: [BudgetGoalLine]
  ) -> Explanation.Part {
    if let goal = goals.first(where: { $0.counted && $0.category == category }) {
      return Explanation.Part(kind: .goal, id: goal.goal.raw, date: month.firstDay, amount: amount)
    }
    return Explanation.Part(kind: .budget, id: category.raw, date: month.firstDay, amount: amount)
  }
}
