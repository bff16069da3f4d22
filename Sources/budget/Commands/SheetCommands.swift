import ArgumentParser
import Foundation
import Ledger
import LedgerDomain
import LedgerWire
import QueryResults

/// `budget budget show`: seed 001 Sheet 1 in the terminal.
struct BudgetShowCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "The month's zero-based budget: income, fixed / variable / quarterly, remaining to assign.")
  @OptionGroup var options: LedgerOptions
  @Option(help: "The month, YYYY-MM (default: the month of --as-of, else this month).", transform: monthArgument)
  var month: YearMonth?
  @OptionGroup var time: TimeOptions

  func validate() throws { try time.requireAsOf(within: month) }

  func run() async throws {
    let ledger = try await options.openExisting()
    let month = self.month ?? time.asOf?.yearMonth ?? LedgerOptions.today().yearMonth
    let answer = try userFacing { try ledger.budgetSheet(month, asOf: time.asOf, at: try time.point()) }
    let sheet = answer.value
    if options.json { return try Console.json(try wire(answer, ledger)) }
    print(Console.paint("« \(month.title) »", .bold))
    print("")
    var income = Table([("INCOME", .left), ("PLANNED", .right)])
    for source in sheet.summary.incomeSources {
      income.add([source.source + (source.month == nil ? " (yearly share)" : ""), show(source.counted)])
    }
    income.add(["Total income", show(sheet.summary.plannedIncome)])
    print(income.render())
    for type in [BudgetType.fixed, .variable, .quarterly] {
      let lines = sheet.report.lines.filter { $0.budgetType == type && (!$0.budgeted.isZero || !$0.actual.isZero) }
      guard !lines.isEmpty else { continue }
      print("")
      // What the month may spend is what it assigned plus what earlier months carried in: the
      // columns keep the two apart, so ASSIGNED adds up to "Total assigned" below.
      let carries = lines.contains { !$0.carried.isZero }
      var columns: [(String, Table.Alignment)] = [
        ("\(type.rawValue.uppercased()) EXPENSES", .left), ("ASSIGNED", .right),
      ]
      if carries { columns += [("CARRIED", .right), ("AVAILABLE", .right)] }
      columns += [("ACTUAL", .right), ("LEFT", .right), ("USED", .right), ("ALERT", .left)]
      var table = Table(columns)
      for line in lines {
        let left = show(line.difference, color: true)
        var row = [line.name, show(line.assigned)]
        if carries { row += [show(line.carried, color: true), show(line.budgeted)] }
        row += [
          show(line.actual), line.isOverBudget ? Console.paint(left, .red) : left,
          percent(line.usedBasisPoints, alert: line.alert), alertLabel(line),
        ]
        table.add(row)
      }
      print(table.render())
    }
    if !sheet.goals.isEmpty {
      print("")
      var goals = Table([("GOALS", .left), ("MONTHLY NEED", .right), ("", .left)])
      for goal in sheet.goals {
        let how =
          goal.category == nil
          ? "set aside from what remains to assign"
          : goal.counted ? "planned as its category's budget" : "its category's own budget stands"
        goals.add(["goal: \(goal.name)", show(goal.monthlyNeed), how])
      }
      print(goals.render())
    }
    print("")
    let remaining = sheet.summary.remainingToAssign
    let remainingText = show(remaining)
    print(
      "Total assigned      \(show(sheet.summary.budgeted.total))  (fixed \(show(sheet.summary.budgeted.fixed)), variable \(show(sheet.summary.budgeted.variable)), quarterly \(show(sheet.summary.budgeted.quarterly)))"
    )
    let carried = sheet.report.lines.reduce(Money.zero(sheet.summary.currency)) { (try? $0.adding($1.carried)) ?? $0 }
    if !carried.isZero {
      print("Carried in          \(show(carried, color: true))  (from earlier months: not assigned again)")
    }
    print(
      "Remaining to assign \(remaining.isZero ? Console.paint(remainingText, .green) : Console.paint(remainingText, .red))  (goal: 0)"
    )
    print(availableFundsLine(sheet))
    if let note = otherCurrencySpendingNote(sheet) { print(note) }
    if !sheet.summary.dueDates.isEmpty {
      print("Due                 " + sheet.summary.dueDates.map { "\($0.name) \($0.date)" }.joined(separator: ", "))
    }
    time.footer(answer.position, recordedAt: answer.recordedAt)
  }
}

