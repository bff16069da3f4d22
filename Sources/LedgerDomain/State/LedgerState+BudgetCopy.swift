extension LedgerState {
  /// The budgets that copying `source`'s plan to `target` sets: one per active category
  /// budgeted in `source` whose budget in `target` differs. A month's budget is copied with
  /// its moves (what the month ended up with); a quarter's as it was set — the plan for the
  /// quarter, not the one-off moves of its first month — and only to a month that starts a
  /// quarter, where quarter budgets live.
  public func budgetsToCopy(from source: YearMonth, to target: YearMonth) -> [SetBudget] {
    let startsQuarter = (target.month - 1) % 3 == 0
    var copies: [SetBudget] = []
    for (category, budget) in (budgets[source] ?? [:]).sorted(by: { $0.key < $1.key })
    where categories[category]?.isActive == true {
      guard budget.span == .month || startsQuarter else { continue }
      // A quarterly category's month record holds only moves: its plan is the quarter's.
      if budget.span == .month, categories[category]?.budgetType == .quarterly { continue }
      let amount = budget.span == .quarter ? budget.set : budget.amount
      // What moves alone took out of a month (money moved out of a quarter's later month) is
      // no budget of its own to copy; a budget set to zero is.
      guard !amount.isNegative else { continue }
      if let current = budgets[target]?[category], current.span == budget.span,
        (budget.span == .quarter ? current.set : current.amount) == amount
      {
        continue
      }
      copies.append(SetBudget(month: target, category: category, amount: amount, span: budget.span))
    }
    return copies
  }

  /// Why copying `source` to `target` copies nothing although `source` has budgets, when
  /// that is not "they are the same already": its budgets are all quarter budgets and
  /// `target` does not start a quarter.
  public func budgetCopyRefusal(from source: YearMonth, to target: YearMonth) -> String? {
    let budgets = (self.budgets[source] ?? [:]).filter { categories[$0.key]?.isActive == true }
    guard !budgets.isEmpty, (target.month - 1) % 3 != 0, budgets.values.allSatisfy({ $0.span == .quarter }) else {
      return nil
    }
    return "\(source) has only quarter budgets, and those are copied only to a quarter's first month "
      + "(January, April, July or October), not to \(target)"
  }
}

extension LedgerState {
  /// The income planned for `source` to plan for `target`: each source planned for that month
  /// whose amount `target` does not plan already, by name (a source planned at zero — one taken
  /// back — only where `target` plans it). A yearly amount belongs to no month and is not copied.
  public func incomeToCopy(from source: YearMonth, to target: YearMonth) -> [PlanIncome] {
    plannedIncome
      .filter { $0.key.year == source.year && $0.key.month == source.month }
      .sorted { $0.key.source < $1.key.source }
      .compactMap { key, amount in
        let existing = IncomeKey(year: target.year, month: target.month, source: key.source)
        guard plannedIncome[existing] != amount, !(amount.isZero && plannedIncome[existing] == nil) else { return nil }
        return PlanIncome(month: target, year: target.year, source: key.source, amount: amount)
      }
  }

  /// A month's whole plan copied to another — its budgets (``budgetsToCopy(from:to:)``) and its
  /// planned income (``incomeToCopy(from:to:)``) — as commands to run in one transaction, so
  /// that the copy's "remaining to assign" is the source's.
  public func planToCopy(from source: YearMonth, to target: YearMonth) -> [LedgerCommand] {
    budgetsToCopy(from: source, to: target).map(LedgerCommand.setBudget)
      + incomeToCopy(from: source, to: target).map(LedgerCommand.planIncome)
  }

  /// Whether `month` plans anything to copy: a budget of an active category, or income.
  public func hasPlan(in month: YearMonth) -> Bool {
    (budgets[month] ?? [:]).contains { categories[$0.key]?.isActive == true }
      || plannedIncome.keys.contains { $0.year == month.year && $0.month == month.month }
  }
}
