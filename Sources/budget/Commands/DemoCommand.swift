import ArgumentParser
import Ledger
import LedgerDomain

/// `budget demo`: a realistic sample ledger to try every command on.
struct DemoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo", abstract: "Create a sample ledger (three months, every feature) and show it.")
  @OptionGroup var options: LedgerOptions

  func run() async throws {
    let ledger = try await options.open()
    if ledger.settings != nil {
      Console.note("the ledger at \(ledger.path) already exists; showing it")
    } else {
      try await userFacing { try await ledger.createDemo(today: LedgerOptions.today(), metadata: options.metadata) }
    }
    let path = try options.resolvedPath()
    if options.json {
      return try Console.json(DemoJSON(ledger: path, events: ledger.position))
    }
    // The three sheets of seed 001, as the commands print them.
    print(Console.paint("Sheet 1 — Budget", .bold))
    let sheet = try BudgetShowCommand.parse(["--ledger", path])
    try await sheet.run()
    print("")
    print(Console.paint("Sheet 2 — Transactions", .bold))
    let transactions = try TransactionCommand.List.parse(["--ledger", path, "--limit", "10"])
    try await transactions.run()
    print("")
    print(Console.paint("Sheet 3 — Analysis", .bold))
    let analysis = try BudgetVsActualReport.parse(["--ledger", path])
    try await analysis.run()
    print("")
    print("ledger: \(path)")
    print(
      "try: budget tx search market · budget report balances --as-of \(LedgerOptions.today().yearMonth.firstDay) · budget log · budget history category Food · budget verify"
    )
  }
}

/// `budget demo --json`: where the sample ledger is and how many events it holds.
struct DemoJSON: Encodable {
  var ledger: String
  var events: UInt64
}
