import ArgumentParser
import Ledger
import LedgerDomain
import LedgerWire

/// `budget period open|close|reopen|list`.
struct PeriodCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "period", abstract: "Expense periods: open, close (freeze), reopen, list.",
    subcommands: [Open.self, Close.self, Reopen.self, List.self])

  struct Open: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "open", abstract: "Open a period; without --end it is ongoing.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The new period's name, e.g. March or Q1.") var name: String
    @Option(help: "First day, YYYY-MM-DD.", transform: dateArgument) var start: CivilDate
    @Option(help: "Last day, YYYY-MM-DD (default: ongoing).", transform: dateArgument) var end: CivilDate?

    func run() async throws {
      let ledger = try await options.openExisting()
      let id = PeriodID.random()
      let outcome = try await options.execute(
        .openPeriod(OpenPeriod(period: id, name: name, start: start, end: end)), on: ledger)
      try options.report(
        "opened period '\(outcome.recordedName ?? name)' from \(start) to \(end.map(String.init(describing:)) ?? "ongoing")",
        outcome, id: id.description)
    }
  }

  struct Close: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "close",
      abstract: "Close a period: its transactions can no longer change. Seals the log's chain head.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The period to close.") var name: String
    @Option(help: "End date, YYYY-MM-DD (default: the period's end, else today).", transform: dateArgument)
    var end: CivilDate?

    func run() async throws {
      let ledger = try await options.openExisting()
      let id = try NameResolver(state: ledger.state).period(name)
      let outcome = try await options.execute(.closePeriod(id, end: end), on: ledger)
      var seal = ""
      var chainHead: String?
      if case .periodClosed(let closed) = outcome.events.first {
        seal = " — sealed at \(closed.seal.prefix(16))…"
        chainHead = closed.seal
      }
      try options.report("closed period '\(ledger.state.periods[id]?.name ?? name)'\(seal)", outcome, seal: chainHead)
    }
  }

  struct Reopen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "reopen", abstract: "Reopen a closed period, saying why.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The closed period.") var name: String
    @Option(help: "Why the closed period is opened again (kept in its history; required).") var reason: String

    func run() async throws {
      let ledger = try await options.openExisting()
      let id = try NameResolver(state: ledger.state).period(name)
      let outcome = try await options.execute(.reopenPeriod(id, reason: reason), on: ledger)
      try options.report("reopened period '\(ledger.state.periods[id]?.name ?? name)'", outcome)
    }
  }

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List periods.")
    @OptionGroup var options: LedgerOptions

    func run() async throws {
      let ledger = try await options.openExisting()
      // The periods' own streams, not the whole history: a big ledger lists at once.
      let periods = try userFacing { try ledger.state(ofStreamsOf: [PeriodID.self]) }.periods
        .sorted { $0.value.start < $1.value.start }
      if options.json {
        try Console.json(
          periods.map { Wire.Period(id: $0.key, record: $0.value) })
        return
      }
      var table = Table([("PERIOD", .left), ("START", .left), ("END", .left), ("STATUS", .left)])
      for (_, p) in periods {
        table.add([p.name, p.start.description, p.end?.description ?? "ongoing", p.isClosed ? "closed" : "open"])
      }
      print(table.render())
    }
  }
}
