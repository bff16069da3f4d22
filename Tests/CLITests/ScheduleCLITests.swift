import Foundation
import LedgerTesting
import Synchronization
import Testing

/// End to end through the real binary: schedules, their occurrences, autopay posting exactly
/// once (two processes at a time, and kill -9 mid-post), matching an imported statement, the
/// forecast's JSON, and refusals that change nothing.
@Suite("budget CLI: schedules, bills and forecast")
struct ScheduleCLITests {
  let directory = TemporaryDirectory()
  let budget: BinaryRunner

  init() throws {
    budget = try BinaryRunner(
      "budget", environment: ["BUDGET_LEDGER": directory.file("bills.ledger"), "BUDGET_TODAY": "2026-11-27"])
  }

  @discardableResult
  func ok(_ arguments: String...) throws -> String {
    let output = try budget.run(arguments)
    #expect(output.status == 0, "budget \(arguments.joined(separator: " ")) failed: \(output.stderr)")
    return output.stdout
  }

  func json(_ arguments: String...) throws -> Any {
    let output = try budget.run(arguments + ["--json"])
    #expect(output.status == 0, "\(arguments): \(output.stderr)")
    return try JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
  }

  /// A ledger with Checking (3,000.00 from 2026-01-01) and Savings.
  func setUp() throws {
    try ok("init", "--currency", "EUR")
    try ok("account", "open", "Checking", "--opening", "3000", "--date", "2026-01-01")
    try ok("account", "open", "Savings", "--type", "savings", "--date", "2026-01-01")
  }

