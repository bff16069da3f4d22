extension Rules {
  /// An active expense category, for budgeting.
  func budgetCategory(_ id: CategoryID) throws(DomainError) -> CategoryRecord {
    let category = try activeCategory(id)
    guard category.kind == .expense else {
      throw .invalidField(
        field: "category '\(category.name)'", reason: "is an income category; plan income instead of budgeting it")
    }
    return category
  }

  func setBudget(_ command: SetBudget) throws(DomainError) -> BudgetSet {
    let event = BudgetSet(command)
    let category = try budgetCategory(event.category)
    try nonNegative(event.amount, field: "budget for '\(category.name)'", currency: baseCurrency)
    // A quarterly category is budgeted by the quarter: a month's amount beside the quarter's
    // would add to one month's third (or, in the first month, replace the whole quarter).
    if event.span == .month, category.budgetType == .quarterly {
      throw .invalidField(
        field: "category '\(category.name)'",
        reason:
          "is budgeted quarterly; set the quarter's amount in its first month (January, April, July or October) as a quarter, or move money into one month"
      )
    }
    if event.span == .quarter {
      guard category.budgetType == .quarterly else {
        throw .invalidField(
          field: "category '\(category.name)'",
          reason: "is budgeted \(category.budgetType.rawValue); only quarterly categories take a quarterly amount")
      }
      guard (event.month.month - 1) % 3 == 0 else {
        throw .invalidField(
          field: "quarter", reason: "must start in January, April, July or October (got \(event.month))")
      }
    }
    if let current = state.budgets[event.month]?[event.category], current.set == event.amount, current.moved.isZero,
      current.span == event.span
    {
      throw .invalidField(
        field: "budget for '\(category.name)'",
        reason:
          "is already \(event.amount.formatted()) \(event.amount.currency.code) in \(event.month)\(event.span == .quarter ? " (for the quarter)" : "")"
      )
    }
    return event
  }

  func planIncome(_ command: PlanIncome) throws(DomainError) -> IncomePlanned {
    var event = IncomePlanned(command)
    event.source = try TextRules.validated(event.source, field: "income source", maximum: FieldLimits.incomeSource)
    event.source = spelling(ofIncomeSource: event.source, for: IncomeKey(event))
    try nonNegative(event.amount, field: "planned income", currency: baseCurrency)
    if let month = event.month, month.year != event.year {
      throw .invalidField(field: "planned income", reason: "month \(month) is not in year \(event.year)")
    }
    guard (1...9999).contains(event.year) else {
      throw .invalidField(field: "year", reason: "must be between 1 and 9999")
    }
    let current = state.plannedIncome[IncomeKey(event)] ?? .zero(baseCurrency)
    guard current != event.amount else {
      throw .invalidField(
        field: "planned income '\(event.source)'",
        reason:
          "is already \(event.amount.formatted()) \(event.amount.currency.code) for \(event.month.map(\.description) ?? String(event.year))"
      )
    }
    return event
  }

  /// `source` as the ledger already spells it, if a planned income's source differs from it
  /// only in case (`bonus` for `Bonus`): one source, not two, in every sheet and report. The
  /// spelling of the same month (or year) comes first, then the first in alphabetical order.
  func spelling(ofIncomeSource source: String, for key: IncomeKey) -> String {
    if state.plannedIncome[key] != nil { return source }  // planned as spelled, in this period
    let wanted = TextRules.key(source)
    var samePeriod: String?, first: String?, plannedAsSpelled = false
    for existing in state.plannedIncome.keys {
      if existing.source == source {
        plannedAsSpelled = true
      } else if TextRules.key(existing.source) == wanted {
        if existing.year == key.year && existing.month == key.month { samePeriod = existing.source }
        if first.map({ existing.source < $0 }) ?? true { first = existing.source }
      }
    }
    return samePeriod ?? (plannedAsSpelled ? source : first ?? source)
  }

  func moveBudget(_ command: MoveBudget) throws(DomainError) -> BudgetMoved {
    let event = BudgetMoved(command)
    let from = try budgetCategory(event.from)
    _ = try budgetCategory(event.to)
    guard event.from != event.to else {
      throw .invalidField(field: "budget move", reason: "needs two different categories, but both are '\(from.name)'")
    }
    try positive(event.amount, field: "amount to move", currency: baseCurrency)
    // What the sheet shows the category has that month (a quarter's third, moves included).
    let available = state.assigned(event.from, in: event.month)
    let enough = (try? event.amount.isLess(than: available)) == true || event.amount == available
    guard enough else { throw .insufficientBudget(category: from.name, month: event.month, available: available) }
    return event
  }
}
