import EventLog
import LedgerDomain
import ProjectionEngine
import SharedRows

/// Questions answered by the budget-vs-actual tables, in one currency (the ledger's base
/// currency: budgets and planned income are in it; spending in other currencies is not
/// counted). Every answer is as known at a log position (`asKnownAt`, default now) and says
/// which position that was.
public struct BudgetQueries {
  let reader: ProjectionReader
  let name = BudgetVsActualProjector.name

  public init(_ reader: ProjectionReader) { self.reader = reader }

  /// Budget vs actual per expense category for `month` (seed 001 Sheet 3): budgeted
  /// (including rollover carried from the previous month), actual, difference, % used,
  /// over-budget flag and alert level. Costs a few range scans, plus about four point reads
  /// per month since rollover was switched on for each category that carries.
  public func month(_ month: YearMonth, currency: Currency, asKnownAt: UInt64 = .max) throws -> BudgetMonthReport {
    let at = position(asKnownAt)
    let categories = try CategoryRow.all(reader, projector: name, table: "categories", asKnownAt: at)
    return try report(month, currency: currency, categories: categories, assigned: try assignedBudgets(in: month, currency: currency, at), at)
  }

  /// The zero-based summary of `month` (seed 001 Sheet 1): planned income, this month's
  /// assignments by budget type, remaining to assign (goal 0) and the month's due dates.
  public func summary(_ month: YearMonth, currency: Currency, asKnownAt: UInt64 = .max) throws -> BudgetSummary {
    let at = position(asKnownAt)
    let categories = try CategoryRow.all(reader, projector: name, table: "categories", asKnownAt: at)
    return try summary(month, currency: currency, categories: categories, assigned: try assignedBudgets(in: month, currency: currency, at), at)
  }

  /// ``summary(_:currency:asKnownAt:)`` and ``month(_:currency:asKnownAt:)`` together — the
  /// budget sheet — reading the categories and the month's budgets once for both.
  public func sheet(_ month: YearMonth, currency: Currency, asKnownAt: UInt64 = .max) throws -> (
    summary: BudgetSummary, report: BudgetMonthReport
  ) {
    let at = position(asKnownAt)
    let categories = try CategoryRow.all(reader, projector: name, table: "categories", asKnownAt: at)
    let assigned = try assignedBudgets(in: month, currency: currency, at)
    return (
      try summary(month, currency: currency, categories: categories, assigned: assigned, at),
      try report(month, currency: currency, categories: categories, assigned: assigned, at)
    )
  }

  private func report(
    _ month: YearMonth, currency: Currency, categories: [CategoryID: CategoryRow], assigned: [CategoryID: Int64], _ at: UInt64
  ) throws -> BudgetMonthReport {
    let actuals = try spending(in: month, currency: currency, at)
    let settings = try rolloverSettings(at)
    var ids = Set(categories.filter { $0.value.kind == .expense && !$0.value.archived }.keys)
    ids.formUnion(assigned.keys)
    ids.formUnion(actuals.keys)
    var carried: [CategoryID: Int64] = [:]
    for (category, history) in settings {
      let carry = try self.carry(into: month, of: category, history: history, currency: currency, at)
      if carry != 0 {
        carried[category] = carry
        ids.insert(category)
      }
    }
    var lines: [BudgetLine] = []
    for id in ids where categories[id]?.kind != .income {
      lines.append(
        try line(
          id, categories[id], assigned: assigned[id] ?? 0, carried: carried[id] ?? 0, actual: actuals[id] ?? 0,
          rollover: setting(in: month, settings[id] ?? []), currency: currency))
    }
    lines.sort {
      (categories[$0.category]?.sortOrder ?? .max, $0.name, $0.category) < (categories[$1.category]?.sortOrder ?? .max, $1.name, $1.category)
    }
    return BudgetMonthReport(
      month: month, currency: currency, lines: lines, totalBudgeted: try Money.total(of: lines.map(\.budgeted), in: currency),
      totalActual: try Money.total(of: lines.map(\.actual), in: currency), asKnownAt: at)
  }

