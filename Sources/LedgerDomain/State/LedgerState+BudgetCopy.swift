extension LedgerState {
  /// The budgets that copying `source`'s plan to `target` sets: one per active category
  /// budgeted in `source` whose budget in `target` differs. A month's budget is copied with
  /// its moves (what the month ended up with); a quarter's as it was set — the plan for the
  /// quarter, not the one-off moves of its first month — and only to a month that starts a
  /// quarter, where quarter budgets live.
  public func budgetsToCopy(from source: YearMonth, to target: YearMonth) -> [BudgetSet] {
    let startsQuarter = (target.month - 1) % 3 == 0
    var copies: [BudgetSet] = []
    for (category, budget) in (budgets[source] ?? [:]).sorted(by: { $0.key < $1.key })
    where categories[category]?.isActive == true {
      guard budget.span == .month || startsQuarter else { continue }
      let amount = budget.span == .quarter ? budget.set : budget.amount
      if let current = budgets[target]?[category], current.amount == amount, current.span == budget.span { continue }
      copies.append(BudgetSet(month: target, category: category, amount: amount, span: budget.span))
    }
    return copies
  }
}
