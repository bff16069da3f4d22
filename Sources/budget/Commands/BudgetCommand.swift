import ArgumentParser
import Ledger
import LedgerDomain
import LedgerWire

/// `budget budget set|move|income|due|rollover|copy|show`: the zero-based plan.
struct BudgetCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "budget", abstract: "Plan the month: budgets, income, due dates, rollover.",
    subcommands: [BudgetShowCommand.self, Set.self, Move.self, Income.self, Due.self, Rollover.self, Copy.self])

  struct Set: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "set",
      abstract: "Budget an amount for a category in a month (or a quarter).")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The expense category.") var category: String
    @Argument(help: "The amount budgeted, e.g. 450.00.") var amount: String
    @Option(help: "The month, YYYY-MM.", transform: monthArgument) var month: YearMonth
    @Flag(help: "The amount covers the quarter starting at --month (quarterly categories).") var quarter = false

    func run() async throws {
      let ledger = try await options.openExisting()
      let id = try NameResolver(state: ledger.state).category(category)
      let money = try userFacing { try Money(parsing: amount, currency: ledger.state.baseCurrency) }
      let outcome = try await options.execute(
        .setBudget(SetBudget(month: month, category: id, amount: money, span: quarter ? .quarter : .month)), on: ledger)
      try options.report(
        "budgeted \(show(money)) for '\(category)' in \(month.title)\(quarter ? " (quarter)" : "")", outcome)
    }
  }

  struct Move: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "move", abstract: "Move budgeted money between categories within a month.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The amount to move.") var amount: String
    @Option(help: "The category it leaves.") var from: String
    @Option(help: "The category it goes to.") var to: String
    @Option(help: "The month, YYYY-MM.", transform: monthArgument) var month: YearMonth

    func run() async throws {
      let ledger = try await options.openExisting()
      let resolve = NameResolver(state: ledger.state)
      let money = try positiveAmount(
        amount, currency: ledger.state.baseCurrency, direction: "swap --from and --to to move money the other way")
      let outcome = try await options.execute(
        .moveBudget(
          MoveBudget(month: month, from: try resolve.category(from), to: try resolve.category(to), amount: money)),
        on: ledger)
      try options.report("moved \(show(money)) from '\(from)' to '\(to)' in \(month.title)", outcome)
    }
  }

  struct Income: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "income", abstract: "Plan income for a month, or for a whole year.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "Where it comes from, e.g. Salary.") var source: String
    @Argument(help: "The amount planned.") var amount: String
    @Option(help: "The month, YYYY-MM.", transform: monthArgument) var month: YearMonth?
    @Option(help: "The year, for yearly income.") var year: Int?

    func run() async throws {
      guard (month == nil) != (year == nil) else { throw ValidationError("give either --month YYYY-MM or --year YYYY") }
      let ledger = try await options.openExisting()
      let money = try userFacing { try Money(parsing: amount, currency: ledger.state.baseCurrency) }
      let outcome = try await options.execute(
        .planIncome(PlanIncome(month: month, year: month?.year ?? year!, source: source, amount: money)), on: ledger)
      try options.report(
        "planned \(show(money)) of '\(outcome.recordedName ?? source)' for \(month?.title ?? String(year!))", outcome)
    }
  }

  struct Due: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "due", abstract: "Set or clear a category's due date.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The category.") var category: String
    @Argument(help: "The due date, YYYY-MM-DD.", transform: dateArgument) var date: CivilDate?
    @Flag(help: "Remove the due date instead of setting one.") var clear = false

    func run() async throws {
      guard clear != (date != nil) else { throw ValidationError("give a date, or --clear") }
      let ledger = try await options.openExisting()
      let id = try NameResolver(state: ledger.state).category(category)
      let outcome = try await options.execute(date.map { .setDueDate(id, $0) } ?? .clearDueDate(id), on: ledger)
      try options.report(
        date.map { "'\(category)' is due on \($0)" } ?? "cleared the due date of '\(category)'", outcome)
    }
  }

  struct Rollover: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "rollover",
      abstract: "Carry a category's unspent and/or overspent amount into the next month.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The category.") var category: String
    @Flag(inversion: .prefixedNo, help: "Carry what is left unspent into the next month.") var unspent = true
    @Flag(inversion: .prefixedNo, help: "Carry an overspent amount (as less to spend) into the next month.")
    var overspent = false
    @Option(
      help: "The first month whose leftover carries into the next, YYYY-MM (default: this month).",
      transform: monthArgument)
    var from: YearMonth?

    func run() async throws {
      let ledger = try await options.openExisting()
      let id = try NameResolver(state: ledger.state).category(category)
      let setting = SetRollover(category: id, carryUnspent: unspent, carryOverspent: overspent, from: from)
      let outcome = try await options.execute(.setRollover(setting), on: ledger)
      let month = from ?? LedgerOptions.today().yearMonth
      try options.report(
        "'\(category)' carries unspent: \(unspent), overspent: \(overspent) from the end of \(month.title) on", outcome)
    }
  }

  struct Copy: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "copy",
      abstract: "Copy a month's plan — every budget and its planned income — to another month.")
    @OptionGroup var options: LedgerOptions
    @Option(help: "The month to copy, YYYY-MM.", transform: monthArgument) var from: YearMonth
    @Option(help: "The month to copy to, YYYY-MM.", transform: monthArgument) var to: YearMonth

    func run() async throws {
      let ledger = try await options.openExisting()
      let state = ledger.state
      guard state.hasPlan(in: from) else { throw UserError("\(from.title) has no budgets or planned income to copy") }
      let commands = state.planToCopy(from: from, to: to)
      if commands.isEmpty, let why = state.budgetCopyRefusal(from: from, to: to) { throw UserError(why) }
      guard !commands.isEmpty else {
        let nothing = "\(to.title) already has the plan of \(from.title): nothing to copy"
        guard options.json else { return print(nothing) }
        // Nothing recorded: the month's stream as it stands, no positions, no events.
        var result = Wire.WriteResult(events: [])
        result.stream = budgetStream(to)
        result.version = try userFacing { try ledger.version(ofStream: result.stream) } ?? 0
        result.positions = []
        return try Console.json(result)
      }
      // One transaction for the whole copy, all or nothing.
      let outcomes = try await userFacing { try await ledger.execute(atomically: commands, metadata: options.metadata) }
      let copied = outcomes.count
      if options.json, let result = try userFacing({ try Wire.WriteResult(outcomes, in: ledger) }) {
        // As the API answers `POST /budget/{month}/copy`.
        return try Console.json(result)
      }
      let budgets = commands.count { if case .setBudget = $0 { true } else { false } }
      let incomes = copied - budgets
      print(
        "copied \(budgets) budget\(budgets == 1 ? "" : "s") and \(incomes) planned income\(incomes == 1 ? "" : "s") "
          + "from \(from.title) to \(to.title)")
    }
  }
}