  private func summary(
    _ month: YearMonth, currency: Currency, categories: [CategoryID: CategoryRow], assigned: [CategoryID: Int64], _ at: UInt64
  ) throws -> BudgetSummary {
    var byType: [BudgetType: Money] = [:]
    for (id, units) in assigned where categories[id]?.kind != .income {
      let type = categories[id]?.budgetType ?? .variable
      byType[type] = try (byType[type] ?? .zero(currency)) + Money(units: units, currency: currency)
    }
    let budgeted = BudgetTypeTotals(
      fixed: byType[.fixed] ?? .zero(currency), variable: byType[.variable] ?? .zero(currency),
      quarterly: byType[.quarterly] ?? .zero(currency), total: try Money.total(of: byType.values, in: currency))
    let sources = try income(year: month.year, months: 0...0, currency: currency, at).map { yearly -> PlannedIncome in
      var share = yearly
      share.counted = try yearly.amount.allocatedInMinorUnits(into: 12)[month.month - 1]
      return share
    } + income(year: month.year, months: month.month...month.month, currency: currency, at)
    let planned = try Money.total(of: sources.map(\.counted), in: currency)
    return BudgetSummary(
      month: month, currency: currency, plannedIncome: planned, incomeSources: sources, budgeted: budgeted,
      remainingToAssign: try planned - budgeted.total,
      dueDates: try dueDates(from: month.firstDay, through: month.lastDay, categories: categories, at), asKnownAt: at)
  }

  /// The income planned for `year`: yearly sources and every month's, with their total.
  public func plannedIncome(year: Int, currency: Currency, asKnownAt: UInt64 = .max) throws -> IncomePlan {
    let at = position(asKnownAt)
    let sources = try income(year: year, months: 0...12, currency: currency, at)
    return IncomePlan(year: year, currency: currency, sources: sources, total: try Money.total(of: sources.map(\.counted), in: currency), asKnownAt: at)
  }

  /// Due dates from `date` through `days` days later (inclusive; 0 = that day only), of
  /// categories that are not archived.
  public func upcomingDueDates(from date: CivilDate, days: Int, asKnownAt: UInt64 = .max) throws -> DueDateList {
    let at = position(asKnownAt)
    let through = (try? date.adding(days: max(days, 0))) ?? .latest
    return DueDateList(from: date, through: through, dates: try dueDates(from: date, through: through, at), asKnownAt: at)
  }

  /// Due dates that fall in `month`, of categories that are not archived.
  public func dueDates(in month: YearMonth, asKnownAt: UInt64 = .max) throws -> DueDateList {
    let at = position(asKnownAt)
    return DueDateList(
      from: month.firstDay, through: month.lastDay, dates: try dueDates(from: month.firstDay, through: month.lastDay, at), asKnownAt: at)
  }

  // MARK: Lines

  func line(
    _ id: CategoryID, _ record: CategoryRow?, assigned: Int64, carried: Int64, actual: Int64, rollover: RolloverSetting?,
    currency: Currency
  ) throws -> BudgetLine {
    let assignedMoney = Money(units: assigned, currency: currency)
    let carriedMoney = Money(units: carried, currency: currency)
    let actualMoney = Money(units: actual, currency: currency)
    let budgeted = try assignedMoney + carriedMoney
    let over = actual > budgeted.units
    var used: Int?
    var alert = BudgetAlert.none
    if budgeted.units > 0 {
      let basisPoints = Int(clamping: Int128(actual) * 10_000 / Int128(budgeted.units))
      used = basisPoints
      alert = basisPoints >= 10_000 ? .percent100 : basisPoints >= 9_000 ? .percent90 : basisPoints >= 7_500 ? .percent75 : .none
    } else if over {
      alert = .percent100
    }
    return BudgetLine(
      category: id, name: record?.name ?? "", parent: record?.parent, budgetType: record?.budgetType ?? .variable,
      assigned: assignedMoney, carried: carriedMoney, budgeted: budgeted, actual: actualMoney,
      difference: try budgeted - actualMoney, usedBasisPoints: used, isOverBudget: over, alert: alert, rollover: rollover)
  }

  /// The position an answer reflects: `asKnownAt`, or the head when that is later.
  func position(_ asKnownAt: UInt64) -> UInt64 { min(asKnownAt, reader.head.position) }
}
