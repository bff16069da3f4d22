import LedgerDomain
import QueryResults

extension Ledger {
  /// A category's *available* on the month's budget sheet: what rollover carried in and its
  /// assignment (or the goal need the sheet plans in its place).
  func explainAvailable(
    of category: CategoryID, in month: YearMonth, at point: TimePoint
  ) throws(LedgerError) -> Explanation {
    try requireCategory(category)
    let sheet = try budgetSheet(month, at: point)
    let (line, parts) = availableParts(of: category, in: month, on: sheet.value)
    let total = line?.budgeted ?? .zero(sheet.value.report.currency)
    return Explanation(
      figure: .available(category, in: month), total: total, parts: parts, position: sheet.position,
      recordedAt: sheet.recordedAt)
  }

  /// What rollover carried into a category's month: the month before's leftover, part by part
  /// — what had been carried into that month, its own budget, less each transaction that
  /// spent from it — and, where the setting in force that month kept the leftover back, the
  /// part withheld. A goal's need the sheet planned in place of a budget is not money
  /// assigned, and rollover does not carry it.
  func explainCarried(
    into category: CategoryID, in month: YearMonth, at point: TimePoint
  ) throws(LedgerError) -> Explanation {
    try requireCategory(category)
    let sheet = try budgetSheet(month, at: point)
    let currency = sheet.value.report.currency
    let total = sheet.value.report.lines.first { $0.category == category }?.carried ?? .zero(currency)
    func explanation(_ parts: [Explanation.Part]) -> Explanation {
      Explanation(
        figure: .carried(category, in: month), total: total, parts: parts, position: sheet.position,
        recordedAt: sheet.recordedAt)
    }
    guard let previousMonth = try? month.previous else { return explanation([]) }
    let at = TimePoint.position(sheet.position)
    let before = try budgetSheet(previousMonth, at: at).value
    let previous = before.report.lines.first { $0.category == category }
    var parts: [Explanation.Part] = []
    if let previous {
      if let carriedFrom = try? previousMonth.previous, !previous.carried.isZero {
        parts.append(
          Explanation.Part(kind: .carried, id: category.raw, date: carriedFrom.lastDay, amount: previous.carried))
      }
      let plannedForGoal = before.goals.contains { $0.counted && $0.category == category }
      if !plannedForGoal, !previous.assigned.isZero {
        parts.append(
          Explanation.Part(kind: .budget, id: category.raw, date: previousMonth.firstDay, amount: previous.assigned))
      }
    }
    let spent = try explainSpending(of: category, in: previousMonth, at: at)
    parts += spent.parts.map(\.negated)
    let leftover = parts.reduce(0) { $0 &+ $1.amount.units }
    // Rollover carries a month's whole leftover or none of it; with nothing left over and
    // rollover off, the part says why nothing could have been carried.
    if total.isZero, leftover != 0 || previous?.rollover == nil {
      let setting = previous?.rollover
      let reason =
        setting == nil
        ? "rollover off in \(previousMonth)"
        : leftover > 0 ? "unspent money is not carried" : "overspending is not carried"
      parts.append(
        Explanation.Part(
          kind: .withheld, id: category.raw, label: reason, date: previousMonth.lastDay,
          amount: Money(units: -leftover, currency: currency)))
    }
    return explanation(parts)
  }

  /// Refuses a category the ledger never had: categories are never removed from the state (a
  /// deleted one is marked), so one it does not hold now was never there.
  func requireCategory(_ category: CategoryID) throws(LedgerError) {
    guard state.categories[category] != nil else {
      throw .rejected(.notFound(kind: "category", reference: category.description, suggestion: nil))
    }
  }
}
