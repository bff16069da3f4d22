import ArgumentParser
import Ledger
import LedgerDomain
import LedgerWire
import QueryResults

/// `budget report ...`: the read models, on both time axes.
struct ReportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report", abstract: "Reports, as of any date and as known at any point of the log.",
    subcommands: [
      BudgetVsActualReport.self, CategoriesReport.self, Balances.self, CashflowReport.self, ForecastReport.self,
    ])

  struct Balances: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "balances", abstract: "Account balances at the end of a date.")
    @OptionGroup var options: LedgerOptions
    @OptionGroup var time: TimeOptions

    func run() async throws {
      let ledger = try await options.openExisting()
      let date = time.asOf ?? LedgerOptions.today()
      let answer = try userFacing { try ledger.balances(on: date, at: try time.point()) }
      if options.json {
        return try Console.json(Wire.Balances(date: date, answer: answer))
      }
      var table = Table([("ACCOUNT", .left), ("BALANCE", .right), ("", .left)])
      var totals: [String: Money] = [:]
      for row in answer.value {
        table.add([row.name, show(row.balance, color: true), row.balance.currency.code])
        let code = row.balance.currency.code
        totals[code] = (try? (totals[code] ?? .zero(row.balance.currency)).adding(row.balance)) ?? totals[code]
      }
      for (code, total) in totals.sorted(by: { $0.key < $1.key }) {
        table.add(["Total", show(total, color: true), code])
      }
      print("Balances on \(date)")
      print(table.render())
      time.footer(answer.position, recordedAt: answer.recordedAt)
    }
  }
}
