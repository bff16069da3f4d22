import ArgumentParser
import EventLog
import Ledger
import LedgerDomain
import ProjectionEngine
import RunningBalances

/// `budget demo`: a realistic sample ledger to try every command on.
struct DemoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo", abstract: "Create a sample ledger (three months, every feature) and show it.")
  @OptionGroup var options: LedgerOptions

  func run() async throws {
    let ledger = try await options.open()
    if ledger.state.settings != nil {
      Console.note("the ledger at \(ledger.log.path) already exists; showing it")
    } else {
      try await DemoData(options: options, ledger: ledger, today: LedgerOptions.today()).create()
    }
    let today = LedgerOptions.today()
    let balances = try userFacing { try ledger.balances(on: today).value }
    var table = Table([("ACCOUNT", .left), ("BALANCE", .right), ("", .left)])
    for row in balances { table.add([row.name, show(row.balance, color: true), row.balance.currency.code]) }
    print("Balances on \(today)")
    print(table.render())
    print("")
    print("Latest transactions (all accounts)")
    let page = try userFacing { try ledger.transactionLog(account: nil, limit: 10).value }
    var log = Table([("DATE", .left), ("NAME", .left), ("CATEGORY", .left), ("AMOUNT", .right), ("BALANCE", .right)])
    for row in page.rows {
      let described = LogRowJSON(row, state: ledger.state)
      log.add([row.date.description, described.name, described.category, show(row.amount, color: true), show(row.balance, color: true)])
    }
    print(log.render())
    print("")
    print("ledger: \(ledger.log.path) — try: budget tx list, budget report balances --as-of \(today.yearMonth.firstDay), budget log")
  }
}
