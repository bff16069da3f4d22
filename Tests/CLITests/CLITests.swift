import Foundation
import Ledger
import LedgerDomain
import LedgerTesting
import Testing

/// End to end: the real `budget` binary on a temporary ledger, with "today" fixed.
@Suite("budget CLI")
struct CLITests {
  let directory = TemporaryDirectory()
  let budget: BinaryRunner

  init() throws {
    budget = try BinaryRunner(
      "budget",
      environment: [
        "BUDGET_LEDGER": directory.file("cli.ledger"), "BUDGET_TODAY": "2024-03-31", "BUDGET_ACTOR": "tester",
      ])
  }

  @discardableResult
  func ok(_ arguments: String...) throws -> String {
    let output = try budget.run(arguments)
    #expect(output.status == 0, "budget \(arguments.joined(separator: " ")) failed: \(output.stderr)")
    return output.stdout
  }

  func setUp() throws {
    try ok("init", "--name", "Home", "--currency", "EUR")
    try ok("account", "open", "Checking", "--opening", "1000", "--date", "2024-01-01")
  }

  @Test("given a new ledger, when transactions are added, then tx list shows them newest first with running balances")
  func addAndList() throws {
    try setUp()
    try ok("tx", "add", "42.50", "--name", "Market", "--category", "Food", "--date", "2024-03-10")
    try ok("tx", "add", "3000", "--name", "Salary", "--category", "Income", "--type", "income", "--date", "2024-03-01")

    let list = try ok("tx", "list")
    let lines = list.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(lines[1].contains("Market") && lines[1].contains("-42.50") && lines[1].hasSuffix("3,957.50"))
    #expect(lines[2].contains("Salary") && lines[2].hasSuffix("4,000.00"))
  }

  @Test("given a typo in a category, when adding, then exit 1, a did-you-mean message, and nothing recorded")
  func userErrors() throws {
    try setUp()
    let before = try ok("log", "--json")

    let output = try budget.run(["tx", "add", "5", "--name", "X", "--category", "Fod"])

    #expect(output.status == 1)
    #expect(output.stderr == "error: category 'Fod' not found — did you mean 'Food'?\n")
    #expect(try ok("log", "--json") == before)
  }

  @Test("given bad usage, when run, then exit 2 with usage help; an amount with a sign is a user error")
  func exitCodes() throws {
    try setUp()
    #expect(try budget.run(["tx", "add", "5"]).status == 2)
    #expect(try budget.run(["tx", "frobnicate"]).status == 2)
    let signed = try budget.run(["tx", "add", "--name", "X", "--category", "Food", "--", "-5"])
    #expect(signed.status == 1)
    #expect(signed.stderr.contains("must be more than zero"))
    let future = try budget.run(["tx", "add", "5", "--name", "X", "--category", "Food", "--date", "2024-04-01"])
    #expect(future.status == 1 && future.stderr.contains("is in the future"))
  }

  @Test("given a date or month that does not exist, when run, then exit 2 with the reason, and nothing recorded")
  func badDatesSayWhy() throws {
    try setUp()
    let before = try ok("log", "--json")
    let cases: [([String], String)] = [
      (["tx", "add", "5", "--name", "X", "--category", "Food", "--date", "2024-02-30"], "February 2024 has 29 days"),
      (["tx", "add", "5", "--name", "X", "--category", "Food", "--date", "2024-3-1"], "not in the form YYYY-MM-DD"),
      (["budget", "set", "Food", "100", "--month", "2024-13"], "months run from 1 to 12"),
      (["report", "budget-vs-actual", "--month", "march"], "not in the form YYYY-MM"),
      (["report", "balances", "--as-of", "2024-04-31"], "April 2024 has 30 days"),
      (["period", "open", "Trip", "--start", "2024-00-01"], "months run from 1 to 12"),
    ]
    for (arguments, reason) in cases {
      let output = try budget.run(arguments)
      #expect(output.status == 2, "budget \(arguments.joined(separator: " "))")
      #expect(output.stderr.contains(reason), "budget \(arguments.joined(separator: " ")): \(output.stderr)")
    }
    #expect(try ok("log", "--json") == before)
  }

