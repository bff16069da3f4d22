import ArgumentParser
import Ledger
import LedgerDomain
import LedgerWire

extension ExplainCommand {
  /// What a command that explains one of a category's figures in a month is given.
  struct CategoryMonth: ParsableArguments {
    @OptionGroup var options: LedgerOptions
    @OptionGroup var time: TimeOptions
    @Argument(help: "The category.") var category: String
    @Option(help: "The month, YYYY-MM (default: this month).", transform: monthArgument) var month: YearMonth?

    /// Explains the figure `figure` makes of the category and the month (default: the month
    /// of `--as-of`, or this month), and prints it under `title`.
    func explain(title: String, _ figure: (CategoryID, YearMonth) -> Figure) async throws {
      let ledger = try await options.openExisting()
      let id = try NameResolver(ledger: ledger).categoryToRead(category)
      let month = month ?? time.asOf?.yearMonth ?? LedgerOptions.today().yearMonth
      let point = try time.point()
      let explanation = try userFacing { try ledger.explain(figure(id, month), at: point) }
      try ExplainCommand.present(explanation, title: title, on: ledger, options: options, time: time, point: point)
    }
  }

  struct Spent: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "spent",
      abstract: "What a category spent in a month (the budget sheet's actual), net of refunds, entry by entry.",
      discussion: "Example: budget explain spent Food --month 2024-03")
    @OptionGroup var figure: CategoryMonth

    func run() async throws { try await figure.explain(title: "Spent on") { .spent($0, in: $1) } }
  }

  struct Left: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "left",
      abstract: "What a category has left in a month on the budget sheet: assigned, carried in, less spent.",
      discussion: "Example: budget explain left Food --month 2024-03")
    @OptionGroup var figure: CategoryMonth

    func run() async throws { try await figure.explain(title: "Left for") { .left($0, in: $1) } }
  }

  struct Available: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "available",
      abstract: "What a category may spend in a month on the budget sheet: assigned and carried in.",
      discussion: "Example: budget explain available Food --month 2024-03")
    @OptionGroup var figure: CategoryMonth

    func run() async throws { try await figure.explain(title: "Available for") { .available($0, in: $1) } }
  }

  struct Carried: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "carried",
      abstract: "What rollover carried into a category's month: the month before's leftover, or why none was.",
      discussion: "Example: budget explain carried Food --month 2024-03")
    @OptionGroup var figure: CategoryMonth

    func run() async throws { try await figure.explain(title: "Carried into") { .carried($0, in: $1) } }
  }
}