/// What the month spent in other currencies, which no line's actual includes (budgets are in
/// the base currency and amounts of two currencies are never added), or nil when nothing was.
func otherCurrencySpendingNote(_ sheet: BudgetSheet) -> String? {
  guard !sheet.otherCurrencySpending.isEmpty else { return nil }
  let spent = sheet.otherCurrencySpending.map { "\(show($0)) \($0.currency.code)" }.joined(separator: ", ")
  return "Not in the actuals: \(spent) spent in other currencies (budgets are in \(sheet.summary.currency.code))"
}

/// The alert a line has reached, in words — what the colour of its % says, for a reader
/// without colour (`NO_COLOR`, a pipe, a screen reader): "75 % used", "90 % used", "100 % used",
/// "over budget".
func alertLabel(_ line: BudgetLine) -> String {
  switch line.alert {
  case .none: ""
  case .percent75: Console.paint("75 % used", .yellow)
  case .percent90: Console.paint("90 % used", .yellow)
  case .percent100: Console.paint(line.isOverBudget ? "over budget" : "100 % used", .red)
  }
}

/// "75.0 %" with the alert level's colour.
func percent(_ basisPoints: Int?, alert: BudgetAlert) -> String {
  guard let basisPoints else { return "" }
  // Negative when refunds outweigh the month's spending: the sign even below one percent.
  let magnitude = abs(basisPoints)
  let text = "\(basisPoints < 0 ? "-" : "")\(magnitude / 100).\(magnitude % 100 / 10) %"
  switch alert {
  case .percent100: return Console.paint(text, .red)
  case .percent90, .percent75: return Console.paint(text, .yellow)
  default: return text
  }
}

/// The sheet as the API answers it, with the due dates of the categories as known at its
/// position (their own streams, not the whole history).
func wire(_ answer: Answer<BudgetSheet>, _ ledger: Ledger) throws -> Wire.BudgetSheet {
  let categories = try userFacing { try ledger.state(ofStreamsOf: [CategoryID.self], upTo: answer.position) }.categories
  return Wire.BudgetSheet(answer, categories: categories)
}

/// `budget report budget-vs-actual`: seed 001 Sheet 3 as a table.
struct BudgetVsActualReport: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "budget-vs-actual",
    abstract: "Budgeted vs actual per category for a month: difference, % used, alerts.")
  @OptionGroup var options: LedgerOptions
  @Option(help: "The month, YYYY-MM (default: the month of --as-of, else this month).", transform: monthArgument)
  var month: YearMonth?
  @OptionGroup var time: TimeOptions

  func validate() throws { try time.requireAsOf(within: month) }

  func run() async throws {
    let ledger = try await options.openExisting()
    let month = self.month ?? time.asOf?.yearMonth ?? LedgerOptions.today().yearMonth
    let answer = try userFacing { try ledger.budgetSheet(month, asOf: time.asOf, at: try time.point()) }
    if options.json { return try Console.json(try wire(answer, ledger)) }
    var table = Table([
      ("CATEGORY", .left), ("BUDGETED", .right), ("ACTUAL", .right), ("DIFFERENCE", .right), ("% USED", .right),
      ("ALERT", .left),
    ])
    for line in answer.value.report.lines where !line.budgeted.isZero || !line.actual.isZero {
      table.add([
        line.name, show(line.budgeted), show(line.actual), show(line.difference, color: true),
        percent(line.usedBasisPoints, alert: line.alert), alertLabel(line),
      ])
    }
    table.add([
      "Total", show(answer.value.report.totalBudgeted), show(answer.value.report.totalActual),
      show(
        (try? answer.value.report.totalBudgeted.subtracting(answer.value.report.totalActual))
          ?? answer.value.report.totalBudgeted, color: true), "", "",
    ])
    print("Budget vs actual — \(month.title)")
    print(table.render())
    if let note = otherCurrencySpendingNote(answer.value) { print(note) }
    time.footer(answer.position, recordedAt: answer.recordedAt)
  }
}

