import ArgumentParser
import Ledger
import LedgerDomain

extension DebtCommand {
  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "Every debt: what is owed, its rate and minimum.")
    @OptionGroup var options: LedgerOptions
    @Option(help: "What was owed at the end of this date (default: today).", transform: dateArgument) var asOf:
      CivilDate?

    func run() async throws {
      let ledger = try await options.openExisting()
      let debts = try userFacing { try ledger.debts(on: asOf ?? LedgerOptions.today()) }
      if options.json {
        try Console.json(debts.map(DebtReport.init))
        return
      }
      guard !debts.isEmpty else {
        print("no debts; add one with: budget debt add NAME --account A --apr 19.99 --minimum 50")
        return
      }
      var table = Table([
        ("DEBT", .left), ("KIND", .left), ("ACCOUNT", .left), ("OWED", .right), ("APR", .right), ("MINIMUM", .right),
      ])
      for debt in debts {
        table.add([
          debt.name, debt.kind.rawValue, debt.accountName, show(debt.owed), "\(debt.terms.apr) %",
          show(debt.terms.minimum),
        ])
      }
      print(table.render())
    }
  }

  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show", abstract: "One debt: what is owed, its terms over time.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The debt.") var name: String

    func run() async throws {
      let ledger = try await options.openExisting()
      let (id, _) = try userFacing { try ledger.state.debt(named: name) }
      guard let debt = try userFacing({ try ledger.debts(on: LedgerOptions.today()) }).first(where: { $0.id == id })
      else { throw UserError("debt '\(name)' not found") }
      if options.json {
        try Console.json(DebtReport(debt))
        return
      }
      print("\(debt.name) (\(debt.kind.rawValue)) on \(debt.accountName): owed \(show(debt.owed))")
      for (from, terms) in debt.record.terms {
        var line = "  from \(from): APR \(terms.apr) %, minimum \(show(terms.minimum))"
        if let day = terms.dueDay { line += ", due on day \(day)" }
        if let months = terms.termMonths { line += ", term \(months) months" }
        print(line)
      }
    }
  }
}