  @Test(
    "given a negative amount where a positive one goes, when run, then exit 2 with a hint to write it unsigned, and nothing recorded; a negative option value still parses"
  )
  func negativeAmountsGetAHint() throws {
    try setUp()
    let before = try ok("log", "--json")
    for arguments in [
      ["tx", "add", "-5", "--name", "X", "--category", "Food"], ["tx", "add", "-12.50", "--json", "--name", "X"],
      ["transfer", "-20", "--from", "Checking", "--to", "Savings"],
    ] {
      let output = try budget.run(arguments)
      #expect(output.status == 2, "budget \(arguments.joined(separator: " "))")
      #expect(
        output.stderr.contains("hint: '\(arguments[arguments[0] == "tx" ? 2 : 1])' was read as options"),
        "\(output.stderr)")
    }
    #expect(try ok("log", "--json") == before)
    // An option's negative value is not mistaken for an amount.
    let opened = try budget.run(["account", "open", "Card", "--opening", "-250.00", "--date", "2024-01-01"])
    #expect(opened.status == 0 && !opened.stderr.contains("hint:"), "\(opened.stderr)")
  }

  @Test(
    "given a bulk load in another live process (this test) that deferred the read models, when a report runs, then it notes why its answers are older and leaves them to that process"
  )
  func reportsNoteADeferredImport() async throws {
    try setUp()
    do {
      let ledger = try await Ledger(
        path: directory.file("cli.ledger"), options: Ledger.Options(today: { day("2024-03-31") }))
      let account = try #require(ledger.state.accounts.keys.first)
      let food = try ledger.state.category(named: "Food").id
      let commands = (1...3 as ClosedRange<UInt64>).map { index in
        BatchCommand(
          .addTransaction(
            TransactionAdded(
              transaction: TransactionID(raw: .random()), account: account, date: day("2024-03-1\(index)"),
              amount: eur("\(index).00"), type: .expense, category: food, name: "Deferred \(index)")))
      }
      let results = try await ledger.execute(batch: commands, projecting: .deferred)
      #expect(results.allSatisfy { (try? $0.get()) != nil })
    }  // closed: the CLI opens the file next, as another process would
    let report = try budget.run(["report", "balances"])
    #expect(report.status == 0, "\(report.stderr)")
    #expect(report.stderr.contains("note: an import in another process is adding 3 events"), "\(report.stderr)")
    #expect(report.stdout.contains("1,000.00"), "as of before the load: \(report.stdout)")
  }

  @Test("given no ledger, when a command needs one, then it says how to create it and creates nothing")
  func missingLedger() throws {
    let output = try budget.run(["tx", "list"])
    #expect(output.status == 1)
    #expect(output.stderr.contains("budget init"))
    #expect(!FileManager.default.fileExists(atPath: directory.file("cli.ledger")))
  }

  @Test("given a ledger, when --json is asked, then the shapes are stable and parse")
  func jsonShapes() throws {
    try setUp()
    let added =
      try JSONSerialization.jsonObject(
        with: Data(try ok("tx", "add", "10", "--name", "Bus", "--category", "Transport", "--json").utf8))
      as? [String: Any]
    #expect(added?["events"] as? [String] == ["TransactionAdded"])
    #expect((added?["id"] as? String)?.count == 36)
    let list = try JSONSerialization.jsonObject(with: Data(try ok("tx", "list", "--json").utf8)) as? [String: Any]
    let rows = list?["rows"] as? [[String: Any]]
    #expect(rows?.first?["balance"] as? String == "990.00")
    #expect(rows?.first?["category"] as? String == "Transport")
    let accounts =
      try JSONSerialization.jsonObject(with: Data(try ok("account", "list", "--json").utf8)) as? [[String: Any]]
    #expect(accounts?.first?["balance"] as? String == "990.00")
  }

  @Test("given a closed period, when a transaction in it is added, then the error names the period and how to reopen")
  func closedPeriod() throws {
    try setUp()
    try ok("period", "open", "February", "--start", "2024-02-01", "--end", "2024-02-29")
    let verified = try ok("verify")  // names the chain head
    let closed = try JSONSerialization.jsonObject(with: Data(try ok("period", "close", "February", "--json").utf8))
      as? [String: Any]
    // The seal is the chain head the period was closed at.
    let seal = try #require(closed?["seal"] as? String, "\(String(describing: closed))")
    #expect(seal.count == 64 && verified.contains("chain head \(seal)"), "\(seal) \(verified)")
    let output = try budget.run(["tx", "add", "5", "--name", "Late", "--category", "Food", "--date", "2024-02-10"])
    #expect(output.status == 1)
    #expect(
      output.stderr.contains("closed period 'February'") && output.stderr.contains("budget period reopen 'February'"))
    try ok("period", "reopen", "February", "--reason", "late receipt")
    try ok("tx", "add", "5", "--name", "Late", "--category", "Food", "--date", "2024-02-10")
  }

  @Test("given edits, when asked as known at an earlier position, then balances are as they were")
  func timeTravel() throws {
    try setUp()
    let id =
      try JSONSerialization.jsonObject(
        with: Data(
          try ok("tx", "add", "100", "--name", "TV", "--category", "Shopping", "--date", "2024-03-05", "--json").utf8))
      as? [String: Any]
    let position = ((id?["positions"] as? [Int])?.last)!
    try ok("tx", "amend", String((id?["id"] as! String).suffix(8)), "--amount", "80")

    #expect(try ok("report", "balances").contains("920.00"))
    let before = try ok("report", "balances", "--as-known-at", String(position))
    #expect(before.contains("900.00"))
    #expect(before.contains("as known at position \(position)"))
    #expect(try ok("report", "balances", "--as-of", "2024-03-04").contains("1,000.00"))
  }

  @Test(
    "given an import of 100 rows of the largest amount, when their sum would pass what the ledger can add up, then the rows past it are rejected saying why and every balance stays right"
  )
  func sumsThatWouldWrapAreRejected() throws {
    try setUp()
    let csv = directory.file("big.csv")
    let rows = (1...100).map {
      "2024-03-\(String(format: "%02d", $0 % 28 + 1)),9999999999999.99,Windfall \($0),Income"
    }
    try (["date,amount,payee,category"] + rows).joined(separator: "\n").write(
      toFile: csv, atomically: true, encoding: .utf8)

    // Every row is income: the file says so, or its amounts would be taken for unsigned ones.
    let output = try budget.run(["import", "csv", csv, "--account", "Checking", "--all-income"])
    #expect(
      output.stdout.contains("added 92") && output.stdout.contains("rejected 8"), "\(output.stdout)\(output.stderr)")
    #expect((output.stdout + output.stderr).contains("922,337,203,685,477.5807"), "\(output.stdout)\(output.stderr)")
    // 92 × 9,999,999,999,999.99 + the opening 1,000.00, not a sum wrapped negative.
    #expect(try ok("report", "balances").contains("920,000,000,000,999.08"))
  }

  @Test(
    "given 46 rows of the largest amount imported as day-month-year, when imported again as month-day-year with one row more, then the 46 are skipped before the rules count them, and the new row is added"
  )
  func recordedRowsAreNotCounted() throws {
    try setUp()
    let rows = (1...46).map { "01/02/2024,9999999999999.99,Windfall \($0),Income" }
    let first = directory.file("first.csv"), again = directory.file("again.csv")
    try (["date,amount,payee,category"] + rows).joined(separator: "\n").write(
      toFile: first, atomically: true, encoding: .utf8)
    try (["date,amount,payee,category"] + rows + ["03/04/2024,9999999999999.99,Windfall 47,Income"]).joined(
      separator: "\n"
    ).write(
      toFile: again, atomically: true, encoding: .utf8)

    let imported = try budget.run([
      "import", "csv", first, "--account", "Checking", "--date-format", "dmy", "--all-income",
    ])
    let reimported = try budget.run([
      "import", "csv", again, "--account", "Checking", "--date-format", "mdy", "--all-income",
    ])

    #expect(imported.stdout.contains("added 46"), "\(imported.stdout)\(imported.stderr)")
    // Counted again, the 46 would bring the sums past what the ledger can add up, refusing the
    // new row: a command's key is looked up before its rules run.
    #expect(
      reimported.stdout.contains("added 1, skipped 46 already imported, rejected 0"),
      "\(reimported.stdout)\(reimported.stderr)")
  }

  @Test(
    "given transactions in February and March, when the log and the cash flow are asked as of a February day, then they end on that day and in February"
  )
  func asOfEndsTheLogAndTheCashflow() throws {
    try setUp()
    try ok("tx", "add", "100", "--name", "TV", "--category", "Shopping", "--date", "2024-02-05")
    try ok("tx", "add", "30", "--name", "Lunch", "--category", "Food", "--date", "2024-02-20")
    try ok("tx", "add", "7", "--name", "Bakery", "--category", "Food", "--date", "2024-03-02")

    let log = try ok("tx", "list", "--as-of", "2024-02-10")
    #expect(log.contains("TV") && !log.contains("Lunch") && !log.contains("Bakery"), "\(log)")
    #expect(log.contains("900.00"))  // the balance after the TV, that day
    let all = try ok("tx", "list")
    #expect(all.contains("Lunch") && all.contains("Bakery") && all.contains("863.00"))
    let food = try ok("tx", "list", "--category", "Food", "--as-of", "2024-02-29")
    #expect(food.contains("Lunch") && !food.contains("Bakery"), "\(food)")

    let cashflow = try ok("report", "cashflow", "--as-of", "2024-02-29")
    #expect(cashflow.contains("February") && !cashflow.contains("March"), "\(cashflow)")
    #expect(try ok("report", "cashflow", "--year", "2024").contains("March"))
    #expect(!(try ok("report", "cashflow", "--year", "2024", "--as-of", "2023-12-31")).contains("February"))
  }

  @Test("given a ledger, when verify runs, then chain, seals and projections pass; the audit log names the actor")
  func verifyAndAudit() throws {
    try setUp()
    try ok("period", "open", "Q1", "--start", "2024-01-01", "--end", "2024-03-31")
    try ok("period", "close", "Q1")
    #expect(try ok("verify").hasPrefix("ok: "))
    let log = try ok("log", "-l", "2")
    #expect(log.contains("PeriodClosed") && log.contains("tester"))
    #expect(try ok("projections", "status").contains("running-balances"))
  }
}