  @Test(
    "given a bill on the 31st with weekends moved after, when its occurrences are asked as JSON, then clamped and shifted, in date order"
  )
  func occurrencesJSON() throws {
    try setUp()
    try ok(
      "schedule", "add", "Power", "60", "--account", "Checking", "--category", "Bills", "--every", "month", "--day",
      "31",
      "--start", "2026-01-01", "--weekend", "after", "--estimated")
    let rows = try #require(
      try json("schedule", "occurrences", "Power", "--from", "2027-01-01", "--to", "2027-05-31") as? [[String: Any]])
    #expect(
      rows.map { $0["date"] as? String } == ["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"])
    // 2027-01-31 is a Sunday, 2027-02-28 a Sunday: due on the Mondays after
    #expect(
      rows.map { $0["due"] as? String } == ["2027-02-01", "2027-03-01", "2027-03-31", "2027-04-30", "2027-05-31"])
    #expect(rows.allSatisfy { $0["status"] as? String == "upcoming" && $0["amount"] as? String == "60.00" })
  }

  @Test(
    "given autopay rent since September, when two schedule post processes run at once, then each month is posted once")
  func postExactlyOnceAcrossProcesses() throws {
    try setUp()
    try ok(
      "schedule", "add", "Rent", "950", "--category", "Bills", "--account", "Checking", "--every", "month", "--day",
      "1",
      "--start", "2026-09-01", "--autopay")
    let noted = try budget.run(["tx", "add", "3", "--name", "Tea", "--category", "Food", "--account", "Checking"])
    #expect(noted.stderr.contains("3 autopay occurrences are due and not posted; post with: budget schedule post"))

    let budget = self.budget
    let outputs = Mutex<[BinaryRunner.Output]>([])
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      if let output = try? budget.run(["schedule", "post", "--json"]) { outputs.withLock { $0.append(output) } }
    }
    let runs = outputs.withLock { $0 }
    #expect(runs.count == 2 && runs.allSatisfy { $0.status == 0 }, "\(runs.map(\.stderr))")

    let log = try #require(try json("tx", "list", "--account", "Checking") as? [String: Any])
    let names = (log["rows"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    #expect(names.filter { $0 == "Rent" }.count == 3, "\(names)")
    let again = try ok("schedule", "post")
    #expect(again.contains("nothing to post through 2026-11-27"))
    #expect(try ok("verify").hasPrefix("ok"))
  }

  @Test(
    "given autopay bills, when schedule post is killed at random moments and run again, then every occurrence is posted once"
  )
  func postSurvivesKill() throws {
    try setUp()
    for (name, start) in [
      ("Rent", "2026-06-01"), ("Gym", "2026-06-02"), ("Phone", "2026-06-03"), ("Internet", "2026-06-04"),
    ] {
      try ok(
        "schedule", "add", name, "25", "--category", "Bills", "--account", "Checking", "--every", "week", "--start",
        start, "--autopay")
    }
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<6 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: budget.path)
      process.arguments = ["schedule", "post"]
      process.environment = ProcessInfo.processInfo.environment.merging(budget.environment) { $1 }
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      usleep(UInt32.random(in: 5_000...120_000, using: &generator))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    try ok("schedule", "post")
    #expect(try ok("schedule", "post").contains("nothing to post"))
    #expect(try ok("verify", "--deep").hasPrefix("ok"))
    for name in ["Rent", "Gym", "Phone", "Internet"] {
      let rows = try #require(
        try json("schedule", "occurrences", name, "--from", "2026-06-01", "--to", "2026-11-27") as? [[String: Any]])
      #expect(!rows.isEmpty && rows.allSatisfy { $0["status"] as? String == "paid" }, "\(name): \(rows)")
      let transactions = Set(rows.compactMap { $0["transaction"] as? String })
      #expect(transactions.count == rows.count, "each occurrence has its own transaction")
    }
  }

  @Test(
    "given paid, skipped and changed schedules, when backed up and restored, then bills and occurrences read the same; and as known before the payment, it was overdue"
  )
  func backupRestoreAndTimeTravel() throws {
    try setUp()
    try ok(
      "schedule", "add", "Rent", "950", "--category", "Bills", "--account", "Checking", "--every", "month", "--day",
      "1", "--start", "2026-09-01")
    let beforePayment =
      try #require(
        try json("log", "--limit", "1") as? [[String: Any]]
      ).first?["position"] as? Int
    try ok("schedule", "pay", "Rent", "--occurrence", "2026-11-01", "--amount", "955")
    try ok("schedule", "skip", "Rent", "--occurrence", "2026-09-01", "--reason", "holiday")
    try ok("schedule", "change", "Rent", "--from", "2027-01-01", "--amount", "990")
    let bills = try ok("bills", "--json")
    let occurrences = try ok("schedule", "occurrences", "Rent", "--from", "2026-09-01", "--to", "2027-02-28", "--json")

    let backup = directory.file("bills.backup")
    try ok("backup", backup)
    let restored = directory.file("restored.ledger")
    try ok("restore", backup, "--ledger", restored)
    #expect(try ok("bills", "--json", "--ledger", restored) == bills)
    #expect(
      try ok(
        "schedule", "occurrences", "Rent", "--from", "2026-09-01", "--to", "2027-02-28", "--json", "--ledger", restored)
        == occurrences)
    #expect(try ok("verify", "--deep", "--ledger", restored).hasPrefix("ok"))

    let then = try #require(
      try json(
        "schedule", "occurrences", "Rent", "--from", "2026-11-01", "--to", "2026-11-01", "--as-known-at",
        "\(beforePayment ?? 0)") as? [[String: Any]])
    #expect(then.first?["status"] as? String == "overdue")
    let now = try #require(try JSONSerialization.jsonObject(with: Data(occurrences.utf8)) as? [[String: Any]])
    #expect(now.map { $0["status"] as? String } == ["skipped", "overdue", "paid", "upcoming", "upcoming", "upcoming"])
    #expect(now.map { $0["amount"] as? String } == ["950.00", "950.00", "955.00", "950.00", "990.00", "990.00"])
  }

  @Test("given an autopay bill due since October, when budget serve starts, then it posts both months and says so")
  func servePostsAtStart() throws {
    try setUp()
    try ok(
      "schedule", "add", "Netflix", "12", "--category", "Entertainment", "--account", "Checking", "--every", "month",
      "--day", "5", "--start", "2026-10-01", "--autopay")
    let server = Process()
    server.executableURL = URL(fileURLWithPath: budget.path)
    server.arguments = ["serve", "--port", "0"]
    server.environment = ProcessInfo.processInfo.environment.merging(budget.environment) { $1 }
    let errors = Pipe()
    server.standardOutput = FileHandle.nullDevice
    server.standardError = errors
    try server.run()
    var statuses: [String?] = []
    for _ in 0..<100 {
      let rows =
        try json("schedule", "occurrences", "Netflix", "--from", "2026-10-01", "--to", "2026-11-30") as? [[String: Any]]
      statuses = (rows ?? []).map { $0["status"] as? String }
      if statuses == ["paid", "paid"] { break }
      usleep(100_000)
    }
    server.terminate()
    server.waitUntilExit()
    #expect(statuses == ["paid", "paid"])
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(said.contains("budget serve: posted 'Netflix' of 2026-10-05 (autopay)"), "\(said)")
  }

  @Test(
    "given rent and an estimated power bill, when the bank statement is imported, then the right occurrences are paid and nothing is doubled"
  )
  func importMatchesBills() throws {
    try setUp()
    try ok(
      "schedule", "add", "Rent", "950", "--category", "Bills", "--every", "month", "--day", "1", "--start",
      "2026-10-01", "--account", "Checking")
    try ok(
      "schedule", "add", "Power", "60", "--category", "Bills", "--every", "month", "--day", "20", "--start",
      "2026-10-01", "--estimated", "--payee", "Stadtwerke", "--account", "Checking")
    let csv = directory.file("statement.csv")
    try Data(
      """
      date,amount,payee,category
      2026-10-21,-62.10,STADTWERKE MUENCHEN,Bills
      2026-11-19,-58.00,Stadtwerke Muenchen,Bills
      2026-11-02,-950.00,Rent November,Bills
      2026-10-01,-950.00,Rent Oct,Bills
      2026-10-02,-950.00,Rent again,Bills
      2026-11-05,-80.00,Stadtwerke extra,Bills

      """.utf8
    ).write(to: URL(fileURLWithPath: csv))
    let imported = try budget.run(["import", "csv", csv, "--account", "Checking"])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stderr.contains("possible payment of 'Rent' of 2026-10-01"))
    let bills = try #require(try json("bills") as? [String: Any])
    let overdue = (bills["overdue"] as? [[String: Any]] ?? []).map { "\($0["name"] ?? "") \($0["date"] ?? "")" }
    #expect(overdue == ["Rent 2026-10-01"], "two October rents fit: the user decides")
    let suggested = try #require(try json("bills", "--suggest") as? [String: Any])
    let pairs = (suggested["suggestions"] as? [[String: Any]] ?? []).map {
      "\(($0["occurrence"] as? [String: Any])?["date"] ?? "") \($0["name"] ?? "")"
    }
    #expect(Set(pairs) == ["2026-10-01 Rent Oct", "2026-10-01 Rent again"], "\(pairs)")
    #expect(try ok("bills", "--suggest").contains("budget schedule pay Rent --occurrence 2026-10-01 --transaction"))
    let power = try #require(
      try json("schedule", "occurrences", "Power", "--from", "2026-10-01", "--to", "2026-11-30") as? [[String: Any]])
    #expect(power.map { $0["status"] as? String } == ["paid", "paid"])
    #expect(power.map { $0["amount"] as? String } == ["62.10", "58.00"], "paid at what the bank took")
    let list = try #require(try json("tx", "list", "--account", "Checking") as? [String: Any])
    let rows = (list["rows"] as? [[String: Any]] ?? []).filter { ($0["kind"] as? String) != "opening" }
    #expect(rows.count == 6, "no transaction was added for a matched bill: \(rows)")
  }

  @Test(
    "given a bill and a category due date in December, when the budget sheet is shown, then both due dates are on it")
  func sheetShowsBillsDueDates() throws {
    try setUp()
    try ok("budget", "due", "Food", "2026-12-20")
    try ok(
      "schedule", "add", "Rent", "950", "--category", "Bills", "--account", "Checking", "--every", "month", "--day",
      "1",
      "--start", "2026-12-01")
    try ok(
      "schedule", "add", "Gym", "30", "--category", "Sport", "--account", "Checking", "--every", "month", "--day", "3",
      "--start", "2026-12-01")
    try ok("schedule", "skip", "Gym", "--occurrence", "2026-12-03")
    let sheet = try #require(try json("budget", "show", "--month", "2026-12") as? [String: Any])
    let due = (sheet["dueDates"] as? [[String: String]] ?? []).map { "\($0["category"] ?? "") \($0["date"] ?? "")" }
    #expect(due == ["Rent 2026-12-01", "Food 2026-12-20"], "a skipped occurrence is not due")
  }

  @Test("given salary and rent, when the forecast is asked as JSON, then each month end and the lowest day are exact")
  func forecastJSON() throws {
    try setUp()
    try ok(
      "schedule", "add", "Rent", "950", "--category", "Bills", "--every", "month", "--day", "1", "--start",
      "2026-12-01", "--account", "Checking")
    try ok(
      "schedule", "add", "Salary", "2000", "--type", "income", "--category", "Income", "--every", "month", "--day",
      "last", "--start", "2026-12-01", "--account", "Checking")
    try ok(
      "schedule", "add", "Saving", "500", "--account", "Checking", "--to", "Savings", "--every", "month", "--day", "2",
      "--start", "2026-12-01")
    let forecast = try #require(try json("report", "forecast", "--months", "3") as? [String: Any])
    let accounts = try #require(forecast["accounts"] as? [[String: Any]])
    let checking = try #require(accounts.first { $0["account"] as? String == "Checking" })
    #expect(checking["currency"] as? String == "EUR")
    let months = (checking["months"] as? [[String: Any]] ?? []).map { "\($0["month"] ?? "") \($0["balance"] ?? "")" }
    // 3,000 − 950 − 500 + 2,000 each month from December
    #expect(months == ["2026-11 3000.00", "2026-12 3550.00", "2027-01 4100.00"])
    let lowest = try #require(checking["lowest"] as? [String: Any])
    #expect(lowest["date"] as? String == "2026-12-02" && lowest["balance"] as? String == "1550.00")
    let savings = try #require(accounts.first { $0["account"] as? String == "Savings" })
    #expect((savings["months"] as? [[String: Any]])?.last?["balance"] as? String == "1000.00")
  }

  @Test(
    "given 450 of Food budgeted in November and 100 spent, when forecast --with-budgets, then the 350 left leaves Checking by the month's end, in whole cents"
  )
  func forecastWithBudgets() throws {
    try setUp()
    try ok("budget", "set", "Food", "450", "--month", "2026-11")
    try ok(
      "tx", "add", "100", "--name", "Market", "--category", "Food", "--account", "Checking", "--date", "2026-11-10")
    func novemberEnd(_ extra: String...) throws -> String? {
      let forecast = try #require(
        try json(["report", "forecast", "--months", "2", "--account", "Checking"] + extra) as? [String: Any])
      let checking = (forecast["accounts"] as? [[String: Any]])?.first
      return (checking?["months"] as? [[String: Any]])?.first?["balance"] as? String
    }
    func json(_ arguments: [String]) throws -> Any {
      try JSONSerialization.jsonObject(with: Data(try budget.run(arguments + ["--json"]).stdout.utf8))
    }
    #expect(try novemberEnd() == "2900.00")
    #expect(try novemberEnd("--with-budgets") == "2550.00")
    let forecast = try #require(
      try json(["report", "forecast", "--months", "1", "--with-budgets", "--budget-account", "Checking"])
        as? [String: Any])
    let days =
      ((forecast["accounts"] as? [[String: Any]])?.first { $0["account"] as? String == "Checking" }?["days"]
      as? [[String: Any]] ?? []).map { "\($0["date"] ?? "") \($0["balance"] ?? "")" }
    // 350.00 over the 28th, 29th and 30th: 116.67, 116.67, 116.66
    #expect(days == ["2026-11-28 2783.33", "2026-11-29 2666.66", "2026-11-30 2550.00"])
  }

  @Test(
    "given a monthly saving and the transfer made for October, when paid with --transfer, then the occurrence is paid by it; a transfer the other way is refused"
  )
  func payWithATransfer() throws {
    try setUp()
    try ok(
      "schedule", "add", "Saving", "250", "--account", "Checking", "--to", "Savings", "--every", "month", "--day", "2",
      "--start", "2026-10-01")
    let made = try #require(
      try json("transfer", "250", "--from", "Checking", "--to", "Savings", "--date", "2026-10-02") as? [String: Any])
    let id = try #require(made["id"] as? String)
    let back = try #require(
      try json("transfer", "250", "--from", "Savings", "--to", "Checking", "--date", "2026-10-03") as? [String: Any])
    let wrong = try budget.run([
      "schedule", "pay", "Saving", "--occurrence", "2026-11-02", "--transfer",
      String((back["id"] as? String ?? "").suffix(8)),
    ])
    #expect(
      wrong.status == 1 && wrong.stderr.contains("does not go between the accounts of 'Saving'"), "\(wrong.stderr)")
    try ok("schedule", "pay", "Saving", "--occurrence", "2026-10-02", "--transfer", String(id.suffix(8)))
    let rows = try #require(
      try json("schedule", "occurrences", "Saving", "--from", "2026-10-01", "--to", "2026-11-30") as? [[String: Any]])
    #expect(rows.map { $0["status"] as? String } == ["paid", "overdue"])
    #expect(rows.first?["transfer"] as? String == id)
  }

  @Test("given bad schedules, when added, then each is refused with a clear error and nothing is recorded")
  func refusalsChangeNothing() throws {
    try setUp()
    let before = try ok("log", "--json")
    let cases: [([String], String)] = [
      (["--every", "month", "--day", "31", "--start", "2026-03-01", "--end", "2026-03-15"], "never occurs"),
      (["--every", "month", "--start", "2026-03-01", "--end", "2026-01-01"], "before the start"),
      (["--every", "fortnight"], "is not a unit"),
      (["--every", "month", "--weekday", "ninth-tuesday"], "is not a weekday of the month"),
    ]
    for (options, message) in cases {
      let output = try budget.run(
        ["schedule", "add", "Rent", "950", "--category", "Bills", "--account", "Checking"] + options)
      #expect(output.status != 0 && output.stderr.contains(message), "\(options): \(output.stderr)")
    }
    let closed = try budget.run([
      "schedule", "add", "Rent", "950", "--category", "Bils", "--account", "Checking", "--every", "month",
    ])
    #expect(closed.stderr.contains("did you mean 'Bills'?"), "\(closed.stderr)")
    #expect(try ok("log", "--json") == before)
    let capped = try budget.run(["schedule", "post", "--through", "2031-01-01"])
    #expect(capped.status == 0 && capped.stderr.contains("is after today; posted through today (2026-11-27)"))
  }

  @Test(
    "given Rent paid in October and skipped in November, when each is taken back, ended and deleted, then the log says so"
  )
  func unpayUnskipEndAndDelete() throws {
    try setUp()
    try ok(
      "schedule", "add", "Rent", "950", "--account", "Checking", "--category", "Bills", "--every", "month", "--day",
      "1", "--start", "2026-09-01")
    try ok("schedule", "pay", "Rent", "--occurrence", "2026-10-01")
    try ok("schedule", "skip", "Rent", "--occurrence", "2026-11-01")
    // When October is unpaid and November unskipped: each once, the second time refused
    #expect(
      try ok("schedule", "unpay", "Rent", "--occurrence", "2026-10-01").contains(
        "unlinked the payment of 'Rent' of 2026-10-01"))
    let again = try budget.run(["schedule", "unpay", "Rent", "--occurrence", "2026-10-01"])
    #expect(again.status == 1 && again.stderr.contains("'Rent' of 2026-10-01 is not paid"), "\(again.stderr)")
    #expect(try ok("schedule", "unskip", "Rent", "--occurrence", "2026-11-01").contains("is no longer skipped"))
    let unskipped = try budget.run(["schedule", "unskip", "Rent", "--occurrence", "2026-11-01"])
    #expect(unskipped.status == 1 && unskipped.stderr.contains("is not skipped"), "\(unskipped.stderr)")
    // Then both are open again in the occurrences
    let rows = try #require(
      try json("schedule", "occurrences", "Rent", "--from", "2026-10-01", "--to", "2026-11-30") as? [[String: Any]])
    #expect(rows.compactMap { $0["status"] as? String }.allSatisfy { $0 != "paid" && $0 != "skipped" }, "\(rows)")
    // When it is ended after December, then the list says so; when deleted, then it is gone
    try ok("schedule", "end", "Rent", "--after", "2026-12-31")
    let listed = try #require(try json("schedule", "list") as? [[String: Any]])
    #expect(listed.first?["endedAfter"] as? String == "2026-12-31")
    #expect(try ok("schedule", "delete", "Rent", "--reason", "moved out").contains("deleted schedule 'Rent'"))
    #expect((try json("schedule", "list") as? [Any])?.isEmpty == true)
    #expect(try ok("history", "schedule", "Rent").contains("ScheduleDeleted"), "a deleted schedule's history is kept")
    let gone = try budget.run(["schedule", "pay", "Rent", "--occurrence", "2026-12-01"])
    #expect(gone.status == 1 && gone.stderr.contains("schedule 'Rent' not found"), "\(gone.stderr)")
  }
}
