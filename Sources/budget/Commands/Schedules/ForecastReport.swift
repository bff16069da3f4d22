import ArgumentParser
import Ledger
import LedgerDomain
import LedgerWire
import QueryResults

/// `budget report forecast`: each account's projected balance from its schedules.
struct ForecastReport: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "forecast",
    abstract:
      "Each account's projected balance at each month end from today's balance and every open scheduled occurrence.")
  @OptionGroup var options: LedgerOptions
  @OptionGroup var time: TimeOptions
  @Option(help: "How many month ends, this month's first (default 12).") var months: Int = 12
  @Option(help: "Only this account.") var account: String?
  @Flag(help: "Also spend the unspent part of this month's variable budgets, spread over the days left.")
  var withBudgets = false
  @Option(
    help:
      "With --with-budgets: the account that spending comes from (default: --account, else the only open account, else Checking)."
  )
  var budgetAccount: String?

  func validate() throws {
    if !(1...120).contains(months) { throw ValidationError("--months \(months) is outside 1–120") }
    if budgetAccount != nil, !withBudgets { throw ValidationError("--budget-account goes with --with-budgets") }
  }

  func run() async throws {
    let ledger = try await options.openExisting()
    let resolve = NameResolver(ledger: ledger)
    let accountID = try account.map { try resolve.account($0).id }
    var budgetsFrom: AccountID?
    if withBudgets {
      if let named = budgetAccount ?? account {
        budgetsFrom = try resolve.account(named).id
      } else {
        budgetsFrom = try (try? resolve.account(nil).id) ?? resolve.account("Checking").id
      }
    }
    let answer = try userFacing {
      try ledger.forecast(
        months: months, account: accountID, budgetsFrom: budgetsFrom, asOf: time.asOf, at: try time.point())
    }
    let forecast = answer.value
    if options.json { return try Console.json(Wire.Forecast(forecast, position: answer.position)) }
    print(
      "Forecast from \(forecast.today) through \(forecast.through) — a projection from the schedules, not a promise")
    for account in forecast.accounts {
      print("")
      print(
        "\(account.name) (\(account.currency.code)): today \(show(account.start)); lowest \(show(account.lowest.balance, color: true)) on \(account.lowest.date)"
      )
      var table = Table([("MONTH END", .left), ("BALANCE", .right)])
      for month in account.months { table.add([month.month.lastDay.description, show(month.balance, color: true)]) }
      print(table.render())
    }
  }
}
