import Foundation
import Interchange
import LedgerTesting
import Testing

/// Import, export, backup and restore through the real binary.
@Suite("budget CLI: import, export, backup")
struct InterchangeCLITests {
  let directory = TemporaryDirectory()
  let budget: BinaryRunner

  init() throws {
    budget = try BinaryRunner(
      "budget", environment: ["BUDGET_LEDGER": directory.file("io.ledger"), "BUDGET_TODAY": "2024-03-31"])
  }

  @discardableResult
  func ok(_ arguments: [String]) throws -> String {
    let output = try budget.run(arguments)
    #expect(output.status == 0, "budget \(arguments.joined(separator: " ")) failed: \(output.stderr)")
    return output.stdout
  }

  func write(_ name: String, _ text: String) throws -> String {
    let path = directory.file(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test(
    "given a bank CSV saved as Latin-1, when imported, then it is refused naming the line and how to save it as UTF-8, and nothing is recorded"
  )
  func latin1FileIsRefused() throws {
    try ok(["init"])
    try ok(["account", "open", "Checking", "--date", "2024-01-01"])
    let path = directory.file("latin1.csv")
    let bytes = Array("date,amount,payee,category\n2024-03-02,-3.00,Bakery,Food\n2024-03-03,-4.00,Caf".utf8) + [0xE9]
    try Data(bytes + Array(",Food\n".utf8)).write(to: URL(fileURLWithPath: path))
    let before = try ok(["log", "--json"])
    let refused = try budget.run(["import", "csv", path, "--account", "Checking"])
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("line 3: the file is not UTF-8 text"), "\(refused.stderr)")
    #expect(refused.stderr.contains("iconv"))
    #expect(try ok(["log", "--json"]) == before)
  }

  @Test(
    "given a bank CSV with a decimal comma, when imported twice, then rows are added once; bad rows are reported by line"
  )
  func idempotentImport() throws {
    try ok(["init"])
    try ok(["account", "open", "Checking", "--opening", "100", "--date", "2024-01-01"])
    let csv = try write(
      "bank.csv",
      """
      Date;Payee;Amount;Category
      15/03/2024;"Market; Co";-42,50;Food
      15/03/2024;Coffee;-2,80;Restaurants
      15/03/2024;Coffee;-2,80;Restaurants
      16/03/2024;Salary;1.000,00;Income
      17/03/2024;Bad;abc;Food
      18/03/2024;Typo;-1,00;Fod

      """)
    let arguments = [
      "import", "csv", csv, "--account", "Checking", "--delimiter", ";", "--date-format", "dmy", "--decimal-comma",
      "--json",
    ]

    // Rows were rejected: every run says so with exit code 4.
    func rejecting(_ arguments: [String]) throws -> [String: Any]? {
      let output = try budget.run(arguments)
      #expect(output.status == 4, "budget \(arguments.joined(separator: " ")): \(output.stderr)")
      return try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
    }
    let dry = try rejecting(arguments + ["--dry-run"])
    #expect(dry?["added"] as? Int == 4)
    #expect(try ok(["tx", "list", "--json"]).contains("Market") == false)
    // Batches of two split the identical coffees: each must still get its own key.
    let first = try rejecting(arguments + ["--batch-size", "2"])
    let refused = try budget.run(arguments + ["--batch-size", "0"])
    #expect(refused.status != 0 && refused.stderr.contains("--batch-size must be between 1 and 100,000 (got 0)"))
    let second = try rejecting(arguments + ["--batch-size", "1"])

    #expect(first?["added"] as? Int == 4 && first?["skipped"] as? Int == 0)
    #expect(second?["added"] as? Int == 0 && second?["skipped"] as? Int == 4)
    let rejected = first?["rejected"] as? [String] ?? []
    #expect(rejected.count == 2)
    #expect(rejected.contains { $0.hasPrefix("line 6:") && $0.contains("'abc' is not an amount") })
    #expect(rejected.contains { $0 == "line 7: category 'Fod' not found — did you mean 'Food'?" })
    #expect(try ok(["report", "balances"]).contains("1,051.90"))
    #expect(try ok(["verify", "--skip-projections"]).contains("(projections not checked)"))

    // Imported ids are date-ordered version-7 ids: later dates sort later, so an import fills
    // id-keyed tables in runs.
    let list = try JSONSerialization.jsonObject(with: Data(try ok(["tx", "list", "--json"]).utf8)) as? [String: Any]
    let rows = (list?["rows"] as? [[String: Any]] ?? []).compactMap { row -> (date: String, id: String)? in
      // The imported rows, not the opening balance (made now, so its id carries today's time).
      guard let date = row["date"] as? String, date.hasPrefix("2024-03"), let id = row["id"] as? String else {
        return nil
      }
      return (date, id)
    }
    #expect(rows.count == 4)
    for row in rows { #expect(Array(row.id)[14] == "7", "\(row.id) is not a version-7 id") }
    for a in rows { for b in rows where a.date < b.date { #expect(a.id < b.id, "\(a) should sort before \(b)") } }
  }

  @Test(
    "given a statement imported as day-month-year, when imported again as month-day-year (dry run and for real), then nothing is added"
  )
  func reimportWithAnotherDateFormat() throws {
    try ok(["init"])
    try ok(["account", "open", "Checking", "--opening", "100", "--date", "2024-01-01"])
    let csv = try write(
      "ambiguous.csv", "date,amount,payee,category\n05/03/2024,-4.00,Bakery,Food\n07/02/2024,-9.00,Cinema,Restaurants\n"
    )
    func imported(_ format: String, _ extra: [String] = []) throws -> (added: Int?, skipped: Int?) {
      try budget.importCSV(csv, ["--date-format", format] + extra)
    }

    let first = try imported("dmy")
    let dry = try imported("mdy", ["--dry-run"])
    let again = try imported("mdy")

    #expect(first.added == 2 && first.skipped == 0)
    #expect(dry.added == 0 && dry.skipped == 2)
    #expect(again.added == 0 && again.skipped == 2)
    let list = try JSONSerialization.jsonObject(with: Data(try ok(["tx", "list", "--json"]).utf8)) as? [String: Any]
    let dates = (list?["rows"] as? [[String: Any]] ?? []).compactMap { $0["date"] as? String }.filter {
      $0.hasPrefix("2024-0")
    }
    #expect(dates.sorted() == ["2024-01-01", "2024-02-07", "2024-03-05"])  // the opening, and the rows as first read
  }

  @Test(
    "given an import undone, when the file is imported again, then its rows come back as now mapped; a deleted row does not"
  )
  func reimportAfterUndo() throws {
    try ok(["init"])
    try ok(["account", "open", "Checking", "--date", "2024-01-01"])
    let csv = try write(
      "statement.csv", "date,payee,amount,category\n2024-03-01,Market,-10,Food\n2024-03-02,Power,-12,Food\n")
    func imported(_ extra: [String] = []) throws -> (added: Int?, skipped: Int?) {
      let summary =
        try JSONSerialization.jsonObject(
          with: Data(try ok(["import", "csv", csv, "--account", "Checking", "--json"] + extra).utf8)) as? [String: Any]
      return (summary?["added"] as? Int, summary?["skipped"] as? Int)
    }
    func rows() throws -> [[String: Any]] {
      let list = try JSONSerialization.jsonObject(with: Data(try ok(["tx", "list", "--json"]).utf8)) as? [String: Any]
      return (list?["rows"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "transaction" }
    }
    #expect(try imported() == (2, 0))
    try ok(["undo"])
    #expect(try rows().isEmpty)

    // The mapping was wrong: every row belongs to Bills.
    #expect(try imported(["--category-column", "none", "--default-category", "Bills", "--dry-run"]) == (2, 0))
    #expect(try imported(["--category-column", "none", "--default-category", "Bills"]) == (2, 0))
    #expect(try rows().map { $0["category"] as? String } == ["Bills", "Bills"])
    #expect(try imported() == (0, 2))

    // Undone a second time, and back a third.
    try ok(["undo"])
    #expect(try imported() == (2, 0))
    #expect(try rows().map { $0["category"] as? String } == ["Food", "Food"])

    // A row the user deleted stays deleted.
    try ok(["tx", "delete", try #require(try rows().first?["id"] as? String)])
    #expect(try imported() == (0, 2))
    #expect(try rows().count == 1)

    // The mapping fix changes the dates read (day and month swapped): found through the key.
    let swapped = try write("swapped.csv", "date,payee,amount,category\n02/01/2024,Shop,-10,Food\n")
    func importSwapped(_ format: String) throws -> Int? {
      let summary = try JSONSerialization.jsonObject(
        with: Data(try ok(["import", "csv", swapped, "--account", "Checking", "--date-format", format, "--json"]).utf8))
      return (summary as? [String: Any])?["added"] as? Int
    }
    #expect(try importSwapped("mdy") == 1)
    try ok(["undo"])
    #expect(try importSwapped("dmy") == 1)
    #expect(try rows().contains { $0["date"] as? String == "2024-01-02" })
    #expect(try importSwapped("dmy") == 0)
  }

  @Test("given the demo ledger, when exported as a journal, then the real hledger reports the same balances")
  func hledgerAgrees() throws {
    try ok(["demo"])
    let journal = directory.file("demo.journal")
    try ok(["export", "hledger", "-o", journal])
    let ours =
      try JSONSerialization.jsonObject(with: Data(try ok(["report", "balances", "--json"]).utf8)) as? [String: Any]
    let accounts = ours?["accounts"] as? [[String: String]] ?? []
    #expect(accounts.count == 5)  // checking, savings, the card and the two loans of the demo's debts

    let hledger = try BinaryRunner.installed("hledger").run(
      ["-f", journal, "balance", "--flat", "--no-total", "assets", "liabilities"])
    #expect(hledger.status == 0, "hledger failed (make setup installs it): \(hledger.stderr)")
    let report = hledger.stdout
    for account in accounts {
      let name = account["account"]!.replacingOccurrences(of: " ", with: "-")
      let line = report.split(separator: "\n").first { $0.hasSuffix(":" + name) }
      #expect(
        line?.contains("\(account["balance"]!) EUR") == true,
        "hledger says \(line ?? "nothing") for \(name), we say \(account["balance"]!)")
    }
  }

  @Test(
    "given the demo ledger, when exported as CSV and JSON, then they hold every movement and add up to the balances")
  func exportHoldsEveryMovement() throws {
    try ok(["demo"])
    let csv = try CSVReader().records(in: try ok(["export", "csv"]))
    let ours =
      try JSONSerialization.jsonObject(with: Data(try ok(["report", "balances", "--json"]).utf8)) as? [String: Any]
    let balances = Dictionary(
      uniqueKeysWithValues: (ours?["accounts"] as? [[String: String]] ?? []).map { ($0["account"]!, $0["balance"]!) })

    let header = csv.first?.fields ?? []
    #expect(header.last == "kind")
    let rows = csv.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0.fields)) }
    var sums: [String: Int] = [:]  // cents
    for row in rows {
      sums[row["account"]!, default: 0] += Int(row["amount"]!.replacingOccurrences(of: ".", with: ""))!
    }
    // Five accounts: checking, savings, the card and the two loans of the demo's debts.
    #expect(balances.count == 5 && sums.count == 5)
    for (account, balance) in balances {
      #expect(sums[account] == Int(balance.replacingOccurrences(of: ".", with: "")), "\(account)")
    }
    let kinds = rows.map { $0["kind"]! }
    let exported = try JSONSerialization.jsonObject(with: Data(try ok(["export", "json"]).utf8)) as? [[String: Any]]
    let jsonKinds = (exported ?? []).map { $0["kind"] as? String ?? "?" }
    #expect(kinds.filter { $0 == "opening" }.count == 5 && jsonKinds.filter { $0 == "opening" }.count == 5)
    let transfers = jsonKinds.filter { $0 == "transfer" }.count
    #expect(transfers > 0 && kinds.filter { $0 == "transfer" }.count == 2 * transfers)
    let transactions = kinds.filter { $0 == "transaction" }.count
    #expect(transactions > 0 && jsonKinds.filter { $0 == "transaction" }.count == transactions)
    #expect(jsonKinds.count == transactions + transfers + 5)

    // Read back into a ledger with the same accounts: the transactions come in, the other rows
    // are refused with the command that records them.
    let file = try write("register.csv", try ok(["export", "csv"]))
    let copy = ["--ledger", directory.file("copy.ledger")]
    try ok(["init"] + copy)
    for (name, type) in [
      ("Checking", "checking"), ("Savings", "savings"), ("Credit card", "credit-card"), ("Car loan", "loan"),
      ("Family loan", "loan"),
    ] {
      try ok(["account", "open", name, "--type", type, "--date", "2024-01-01"] + copy)
    }
    for category in ["Rent", "Savings goal"] { try ok(["category", "add", category] + copy) }  // the demo's own
    let imported = try budget.run(["import", "csv", file, "--json"] + copy)
    let summary = try JSONSerialization.jsonObject(with: Data(imported.stdout.utf8)) as? [String: Any]
    let rejected = summary?["rejected"] as? [String] ?? []
    #expect(summary?["added"] as? Int == transactions)
    #expect(rejected.count == 5 + 2 * transfers)
    #expect(rejected.allSatisfy { $0.contains("budget transfer") || $0.contains("budget account open --opening") })
    // The transactions read back as they were, splits included (only the ids are new).
    func transactionRows(_ text: String) throws -> [[String]] {
      try CSVReader().records(in: text).dropFirst().filter { $0.fields.last == "transaction" }.map {
        Array($0.fields.prefix(9))
      }
    }
    let original = try transactionRows(try ok(["export", "csv"]))
    #expect(original.contains { $0[5].contains("|") })
    #expect(try transactionRows(try ok(["export", "csv"] + copy)) == original)
  }

  @Test(
    "given texts a spreadsheet would run as formulas, when exported as CSV, then they are written with a leading ' while amounts stay numbers, and import gives them back exactly"
  )
  func exportNeutralisesFormulas() throws {
    try ok(["init"])
    try ok(["account", "open", "Checking", "--date", "2024-01-01"])
    try ok(["category", "add", "=Fun"])
    let names = [#"=HYPERLINK("http://x")"#, "+1", "@SUM(A1)", "-2", "'=already quoted", "Plain"]
    for (index, name) in names.enumerated() {
      try ok([
        "tx", "add", "\(index + 1).50", "--name=\(name)", "--category", index == 0 ? "=Fun" : "Food", "--date",
        "2024-03-0\(index + 1)", "--description=-memo", "--notes=@note", "--tag=+tag",
      ])
    }

    let file = directory.file("register.csv")
    try ok(["export", "csv", "-o", file])

    let text = try String(contentsOfFile: file, encoding: .utf8)
    let rows = try CSVReader().records(in: text).dropFirst().map(\.fields)
    #expect(
      rows.map { $0[2] } == [#"'=HYPERLINK("http://x")"#, "'+1", "'@SUM(A1)", "'-2", "''=already quoted", "Plain"])
    #expect(rows.map { $0[3] } == ["-1.50", "-2.50", "-3.50", "-4.50", "-5.50", "-6.50"])  // plain numbers
    #expect(rows[0][5] == "'=Fun" && rows.allSatisfy { $0[6] == "'-memo" && $0[7] == "'@note" && $0[8] == "'+tag" })

    let copy = ["--ledger", directory.file("copy.ledger")]
    try ok(["init"] + copy)
    try ok(["account", "open", "Checking", "--date", "2024-01-01"] + copy)
    try ok(["category", "add", "=Fun"] + copy)
    #expect(try budget.importCSV(file, copy) == (names.count, 0))
    let list =
      try JSONSerialization.jsonObject(with: Data(try ok(["tx", "list", "--json"] + copy).utf8)) as? [String: Any]
    let imported = (list?["rows"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "transaction" }
    #expect(Set(imported.compactMap { $0["name"] as? String }) == Set(names))
    #expect(
      try ok(["export", "csv"] + copy).split(separator: "\n").map { $0.split(separator: ",").dropLast(2) }
        == text.split(separator: "\n").map { $0.split(separator: ",").dropLast(2) })  // the same register, but for ids
  }

  @Test(
    "given the demo ledger, when backed up and restored into a new file, then reports and the chain head are identical")
  func backupRestore() throws {
    try ok(["demo"])
    let backup = directory.file("backup.json")
    try ok(["backup", backup])
    let restored = directory.file("restored.ledger")

    try ok(["restore", backup, "--ledger", restored])

    #expect(try ok(["report", "balances"]) == (try ok(["report", "balances", "--ledger", restored])))
    #expect(try ok(["tx", "list", "-l", "50"]) == (try ok(["tx", "list", "-l", "50", "--ledger", restored])))
    let original = try ok(["verify"]), copy = try ok(["verify", "--ledger", restored])
    #expect(original.hasPrefix("ok: ") && original == copy)  // same events, same chain head
    let again = try budget.run(["restore", backup, "--ledger", restored])
    #expect(again.status == 1 && again.stderr.contains("already exists"))
  }

  @Test(
    "given an imported statement, when backed up and restored, then importing it again into the restored ledger adds nothing"
  )
  func restoreKeepsImportKeys() throws {
    try ok(["init"])
    try ok(["account", "open", "Checking", "--date", "2024-01-01"])
    let csv = try write("st.csv", "date,payee,amount,category\n2024-03-01,Shop,-10,Food\n2024-03-02,Shop,-20,Food\n")
    try ok(["import", "csv", csv, "--account", "Checking"])
    let backup = directory.file("keys.backup.json")
    try ok(["backup", backup])
    #expect(try String(contentsOfFile: backup, encoding: .utf8).contains(#""idempotencyKeys":["#))
    let restored = directory.file("keys.ledger")
    try ok(["restore", backup, "--ledger", restored])

    let summary =
      try JSONSerialization.jsonObject(
        with: Data(try ok(["import", "csv", csv, "--account", "Checking", "--json", "--ledger", restored]).utf8))
      as? [String: Any]
    #expect(summary?["added"] as? Int == 0 && summary?["skipped"] as? Int == 2)
  }
}
