import Foundation
import LedgerTesting
import Testing

/// Every command of the CLI at least once, with its effect checked through another command.
@Suite("budget CLI: every command")
struct EveryCommandTests {
  let directory = TemporaryDirectory()
  let budget: BinaryRunner

  init() throws {
    budget = try BinaryRunner(
      "budget",
      environment: ["BUDGET_LEDGER": directory.file("all.ledger"), "BUDGET_TODAY": "2024-03-31", "BUDGET_ACTOR": "ana"])
  }

  @discardableResult
  func ok(_ arguments: String...) throws -> String {
    let output = try budget.run(arguments)
    #expect(output.status == 0, "budget \(arguments.joined(separator: " ")) failed: \(output.stderr)")
    return output.stdout
  }

  func fails(_ arguments: String..., saying text: String) throws {
    let output = try budget.run(arguments)
    #expect(output.status == 1, "budget \(arguments.joined(separator: " ")) should fail")
    #expect(output.stderr.contains(text), "budget \(arguments.joined(separator: " ")): \(output.stderr)")
  }

  func json(_ arguments: String...) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(try budget.run(arguments + ["--json"]).stdout.utf8))
  }

  @Test("accounts: open, rename, close, reopen, undo of a close, list")
  func accounts() throws {
    try ok("init", "--currency", "EUR")
    try ok("account", "open", "Checking", "--opening", "100", "--date", "2024-01-01")
    try ok("account", "open", "Card", "--type", "credit-card", "--opening", "-50", "--date", "2024-01-01")
    try fails("account", "open", "checking", saying: "already exists")
    try ok("account", "rename", "Card", "Visa")
    try fails("account", "rename", "Visa", "Visa", saying: "nothing to change")
    try fails("account", "close", "Visa", saying: "'Visa' still holds -50.00 EUR")
    try ok("account", "close", "Visa", "--force")
    let accounts = try json("account", "list") as? [[String: Any]] ?? []
    #expect(accounts.map { $0["name"] as? String } == ["Checking", "Visa"])
    #expect(accounts.last?["closed"] as? Bool == true && accounts.last?["balance"] as? String == "-50.00")
    try fails("tx", "add", "5", "--name", "X", "--category", "Food", "--account", "Visa", saying: "is closed")
    try fails("account", "reopen", "Checking", saying: "only a closed account can be reopened")
    try ok("undo")
    #expect((try json("account", "list") as? [[String: Any]])?.last?["closed"] as? Bool == false)
    try ok("account", "close", "Visa", "--force")
    try ok("account", "reopen", "Visa", "--reason", "still in use")
    try ok("tx", "add", "5", "--name", "X", "--category", "Food", "--account", "Visa")
    // Resolved against the accounts' own streams, not the whole history.
    let history = (try json("history", "account", "Visa") as? [String: Any])?["entries"] as? [[String: Any]] ?? []
    #expect(history.compactMap { $0["event"] as? String }.first == "AccountOpened")
    #expect(history.compactMap { $0["event"] as? String }.contains("AccountRenamed"))
    try fails("history", "account", "Vsa", saying: "did you mean 'Visa'")
  }

  @Test(
    "accounts: a mistyped opening balance is corrected, the correction undone; undoing an opening takes its balance back"
  )
  func openingBalances() throws {
    try ok("init", "--currency", "EUR")
    try ok("account", "open", "Checking", "--opening", "100", "--date", "2024-01-01")
    try ok("account", "open", "Savings", "--type", "savings", "--opening", "25000", "--date", "2024-02-01")
    func balances() throws -> [String: String] {
      let report = try json("report", "balances") as? [String: Any]
      return Dictionary(
        uniqueKeysWithValues: (report?["accounts"] as? [[String: String]] ?? []).map {
          ($0["account"]!, $0["balance"]!)
        })
    }
    #expect(try ok("account", "opening", "Savings", "2500").contains("2500.00 EUR on 2024-02-01"))
    #expect(try balances() == ["Checking": "100.00", "Savings": "2500.00"])
    try fails("account", "opening", "Savings", "2500", saying: "opening balance of 'Savings': is already 2500.00 EUR")
    try fails("account", "opening", "Savings", "abc", saying: "'abc' is not an amount")
    try fails("account", "opening", "Savngs", "1", saying: "did you mean 'Savings'")
    #expect(try ok("history", "account", "Savings").contains("opening balance 25000.00 EUR → 2500.00 EUR"))
    try ok("undo")
    #expect(try balances()["Savings"] == "25000.00")
    try ok("undo")  // the opening itself
    #expect(try balances() == ["Checking": "100.00", "Savings": "0.00"])
    #expect((try json("account", "list") as? [[String: Any]])?.last?["closed"] as? Bool == true)
    #expect(try ok("verify").hasPrefix("ok: "))  // the read models agree with the fold of the log
  }

  @Test("categories: add, rename, move, restyle, archive, restore, delete, list")
  func categories() throws {
    try ok("init")
    try ok("category", "add", "Home", "--budget-type", "fixed", "--icon", "house.fill", "--color", "#112233")
    try ok("category", "add", "Rent", "--parent", "Home")
    try ok("category", "rename", "Rent", "Housing")
    try ok("category", "move", "Housing", "--order", "1")
    try ok("category", "restyle", "Housing", "--icon", "key.fill")
    try ok("category", "archive", "Sport")
    try fails("category", "add", "Food", saying: "already exists")
    try ok("category", "restore", "Sport")
    try ok("category", "delete", "Shopping")
    let list = try json("category", "list") as? [[String: Any]] ?? []
    let names = list.compactMap { $0["name"] as? String }
    #expect(names.contains("Housing") && !names.contains("Shopping") && names.contains("Sport"))
    #expect(list.first { $0["name"] as? String == "Housing" }?["parent"] as? String == "Home")
    #expect(list.first { $0["name"] as? String == "Housing" }?["icon"] as? String == "key.fill")
    // TXNS comes from the category totals.
    try ok("account", "open", "Checking", "--date", "2024-01-01")
    try ok("tx", "add", "12.50", "--name", "Lamp", "--category", "Housing", "--account", "Checking")
    try ok("tx", "add", "3", "--name", "Tea", "--category", "Food", "--account", "Checking")
    let counted = try json("category", "list") as? [[String: Any]] ?? []
    #expect(counted.first { $0["name"] as? String == "Housing" }?["transactions"] as? Int == 1)
    #expect(counted.first { $0["name"] as? String == "Food" }?["transactions"] as? Int == 1)
    #expect(counted.first { $0["name"] as? String == "Sport" }?["transactions"] as? Int == 0)
    let history = (try json("history", "category", "Housing") as? [String: Any])?["entries"] as? [[String: Any]] ?? []
    #expect(history.compactMap { $0["event"] as? String }.contains("CategoryRenamed"))
    try fails("history", "category", "Housng", saying: "did you mean 'Housing'")
  }

  @Test("periods and the zero-based plan: open, list, budget set/move/income/due/rollover/copy")
  func plan() throws {
    try ok("init")
    try ok("account", "open", "Checking", "--date", "2024-01-01")
    try ok("period", "open", "Q1", "--start", "2024-01-01", "--end", "2024-03-31")
    try fails("period", "open", "Overlap", "--start", "2024-03-01", saying: "overlaps period 'Q1'")
    let periods = try json("period", "list") as? [[String: Any]] ?? []
    #expect(periods.count == 1 && periods[0]["closed"] as? Bool == false)
    try ok("budget", "income", "Salary", "2000", "--month", "2024-03")
    try ok("budget", "income", "Bonus", "1200", "--year", "2024")
    try ok("budget", "set", "Food", "400", "--month", "2024-03")
    try ok("budget", "move", "100", "--from", "Food", "--to", "Restaurants", "--month", "2024-03")
    try fails(
      "budget", "move", "500", "--from", "Food", "--to", "Restaurants", "--month", "2024-03", saying: "has only")
    try fails(
      "budget", "move", "0", "--from", "Food", "--to", "Restaurants", "--month", "2024-03",
      saying: "amount '0' must be more than zero; swap --from and --to to move money the other way")
    try ok("budget", "due", "Bills", "2024-03-15")
    try fails("budget", "due", "Bills", "2024-03-15", saying: "due date of 'Bills': is already 2024-03-15")
    try fails("budget", "due", "Food", "--clear", saying: "due date of 'Food': is not set; there is nothing to clear")
    // Planned income undoes to what it was; planned at zero it is no line of the sheet.
    try ok("budget", "income", "Gift", "50", "--month", "2024-03")
    try ok("undo")
    let sources =
      (try json("budget", "show", "--month", "2024-03") as? [String: Any])?["incomeSources"] as? [[String: Any]]
    #expect(sources?.contains { $0["source"] as? String == "Gift" } == false)
    try ok("budget", "rollover", "Food", "--overspent")
    try ok("budget", "copy", "--from", "2024-03", "--to", "2024-04")
    let march = try json("budget", "show", "--month", "2024-03") as? [String: Any] ?? [:]
    #expect(march["plannedIncome"] as? String == "2100.00")  // 2000 + 1200 / 12
    #expect(march["totalBudgeted"] as? String == "400.00")
    #expect((march["dueDates"] as? [[String: String]])?.first?["category"] == "Bills")
    let april = try json("budget", "show", "--month", "2024-04") as? [String: Any] ?? [:]
    #expect(april["totalBudgeted"] as? String == "400.00")
    // The plan is copied whole: April plans March's salary (the yearly bonus is April's anyway),
    // so what is left to assign is the same, not the salary short.
    #expect(april["plannedIncome"] as? String == "2100.00")
    #expect(april["remainingToAssign"] as? String == march["remainingToAssign"] as? String)

    // Rollover from the ledger's month (BUDGET_TODAY), and back-dated with --from.
    try ok("budget", "set", "Transport", "50", "--month", "2024-02")
    try ok("tx", "add", "80", "--name", "Train", "--category", "Transport", "--date", "2024-02-10")
    func carried(_ month: String) throws -> String? {
      let sheet = try json("budget", "show", "--month", month) as? [String: Any]
      return (sheet?["lines"] as? [[String: Any]])?.first { $0["name"] as? String == "Transport" }?["carried"]
        as? String
    }
    #expect(try ok("budget", "rollover", "Transport", "--overspent").contains("from the end of March 2024 on"))
    #expect(try carried("2024-03") == "0.00")
    try fails(
      "budget", "rollover", "Transport", "--overspent",
      saying: "already carries unspent: true, overspent: true in 2024-03")
    try ok("budget", "rollover", "Transport", "--overspent", "--from", "2024-02")
    #expect(try carried("2024-03") == "-30.00")
    try ok("undo")
    #expect(try carried("2024-03") == "0.00")
  }

  @Test("transactions: add, show, amend with versions, delete, restore, transfer, history, undo, log")
  func transactions() throws {
    try ok("init")
    try ok("account", "open", "Checking", "--opening", "500", "--date", "2024-01-01")
    try ok("account", "open", "Savings", "--type", "savings", "--date", "2024-01-01")
    let added =
      try json(
        "tx", "add", "42.50", "--name", "Market", "--category", "Food", "--tag", "weekly", "--account", "Checking",
        "--date", "2024-03-10") as? [String: Any]
    let id = String((added?["id"] as? String ?? "").suffix(8))
    let shown = try json("tx", "show", id) as? [String: Any]
    #expect(shown?["version"] as? Int == 1 && shown?["tags"] as? [String] == ["weekly"])
    try ok("tx", "amend", id, "--amount", "40", "--expect-version", "1")
    try fails(
      "tx", "amend", id, "--name", "Other", "--expect-version", "1",
      saying: "has changed since version 1, which you gave (it is at version 2 now")
    try ok("transfer", "100", "--from", "Checking", "--to", "Savings", "--date", "2024-03-11")
    try fails(
      "transfer", "0", "--from", "Checking", "--to", "Savings",
      saying: "amount '0' must be more than zero; swap --from and --to to send money the other way")
    // The log's other rows name what they are, and how to change it.
    let rows = (try json("tx", "list") as? [String: Any])?["rows"] as? [[String: Any]] ?? []
    let legs = rows.filter { $0["kind"] as? String == "transfer" }.compactMap { ($0["id"] as? String)?.suffix(8) }
    #expect(legs.count == 2)
    for leg in legs {
      try fails(
        "tx", "amend", String(leg), "--amount", "1",
        saying: "is a transfer, not a transaction: 100.00 EUR from 'Checking' to 'Savings' on 2024-03-11")
    }
    // A prefix that also starts other ids (made at the same time) deletes nothing.
    let fullLeg = try #require(rows.first { $0["kind"] as? String == "transfer" }?["id"] as? String)
    try fails("tx", "delete", String(fullLeg.prefix(4)), saying: "is ambiguous")
    // Cancelled by either leg, and back with undo (under an id of its own).
    #expect(try ok("tx", "delete", String(legs[1])).contains("cancelled transfer"))
    let afterCancel = (try json("tx", "list") as? [String: Any])?["rows"] as? [[String: Any]] ?? []
    #expect(!afterCancel.contains { $0["kind"] as? String == "transfer" })
    let trail = (try json("history", "tx", String(legs[0])) as? [String: Any])?["entries"] as? [[String: Any]] ?? []
    #expect(trail.compactMap { $0["event"] as? String } == ["TransferMade", "TransferCancelled"])
    try fails(
      "tx", "show", String(legs[1]),
      saying: "is a transfer that was cancelled; see what happened to it with `budget history tx")
    try ok("undo")
    let afterUndo = (try json("tx", "list") as? [String: Any])?["rows"] as? [[String: Any]] ?? []
    #expect(afterUndo.filter { $0["kind"] as? String == "transfer" }.count == 2)
    let opening = try #require(rows.first { $0["kind"] as? String == "opening" && $0["amount"] as? String == "500.00" })
    try fails(
      "tx", "show", String((opening["id"] as? String ?? "").suffix(8)),
      saying:
        "is the opening balance of account 'Checking', not a transaction; change it with `budget account opening Checking AMOUNT`"
    )
    let history = (try json("history", "tx", id) as? [String: Any])?["entries"] as? [[String: Any]] ?? []
    #expect(history.count == 2)
    #expect((history.last?["changes"] as? [String])?.contains("amount 42.50 EUR → 40.00 EUR") == true)
    #expect(history.last?["actor"] as? String == "ana")
    try ok("tx", "delete", id, "--reason", "duplicate")
    try fails("tx", "amend", id, "--amount", "1", saying: "was deleted")
    try fails("tx", "restore", id, "--expect-version", "2", saying: "has changed since version 2, which you gave")
    try ok("undo")
    #expect((try json("tx", "show", id) as? [String: Any])?["amount"] as? String == "40.00")
    try fails("tx", "restore", id, saying: "is not deleted")
    try ok("tx", "delete", id, "--reason", "duplicate again")
    try ok("tx", "restore", id, "--reason", "it was real", "--expect-version", "5")
    let log = try json("log", "-l", "2") as? [[String: Any]] ?? []
    #expect(log.first?["type"] as? String == "TransactionRestored")
    let restored = try json("tx", "show", id) as? [String: Any]
    #expect(restored?["version"] as? Int == 6 && restored?["deleted"] as? Bool != true)
  }

  @Test("undo takes back the last command; export writes CSV and JSON; projections rebuild keeps answers")
  func undoExportRebuild() throws {
    try ok("init")
    try ok("account", "open", "Checking", "--opening", "500", "--date", "2024-01-01")
    try ok(
      "tx", "add", "20", "--name", "Cinema", "--category", "Entertainment", "--account", "Checking", "--date",
      "2024-03-10")
    try ok("budget", "set", "Food", "300", "--month", "2024-03")
    try ok("undo")
    #expect((try json("budget", "show", "--month", "2024-03") as? [String: Any])?["totalBudgeted"] as? String == "0.00")
    let csv = try ok("export", "csv")
    #expect(
      csv.hasPrefix("date,account,payee,amount") && csv.contains("2024-03-10,Checking,Cinema,-20.00,EUR,Entertainment"))
    let exported = try JSONSerialization.jsonObject(with: Data(try ok("export", "json").utf8)) as? [[String: Any]]
    #expect(exported?.first { $0["kind"] as? String == "transaction" }?["name"] as? String == "Cinema")
    let before = try ok("tx", "list")
    let rebuilt = try ok("projections", "rebuild")
    #expect(rebuilt.contains("running-balances") && rebuilt.contains("transaction-index"))
    #expect(try ok("tx", "list") == before)
    let status = try json("projections", "status") as? [[String: Any]] ?? []
    #expect(status.allSatisfy { $0["lag"] as? Int == 0 && $0["generation"] as? Int == 2 })
    #expect(try ok("log", "-l", "3").contains("BudgetSet"))
  }

  @Test("--json on the commands that report a count: budget copy, projections rebuild, backup, restore, demo")
  func countsAsJSON() throws {
    try ok("init")
    try ok("budget", "set", "Food", "300", "--month", "2024-03")
    try ok("budget", "set", "Bills", "80", "--month", "2024-03")
    let copy = try json("budget", "copy", "--from", "2024-03", "--to", "2024-04") as? [String: Any]
    #expect(
      copy?["stream"] as? String == "budget-2024-04" && copy?["events"] as? [String] == ["BudgetSet", "BudgetSet"])
    let positions = copy?["positions"] as? [Int] ?? []
    #expect(positions.count == 2 && positions[1] == positions[0] + 1)
    let rebuilt = try json("projections", "rebuild", "running-balances") as? [String: Any]
    #expect(rebuilt?["rebuilt"] as? [String] == ["running-balances"] && rebuilt?["events"] as? Int == positions[1])
    #expect(rebuilt?["seconds"] is Double)
    let backup = directory.file("all.backup.json")
    let saved = try json("backup", backup) as? [String: Any]
    #expect(saved?["file"] as? String == backup && saved?["events"] as? Int == positions[1])
    let target = directory.file("restored.ledger")
    let restored = try json("restore", backup, "--ledger", target) as? [String: Any]
    #expect(restored?["file"] as? String == target && restored?["events"] as? Int == positions[1])
    let demo = try json("demo", "--ledger", directory.file("demo.ledger")) as? [String: Any]
    #expect(demo?["ledger"] as? String == directory.file("demo.ledger") && (demo?["events"] as? Int ?? 0) > 50)
  }

  @Test(
    "bad time travel and import options: usage errors (exit 2) naming the option; a missing file is named as missing")
  func badOptions() throws {
    try ok("init")
    let knownAt = try budget.run(["report", "balances", "--as-known-at", "yesterday"])
    #expect(
      knownAt.status == 2 && knownAt.stderr.contains("--as-known-at 'yesterday'")
        && knownAt.stderr.contains("Usage: budget report balances"))
    let format = try budget.run([
      "import", "csv", directory.file("bank.csv"), "--account", "Checking", "--date-format", "ymd",
    ])
    #expect(
      format.status == 2 && format.stderr.contains("--date-format must be iso, dmy or mdy")
        && format.stderr.contains("Usage: budget import csv"))
    try fails(
      "import", "csv", directory.file("missing.csv"), "--account", "Checking", saying: "missing.csv' does not exist")
    try fails(
      "init", "--ledger", directory.file("no-such-dir/x.ledger"), saying: "no-such-dir does not exist; create it first")
    #expect(try ok("report", "balances", "--as-known-at", "2000-01-01").contains("before the ledger's first event"))
    #expect(try ok("report", "balances", "--as-known-at", "99999").contains("99999 is past it"))
    // A usage error found while running names that command's usage, not the top level's.
    for (arguments, message) in [
      (["tx", "search", " "], "give at least one word to find"),
      (["history", "transaction"], "give the transaction to show"),
      (["history", "month", "2024-3"], "month must be YYYY-MM"),
      (["budget", "income", "Salary", "10"], "give either --month YYYY-MM or --year YYYY"),
      (["tx", "list", "--limit", "0"], "--limit must be at least 1 (got 0)"),
      (["tx", "list", "--min", "50", "--max", "10"], "is more than --max"),
      (["tx", "search", "market", "--limit", "0"], "--limit must be at least 1 (got 0)"),
    ] {
      let refused = try budget.run(arguments)
      let command = "Usage: budget " + arguments.prefix(arguments[0] == "history" ? 1 : 2).joined(separator: " ")
      #expect(
        refused.status == 2 && refused.stderr.contains(message) && refused.stderr.contains(command),
        "\(arguments): \(refused.stderr)")
    }
  }

  @Test("month reports: --as-of in another month than --month is a usage error; within it, funds are taken on that day")
  func monthReportsAsOf() throws {
    try ok("init")
    try ok("account", "open", "Checking", "--opening", "1000", "--date", "2024-01-01")
    try ok("tx", "add", "30", "--name", "A", "--category", "Food", "--date", "2024-03-20")
    for command in [["budget", "show"], ["report", "budget-vs-actual"], ["report", "categories"]] {
      let refused = try budget.run(command + ["--month", "2024-03", "--as-of", "2024-02-15"])
      #expect(
        refused.status == 2 && refused.stderr.contains("--as-of 2024-02-15 falls outside --month 2024-03"), "\(command)"
      )
    }
    let sheet = try json("budget", "show", "--month", "2024-03", "--as-of", "2024-03-15") as? [String: Any]
    #expect(sheet?["availableFunds"] as? String == "1000.00")
    #expect(
      (try json("budget", "show", "--month", "2024-03") as? [String: Any])?["availableFunds"] as? String == "970.00")
  }

  @Test(
    "tx amend: a split's parts are replaced with --split, tags cleared with --clear-tags; a deleted one says to restore it"
  )
  func amendSplitsAndTags() throws {
    try ok("init")
    try ok("account", "open", "Checking", "--date", "2024-01-01")
    let added =
      try json(
        "tx", "add", "10", "--name", "S", "--split", "Food=6", "--split", "Restaurants=4", "--tag", "x", "--date",
        "2024-03-01") as? [String: Any]
    let id = String((added?["id"] as? String ?? "").suffix(8))
    try fails(
      "tx", "amend", id, "--amount", "12", saying: "the splits add up to 10.00 EUR but the transaction is 12.00 EUR")
    try ok("tx", "amend", id, "--amount", "12", "--split", "Food=7", "--split", "Restaurants=5")
    try ok("tx", "amend", id, "--clear-tags")
    let shown = try json("tx", "show", id) as? [String: Any]
    let postings = (shown?["postings"] as? [[String: Any]])?.map { "\($0["category"] ?? "") \($0["amount"] ?? "")" }
    #expect(
      postings == ["Food 7.00", "Restaurants 5.00"] && shown?["category"] == nil && shown?["tags"] as? [String] == [])
    let both = try budget.run(["tx", "amend", id, "--category", "Food", "--split", "Food=12"])
    #expect(both.status == 2 && both.stderr.contains("give --category or --split, not both"))
    try ok("tx", "delete", id)
    try fails("tx", "amend", id, "--name", "Z", saying: "was deleted; restore it first to change it")
  }

  @Test("an archived category's history and transactions can still be read; new transactions cannot use it")
  func archivedCategoryReads() throws {
    try ok("init")
    try ok("account", "open", "Checking", "--date", "2024-01-01")
    try ok("tx", "add", "49", "--name", "Bus pass", "--category", "Transport", "--date", "2024-02-13")
    try ok("category", "archive", "Transport")
    #expect(try ok("history", "category", "Transport").contains("CategoryArchived"))
    #expect(try ok("tx", "list", "--category", "Transport").contains("Bus pass"))
    try fails("tx", "add", "5", "--name", "X", "--category", "Transport", saying: "is archived; restore it first")
  }

  @Test("tx search --as-of finds what had happened by that date")
  func searchAsOf() throws {
    try ok("init")
    try ok("account", "open", "Checking", "--date", "2024-01-01")
    try ok("tx", "add", "5", "--name", "Market", "--category", "Food", "--date", "2024-01-10")
    try ok("tx", "add", "7", "--name", "Market", "--category", "Food", "--date", "2024-03-10")
    func dates(_ extra: String...) throws -> [String] {
      let output = try budget.run(["tx", "search", "market", "--json"] + extra)
      let page = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
      return (page?["rows"] as? [[String: Any]] ?? []).compactMap { $0["date"] as? String }
    }
    #expect(try dates() == ["2024-03-10", "2024-01-10"])
    #expect(try dates("--as-of", "2024-01-31") == ["2024-01-10"])
  }
}