/// `budget report categories`: spending and income per category.
struct CategoriesReport: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "categories",
    abstract: "Spent, received and net per category for a month, year or period.",
    discussion: """
      NET is in the category's direction: spent less received for an expense category (money \
      back from a shop, a refund, lowers it), received less spent for an income category.
      """)
  @OptionGroup var options: LedgerOptions
  @Option(
    help: "The month, YYYY-MM (default: the month of --as-of, else this month; not with --year or --period).",
    transform: monthArgument)
  var month: YearMonth?
  @Option(help: "A whole year, e.g. 2024.") var year: Int?
  @Option(help: "An expense period, by name.") var period: String?
  @Flag(help: "Include sub-categories in their group's totals.") var rolledUp = false
  @Option(help: "Show only the N biggest spenders.") var top: Int?
  @OptionGroup var time: TimeOptions

  func validate() throws {
    let scopes = [month.map { _ in "--month" }, year.map { _ in "--year" }, period.map { _ in "--period" }]
      .compactMap { $0 }
    guard scopes.count <= 1 else {
      throw ValidationError("\(scopes.joined(separator: " and ")) both choose the report's dates; give one of them")
    }
    if let year, !(1...9999).contains(year) { throw ValidationError("--year must be between 1 and 9999 (got \(year))") }
    if let top, top < 1 { throw ValidationError("--top must be at least 1 (got \(top))") }
    try time.requireAsOf(within: month)
    if let year, let asOf = time.asOf, asOf.year != year {
      throw ValidationError("--as-of \(asOf) falls outside --year \(year); give one of them")
    }
  }

  func run() async throws {
    let ledger = try await options.openExisting()
    let scope: TotalsScope
    if let period {
      scope = .period(try NameResolver(state: ledger.state).period(period))
    } else if let year {
      scope = .year(year)
    } else {
      scope = .month(month ?? time.asOf?.yearMonth ?? LedgerOptions.today().yearMonth)
    }
    let answer = try userFacing { try ledger.categoryTotals(scope, rolledUp: rolledUp, at: try time.point()) }
    // The base currency's rows first, then each other currency's, the biggest net spenders
    // first within each — in the table and in JSON.
    var rows = answer.value.biggestSpendersFirst(base: ledger.state.baseCurrency)
    let currencies = Set(rows.map(\.spent.currency))
    if let top { rows = Array(rows.prefix(top)) }
    if options.json {
      return try Console.json(
        rows.map(Wire.CategoryTotals.Row.init))
    }
    var columns: [(String, Table.Alignment)] = [
      ("CATEGORY", .left), ("SPENT", .right), ("RECEIVED", .right), ("NET", .right),
    ]
    if currencies.count > 1 { columns.append(("CURRENCY", .left)) }
    var table = Table(columns + [("COUNT", .right)])
    for row in rows {
      let currency = currencies.count > 1 ? [row.spent.currency.code] : []
      table.add([row.name, show(row.spent), show(row.received), show(row.net)] + currency + [String(row.count)])
    }
    print(table.render())
    time.footer(answer.position, recordedAt: answer.recordedAt)
  }
}

/// `budget report cashflow`: income and expenses per month.
struct CashflowReport: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cashflow", abstract: "Income, expenses and net per month of a year.")
  @OptionGroup var options: LedgerOptions
  @Option(help: "The year (default: this year).") var year: Int?
  @OptionGroup var time: TimeOptions

  func run() async throws {
    let ledger = try await options.openExisting()
    let year = self.year ?? time.asOf?.year ?? LedgerOptions.today().year
    let first = try userFacing { try YearMonth(year: year, month: 1) }
    var last = try userFacing { try YearMonth(year: year, month: 12) }
    // As of a date: the months up to the one it falls in (months are the report's rows).
    if let asOf = time.asOf, asOf.yearMonth < last { last = asOf.yearMonth }
    let answer = try userFacing { try ledger.cashflow(from: first, through: max(first, last), at: try time.point()) }
    let rows = last < first ? [] : answer.value  // a date before the year: none of its months
    if options.json {
      return try Console.json(rows.map(Wire.Cashflow.Month.init))
    }
    // The figures are the base currency's: say so, and which currencies they leave out.
    let state = ledger.state
    let others = Set(state.accounts.values.map(\.currency)).subtracting([state.baseCurrency]).map(\.code).sorted()
    print(
      "Cashflow \(year) in \(state.baseCurrency.code)"
        + (others.isEmpty ? "" : " (\(others.joined(separator: ", ")) not in it: report categories shows them)"))
    var table = Table([("MONTH", .left), ("INCOME", .right), ("EXPENSES", .right), ("NET", .right)])
    for row in rows where !row.income.isZero || !row.expenses.isZero {
      table.add([row.month.title, show(row.income), show(row.expenses), show(row.net, color: true)])
    }
    print(table.render())
    time.footer(answer.position, recordedAt: answer.recordedAt)
  }
}
