import ArgumentParser
import Ledger
import LedgerDomain
import LedgerWire

/// `budget explain balance|spent|left|available|carried|remaining|cashflow|forecast|goal`: a
/// figure and the entries that make it up.
struct ExplainCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explain", abstract: "Show what makes up a figure: every entry that adds up to it.",
    subcommands: [
      Balance.self, Spent.self, Left.self, Available.self, Carried.self, Remaining.self, Cashflow.self, Forecast.self,
      Goal.self,
    ])

  struct Balance: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "balance", abstract: "An account's balance at the end of a date, entry by entry.",
      discussion: "Example: budget explain balance Checking --as-of 2024-03-31")
    @OptionGroup var options: LedgerOptions
    @OptionGroup var time: TimeOptions
    @Argument(help: "The account.") var account: String

    func run() async throws {
      let ledger = try await options.openExisting()
      let id = try NameResolver(ledger: ledger).account(account).id
      let date = time.asOf ?? LedgerOptions.today()
      let point = try time.point()
      let explanation = try userFacing { try ledger.explain(.balance(id, on: date), at: point) }
      try ExplainCommand.present(
        explanation, title: "Balance of", on: ledger, options: options, time: time, point: point)
    }
  }

  struct Remaining: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "remaining",
      abstract: "A month's remaining to assign: income planned, less assignments and goal needs.",
      discussion: "Example: budget explain remaining --month 2024-03")
    @OptionGroup var options: LedgerOptions
    @OptionGroup var time: TimeOptions
    @Option(help: "The month, YYYY-MM (default: this month).", transform: monthArgument) var month: YearMonth?

    func run() async throws {
      try await ExplainCommand.month(month, title: "Remaining to assign in", options: options, time: time) {
        .remaining(in: $0)
      }
    }
  }

  struct Cashflow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "cashflow",
      abstract: "A month's net cash flow (report cashflow's net): income less expenses, transaction by transaction.",
      discussion: "Example: budget explain cashflow --month 2024-03")
    @OptionGroup var options: LedgerOptions
    @OptionGroup var time: TimeOptions
    @Option(help: "The month, YYYY-MM (default: this month).", transform: monthArgument) var month: YearMonth?

    func run() async throws {
      try await ExplainCommand.month(month, title: "Cash flow in", options: options, time: time) { .cashflow(in: $0) }
    }
  }

  struct Forecast: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "forecast",
      abstract:
        "An account's forecast balance at a month's end: the balance today (or --as-of) and each scheduled payment until then.",
      discussion: "Example: budget explain forecast Checking --month 2024-05 --with-budgets")
    @OptionGroup var options: LedgerOptions
    @OptionGroup var time: TimeOptions
    @Argument(help: "The account.") var account: String
    @Option(help: "The month whose end it is, YYYY-MM (default: this month).", transform: monthArgument)
    var month: YearMonth?
    @Flag(help: "Also spend this month's unspent variable budgets from the account, as bills forecast does.")
    var withBudgets = false

    func run() async throws {
      let ledger = try await options.openExisting()
      let id = try NameResolver(ledger: ledger).account(account).id
      let month = month ?? (time.asOf ?? LedgerOptions.today()).yearMonth
      let point = try time.point()
      let explanation = try userFacing {
        try ledger.explain(.forecast(id, in: month, withBudgets: withBudgets, from: time.asOf), at: point)
      }
      try ExplainCommand.present(
        explanation, title: "Forecast of", on: ledger, options: options, time: time, point: point)
    }
  }

  struct Goal: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "goal",
      abstract:
        "What a goal has left to save: its target, less what its account holds or its category got; and the months that share it.",
      discussion: "Example: budget explain goal Trip --as-of 2024-03-31")
    @OptionGroup var options: LedgerOptions
    @OptionGroup var time: TimeOptions
    @Argument(help: "The goal.") var goal: String

    func run() async throws {
      let ledger = try await options.openExisting()
      let id = try NameResolver(ledger: ledger).goal(goal).id
      let date = time.asOf ?? LedgerOptions.today()
      let point = try time.point()
      let explanation = try userFacing { try ledger.explain(.goal(id, on: date), at: point) }
      try ExplainCommand.present(
        explanation, title: "Left to save for", on: ledger, options: options, time: time, point: point)
    }
  }

  /// Explains the figure `figure` makes of `month` (default: the month of `--as-of`, or this
  /// month), and prints it.
  static func month(
    _ month: YearMonth?, title: String, options: LedgerOptions, time: TimeOptions, figure: (YearMonth) -> Figure
  ) async throws {
    let ledger = try await options.openExisting()
    let month = month ?? time.asOf?.yearMonth ?? LedgerOptions.today().yearMonth
    let point = try time.point()
    let explanation = try userFacing { try ledger.explain(figure(month), at: point) }
    try present(explanation, title: title, on: ledger, options: options, time: time, point: point)
  }

  /// Prints `explanation` as a table with its total, or as JSON.
  static func present(
    _ explanation: Explanation, title: String, on ledger: Ledger, options: LedgerOptions, time: TimeOptions,
    point: TimePoint
  ) throws {
    let state = try namesState(of: ledger, at: point, position: explanation.position)
    let wire = Wire.Explanation(explanation, state: state)
    if options.json { return try Console.json(wire) }
    let subject =
      wire.account.map { "\($0) \(wire.date.map { "on \($0)" } ?? "at the end of \(wire.month ?? "")")" }
      ?? wire.goal.map { "\($0) on \(wire.date ?? "")" }
      ?? wire.category.map { "\($0) in \(wire.month ?? "")" } ?? wire.month ?? ""
    print("\(title) \(subject): \(show(explanation.total)) \(wire.currency)")
    var table = Table([("DATE", .left), ("KIND", .left), ("NAME", .left), ("AMOUNT", .right), ("ID", .left)])
    for part in wire.parts {
      table.add([part.date, part.kind, part.name, part.amount, String((part.id ?? "").suffix(8))])
    }
    if wire.parts.isEmpty {
      print("no entries")
    } else {
      print(table.render())
      print(
        "\(wire.parts.count) entr\(wire.parts.count == 1 ? "y" : "ies") adding up to \(wire.total) \(wire.currency)")
    }
    if let months = wire.months, let need = wire.monthlyNeed {
      print("shared by \(months) month\(months == 1 ? "" : "s") to the target date: \(need) \(wire.currency) a month")
    }
    time.footer(explanation.position, recordedAt: explanation.recordedAt)
  }
}
