import Foundation
import LedgerTesting
import Testing

/// What a new user types wrong or needs to know: a mistyped subcommand, the version, and an
/// import that left rows out.
@Suite("budget CLI: first use")
struct FirstUseCLITests {
  let directory = TemporaryDirectory()
  let budget: BinaryRunner

  init() throws {
    budget = try BinaryRunner(
      "budget", environment: ["BUDGET_LEDGER": directory.file("first.ledger"), "BUDGET_TODAY": "2024-03-31"])
  }

  @Test("given a mistyped subcommand, when run, then the hint names the command meant")
  func mistypedSubcommandsAreNamed() throws {
    let cases: [([String], String)] = [
      (["tx", "ad", "5", "--name", "Bread", "--category", "Food"], "did you mean 'budget tx add'?"),
      (["report", "balance"], "did you mean 'budget report balances'?"),
      (["acount", "list"], "did you mean 'budget account'?"),
      (
        ["show", "--month", "2024-03"],
        "did you mean 'budget budget show' or 'budget tx show' or 'budget schedule show'?"
      ),
    ]
    for (arguments, hint) in cases {
      let output = try budget.run(arguments)
      #expect(output.status == 2, "\(arguments)")
      #expect(output.stderr.contains(hint), "\(arguments): \(output.stderr)")
    }
    // a word that is no typo of any command gets no guess
    let far = try budget.run(["report", "zzzzzzzz"])
    #expect(!far.stderr.contains("did you mean"))
  }

  @Test(
    "given no ledger, when init asks for the workbook's categories, then they replace the default ones; an unknown set is refused and makes no ledger"
  )
  func initTakesAStartingSetOfCategories() throws {
    let refused = try budget.run(["init", "--categories", "mine"])
    #expect(refused.status == 2 && refused.stderr.contains("--categories must be default, workbook or income-only"))
    #expect(!FileManager.default.fileExists(atPath: directory.file("first.ledger")))
    let created = try budget.run(["init", "--categories", "workbook"])
    #expect(created.status == 0 && created.stdout.contains("with 12 workbook categories"), "\(created.stdout)")
    let listed = try budget.run(["category", "list", "--json"])
    let names = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
      .compactMap { $0["name"] as? String }
    #expect(names.contains("Car upkeep") && names.contains("Income") && !names.contains("Food"))
  }

  @Test func versionIsPrinted() throws {
    let output = try budget.run(["--version"])
    #expect(output.status == 0)
    #expect(output.stdout.split(separator: ".").count == 3, "\(output.stdout)")
  }

  @Test(
    "given a CSV with bad rows spread over batches, when imported, then the rejects are listed in line order and the exit code is 4; a clean import exits 0"
  )
  func rejectedRowsExitFourInLineOrder() throws {
    #expect(try budget.run(["init"]).status == 0)
    #expect(try budget.run(["account", "open", "Checking", "--opening", "100", "--date", "2024-01-01"]).status == 0)
    // lines 2 and 3 are refused by the rules (amounts past what the ledger can add up, found
    // as they are recorded), lines 4 and 6 by the mapping: in batches of three, the mapping's
    // refusals of a batch used to come before the rules'.
    let csv = directory.file("mixed.csv")
    try Data(
      """
      date,payee,amount,category
      2024-03-01,Huge,-500000000000000,Food
      2024-03-02,Huge,-500000000000000,Food
      2024-03-03,Bad,abc,Food
      2024-03-04,Shop,-2.00,Food
      2024-03-05,Bad,xyz,Food
      2024-03-06,Shop,-3.00,Food

      """.utf8
    ).write(to: URL(fileURLWithPath: csv))
    let arguments = ["import", "csv", csv, "--account", "Checking", "--batch-size", "3"]
    let dry = try budget.run(arguments + ["--dry-run", "--json"])
    #expect(dry.status == 4)
    let real = try budget.run(arguments + ["--json"])
    #expect(real.status == 4, "\(real.stderr)")
    let summary = try JSONSerialization.jsonObject(with: Data(real.stdout.utf8)) as? [String: Any]
    #expect(summary?["added"] as? Int == 2)
    let lines = (summary?["rejected"] as? [String] ?? []).map { $0.prefix(while: { $0 != ":" }) }
    #expect(lines == ["line 2", "line 3", "line 4", "line 6"])
    // the table form says the same, in the same order
    let again = try budget.run(arguments)
    #expect(again.status == 4)
    let clean = directory.file("clean.csv")
    try Data("date,payee,amount,category\n2024-03-07,Shop,-4.00,Food\n".utf8).write(to: URL(fileURLWithPath: clean))
    #expect(try budget.run(["import", "csv", clean, "--account", "Checking"]).status == 0)
  }

  @Test(
    "given the 8 characters tx list shows, when their first four are typed, then the transaction is found; a run that names several lists them"
  )
  func idsWorkAsTyped() throws {
    #expect(try budget.run(["init"]).status == 0)
    #expect(try budget.run(["account", "open", "Checking", "--opening", "100", "--date", "2024-01-01"]).status == 0)
    var ids: [String] = []
    for name in ["Bread", "Milk"] {
      let added = try budget.run([
        "tx", "add", "2", "--name", name, "--category", "Food", "--date", "2024-03-10", "--json",
      ])
      let object = try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any]
      ids.append(try #require(object?["id"] as? String))
    }
    // the head of the shown eight, as a user copies it from the table
    let shown = String(ids[0].suffix(8))
    let amended = try budget.run(["tx", "amend", String(shown.prefix(4)), "--amount", "3"])
    #expect(amended.status == 0, "\(amended.stderr)")
    let show = try budget.run(["tx", "show", String(shown.prefix(4)), "--json"])
    #expect(show.stdout.contains("3.00"))
    // ids made together share their start: that names both, and both are listed
    let ambiguous = try budget.run(["tx", "delete", String(ids[0].prefix(4))])
    #expect(ambiguous.status == 1)
    #expect(ambiguous.stderr.contains("is ambiguous (2 match)"))
    #expect(ambiguous.stderr.contains("Bread") && ambiguous.stderr.contains("Milk"))
    #expect(ambiguous.stderr.contains(String(ids[1].suffix(8))))
  }

  @Test("given amounts past the ledger's limit, small or huge, when added, then each is refused with the same limit")
  func oneMessageForTheLimit() throws {
    #expect(try budget.run(["init"]).status == 0)
    #expect(try budget.run(["account", "open", "Checking", "--date", "2024-01-01"]).status == 0)
    for amount in ["10000000000000", "900000000000000", "999999999999999", String(repeating: "9", count: 30)] {
      let refused = try budget.run(["tx", "add", amount, "--name", "X", "--category", "Food"])
      #expect(refused.status == 1, "\(amount)")
      #expect(
        refused.stderr.contains("is larger than the ledger's limit of 9,999,999,999,999.9999"), "\(refused.stderr)")
      #expect(!refused.stderr.contains("overflow"), "\(refused.stderr)")
      // and it names the amount it refused, whichever check found it
      #expect(refused.stderr.contains(amount), "\(refused.stderr)")
    }
  }

  @Test("given a transaction named with accents, when searched without them (and the other way), then it is found")
  func searchFoldsAccents() throws {
    #expect(try budget.run(["init"]).status == 0)
    #expect(try budget.run(["account", "open", "Checking", "--date", "2024-01-01"]).status == 0)
    #expect(try budget.run(["tx", "add", "4.20", "--name", "Café Crème", "--category", "Restaurants"]).status == 0)
    #expect(try budget.run(["tx", "add", "3.10", "--name", "Creme brulee", "--category", "Restaurants"]).status == 0)
    let plain = try budget.run(["tx", "search", "cafe"])
    #expect(plain.stdout.contains("Café Crème"), "\(plain.stdout)")
    let accented = try budget.run(["tx", "search", "crème"])
    #expect(accented.stdout.contains("Café Crème") && accented.stdout.contains("Creme brulee"), "\(accented.stdout)")
  }

  @Test("given names typed with spaces around them, when recorded, then the lines that report them show them as stored")
  func reportsEchoWhatWasStored() throws {
    let created = try budget.run(["init", "--name", "  Home  "])
    #expect(created.stdout.contains("created ledger 'Home'"), "\(created.stdout)")
    #expect(
      try budget.run(["account", "open", "  Checking  ", "--date", "2024-01-01"]).stdout.contains("account 'Checking'"))
    let added = try budget.run(["tx", "add", "5", "--name", "  padded  ", "--category", "Food"])
    #expect(added.stdout.contains("'padded'"), "\(added.stdout)")
    #expect(
      try budget.run(["budget", "income", "  Salary  ", "10", "--month", "2024-03"]).stdout.contains("of 'Salary'"))
    // a source known in another case is recorded, and reported, as known
    #expect(try budget.run(["budget", "income", "salary", "20", "--month", "2024-03"]).stdout.contains("of 'Salary'"))
  }

  @Test(
    "given an account that still holds money, when closed, then it is refused with its balance and the fix; --force closes it"
  )
  func closingANonEmptyAccountNeedsForce() throws {
    #expect(try budget.run(["init"]).status == 0)
    #expect(try budget.run(["account", "open", "Checking", "--opening", "120.50", "--date", "2024-01-01"]).status == 0)
    #expect(try budget.run(["account", "open", "Card", "--opening", "-30", "--date", "2024-01-01"]).status == 0)
    let refused = try budget.run(["account", "close", "Checking"])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("'Checking' still holds 120.50 EUR on 2024-03-31"), "\(refused.stderr)")
    #expect(refused.stderr.contains("budget transfer 120.50 --from Checking --to ACCOUNT"))
    let owing = try budget.run(["account", "close", "Card"])
    #expect(
      owing.stderr.contains("settle it first (budget transfer 30.00 --from ACCOUNT --to Card)"), "\(owing.stderr)")
    #expect(try budget.run(["account", "close", "Checking", "--force"]).status == 0)
    // an empty account closes without more ado
    #expect(try budget.run(["account", "open", "Empty", "--date", "2024-01-01"]).status == 0)
    #expect(try budget.run(["account", "close", "Empty"]).status == 0)
  }

  @Test("given every command, when its help is dumped, then every argument, option and flag says what it is")
  func everyArgumentHasHelp() throws {
    let dump = try budget.run(["--experimental-dump-help"])
    let root = try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any]
    var missing: [String] = []
    func walk(_ command: [String: Any], _ path: String) {
      for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["shouldDisplay"] as? Bool ?? true {
        if (argument["abstract"] as? String ?? "").isEmpty {
          let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
          missing.append("\(path) \(names.first ?? argument["valueName"] as? String ?? "?")")
        }
      }
      for sub in command["subcommands"] as? [[String: Any]] ?? [] where sub["commandName"] as? String != "help" {
        walk(sub, path + " " + (sub["commandName"] as? String ?? "?"))
      }
    }
    walk(try #require(root?["command"] as? [String: Any]), "budget")
    #expect(missing == [], "arguments without help: \(missing)")
  }

  @Test(
    "given 25 transactions, when listed or searched 20 at a time, then the page says there is more and --before shows the rest"
  )
  func listsSayThereIsMore() throws {
    #expect(try budget.run(["init"]).status == 0)
    #expect(try budget.run(["account", "open", "Checking", "--opening", "100", "--date", "2024-01-01"]).status == 0)
    for day in 1...25 {
      let date = "2024-02-" + (day < 10 ? "0\(day)" : "\(day)")
      #expect(
        try budget.run(["tx", "add", "1", "--name", "Shop \(day)", "--category", "Food", "--date", date]).status == 0)
    }
    func page(_ arguments: [String]) throws -> (rows: Int, before: String?) {
      let output = try budget.run(arguments + ["--json"])
      let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
      return ((object?["rows"] as? [Any])?.count ?? -1, object?["nextBefore"] as? String)
    }
    for command in [["tx", "list"], ["tx", "search", "shop"]] {
      let text = try budget.run(command).stdout
      #expect(text.contains("20 rows shown; older ones: the same command with --before 2024-02-06/"), "\(text)")
      let first = try page(command)
      #expect(first.rows == 20)
      let cursor = try #require(first.before)
      let second = try page(command + ["--before", cursor])
      #expect(second.rows == (command[1] == "list" ? 6 : 5))  // the log also has the opening balance
      #expect(second.before == nil)
      #expect(!(try budget.run(command + ["--before", cursor]).stdout.contains("rows shown")))
      #expect(try budget.run(command + ["--limit", "1"]).stdout.contains("\n1 row shown; older ones"))
    }
    #expect(try budget.run(["tx", "list", "--before", "yesterday"]).status == 2)
  }

  @Test(
    "given an import of three rows, when undone, then undo says in one line what it changed and which import it took back; the detail is in --json"
  )
  func undoSaysWhatItUndid() throws {
    #expect(try budget.run(["init"]).status == 0)
    #expect(try budget.run(["account", "open", "Checking", "--date", "2024-01-01"]).status == 0)
    let csv = directory.file("three.csv")
    try Data("date,payee,amount,category\n2024-03-01,A,-1,Food\n2024-03-02,B,-2,Food\n2024-03-03,C,-3,Food\n".utf8)
      .write(to: URL(fileURLWithPath: csv))
    #expect(try budget.run(["import", "csv", csv, "--account", "Checking"]).status == 0)
    let undone = try budget.run(["undo"])
    #expect(undone.status == 0)
    let lines = undone.stdout.split(separator: "\n")
    #expect(lines.count == 1, "\(undone.stdout)")
    #expect(
      lines.first?.hasPrefix("undone: 3 transactions deleted (the import of three.csv at positions ") == true,
      "\(undone.stdout)")
    #expect(lines.first?.contains(", by ") == true && lines.first?.hasSuffix(" UTC)") == true, "\(undone.stdout)")
    // the account's opening, undone next, is described as such
    let json = try budget.run(["undo", "--json"])
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let taken = object?["undone"] as? [String: Any]
    #expect((taken?["events"] as? [String: Int])?["AccountOpened"] == 1, "\(json.stdout)")
    #expect((taken?["positions"] as? [Int])?.count == 2)
    #expect(taken?["command"] as? String == "command" && taken?["file"] == nil)
    #expect((object?["events"] as? [String: Int]) == ["AccountClosed": 1], "\(json.stdout)")
    #expect(object?["summary"] as? String == "account 'Checking' closed", "\(json.stdout)")
    #expect(object?["details"] as? [String] == ["account 'Checking' closed"])
    #expect(object?["list"] == nil)
  }

  @Test(
    "given an amount finer than its currency's cents, when added or imported, then it is refused saying how to round it"
  )
  func amountsRespectTheCurrencysDigits() throws {
    #expect(try budget.run(["init"]).status == 0)
    #expect(try budget.run(["account", "open", "Checking", "--date", "2024-01-01"]).status == 0)
    let refused = try budget.run(["tx", "add", "5.1234", "--name", "Odd", "--category", "Food"])
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains("5.1234 has more decimal places than EUR amounts have (2); round it to 2"),
      "\(refused.stderr)")
    let csv = directory.file("fine.csv")
    try Data("date,payee,amount,category\n2024-03-01,A,-1.005,Food\n2024-03-02,B,-2.50,Food\n".utf8)
      .write(to: URL(fileURLWithPath: csv))
    let imported = try budget.run(["import", "csv", csv, "--account", "Checking"])
    #expect(imported.status == 4)
    #expect(imported.stdout.contains("added 1"))
    #expect(
      imported.stderr.contains("line 2:") && imported.stderr.contains("1.005 has more decimal places"),
      "\(imported.stderr)")
    // so one odd amount no longer turns every running balance into four decimals
    #expect(!(try budget.run(["tx", "list"]).stdout.contains(".5000")))
  }

  @Test(
    "given Food assigned 400 with 400 carried in, when the sheet is shown, then assigned, carried and available are separate columns and the total sums what is assigned"
  )
  func sheetColumnsAddUp() throws {
    #expect(try budget.run(["init"]).status == 0)
    #expect(try budget.run(["account", "open", "Checking", "--opening", "1000", "--date", "2024-01-01"]).status == 0)
    #expect(try budget.run(["budget", "set", "Food", "400", "--month", "2024-02"]).status == 0)
    #expect(try budget.run(["budget", "rollover", "Food", "--from", "2024-02"]).status == 0)
    #expect(try budget.run(["budget", "set", "Food", "400", "--month", "2024-03"]).status == 0)
    let sheet = try budget.run(["budget", "show", "--month", "2024-03"]).stdout
    let rows = sheet.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
    #expect(
      rows.contains { $0.starts(with: ["VARIABLE", "EXPENSES", "ASSIGNED", "CARRIED", "AVAILABLE", "ACTUAL"]) },
      "\(sheet)")
    #expect(rows.contains { $0.starts(with: ["Food", "400.00", "400.00", "800.00"]) }, "\(sheet)")
    #expect(rows.contains { $0.starts(with: ["Total", "assigned", "400.00"]) }, "\(sheet)")
    #expect(rows.contains { $0.starts(with: ["Carried", "in", "400.00"]) }, "\(sheet)")
  }

  @Test(
    "given a euro ledger with a dollar card, when reports meet both currencies, then every amount says its currency and nothing is added across them silently"
  )
  func twoCurrenciesAreNeverMixedSilently() throws {
    #expect(try budget.run(["init"]).status == 0)
    #expect(try budget.run(["account", "open", "Checking", "--opening", "1000", "--date", "2024-01-01"]).status == 0)
    #expect(
      try budget.run([
        "account", "open", "Travel card", "--currency", "USD", "--opening", "200", "--date", "2024-01-01",
      ]).status == 0)
    #expect(
      try budget.run(["tx", "add", "23.50", "--name", "Bistro", "--category", "Restaurants", "--account", "Checking"])
        .status == 0)
    #expect(
      try budget.run(["tx", "add", "30", "--name", "Diner", "--category", "Restaurants", "--account", "Travel card"])
        .status == 0)
    // categories: a CURRENCY column once two currencies meet, the base currency first
    let categories = try budget.run(["report", "categories"]).stdout
    let rows = categories.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
    #expect(rows.first == ["CATEGORY", "SPENT", "RECEIVED", "NET", "CURRENCY", "COUNT"], "\(categories)")
    #expect(rows.dropFirst().map { $0.count > 4 ? String($0[4]) : "" } == ["EUR", "USD"], "\(categories)")
    // the sheet's available funds say they are euros only, and what they leave out
    let sheet = try budget.run(["budget", "show"]).stdout
    #expect(
      sheet.contains(
        "Available funds     976.50 EUR on 2024-03-31 (Checking 976.50; EUR accounts only; not added in: 170.00 USD)"),
      "\(sheet)")
    let json = try budget.run(["budget", "show", "--json"]).stdout
    #expect(json.contains("\"otherCurrencyFunds\""), "\(json)")
    // the dollars spent are in no line's actual, and the sheet and the report say so
    #expect(sheet.contains("Not in the actuals: 30.00 USD spent in other currencies (budgets are in EUR)"), "\(sheet)")
    let report = try budget.run(["report", "budget-vs-actual"]).stdout
    #expect(report.contains("Not in the actuals: 30.00 USD"), "\(report)")
    // the all-accounts log is in euros, and says which account it leaves out
    let list = try budget.run(["tx", "list"]).stdout
    #expect(!list.contains("Diner"))
    #expect(list.contains("not in this EUR log: \"Travel card\" (USD)"), "\(list)")
    #expect(try budget.run(["tx", "list", "--account", "Travel card"]).stdout.contains("Diner"))
    // a list by category meets both currencies: each amount says its own
    let byCategory = try budget.run(["tx", "list", "--category", "Restaurants"]).stdout
    #expect(
      byCategory.contains("CURRENCY") && byCategory.contains("USD") && byCategory.contains("EUR"), "\(byCategory)")
    // and the JSON of the categories report keeps the base currency first, as the table does
    // (30 dollars are not "more" than 23.50 euros)
    let categoriesJSON = try budget.run(["report", "categories", "--json"]).stdout
    let currencies = (try JSONSerialization.jsonObject(with: Data(categoriesJSON.utf8)) as? [[String: Any]] ?? [])
      .compactMap {
        $0["currency"] as? String
      }
    #expect(currencies == ["EUR", "USD"], "\(categoriesJSON)")
    // the cashflow is the base currency's, and says which it leaves out
    #expect(try budget.run(["report", "cashflow"]).stdout.hasPrefix("Cashflow 2024 in EUR (USD not in it"))
  }

  @Test(
    "given March as a period and transactions dated in it, assigned to it or not, when it is closed, then the freeze, the list and the report all go by date"
  )
  func periodsGoByDate() throws {
    #expect(try budget.run(["init"]).status == 0)
    #expect(try budget.run(["account", "open", "Checking", "--opening", "500", "--date", "2024-01-01"]).status == 0)
    #expect(try budget.run(["period", "open", "March", "--start", "2024-03-01", "--end", "2024-03-31"]).status == 0)
    #expect(
      try budget.run(["tx", "add", "5", "--name", "Early", "--category", "Food", "--date", "2024-03-05"]).status == 0)
    #expect(
      try budget.run(["tx", "add", "7", "--name", "Mid", "--category", "Restaurants", "--date", "2024-03-10"]).status
        == 0)
    #expect(
      try budget.run([
        "tx", "add", "12", "--name", "Tagged", "--category", "Food", "--date", "2024-03-12", "--period", "March",
      ])
      .status == 0)
    #expect(
      try budget.run(["tx", "add", "9", "--name", "April", "--category", "Food", "--date", "2024-02-28"]).status == 0)
    #expect(try budget.run(["period", "close", "March"]).status == 0)
    // the freeze is by date
    #expect(
      try budget.run(["tx", "add", "1", "--name", "Late", "--category", "Food", "--date", "2024-03-15"]).status == 1)
    // and so are the list and the report: every transaction dated in March, assigned or not
    let list = try budget.run(["tx", "list", "--period", "March"]).stdout
    for name in ["Early", "Mid", "Tagged"] { #expect(list.contains(name), "\(name): \(list)") }
    #expect(!list.contains("April"))
    let report = try budget.run(["report", "categories", "--period", "March", "--json"]).stdout
    let rows = try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [[String: Any]] ?? []
    let food = rows.first { $0["category"] as? String == "Food" }
    #expect(food?["spent"] as? String == "17.00" && food?["count"] as? Int == 2, "\(report)")
    #expect(rows.first { $0["category"] as? String == "Restaurants" }?["spent"] as? String == "7.00")
  }

  @Test("given a month's plan copied once, when copied again, then it says the target has it already")
  func copyingAgainSaysSo() throws {
    #expect(try budget.run(["init"]).status == 0)
    #expect(try budget.run(["budget", "set", "Food", "300", "--month", "2024-03"]).status == 0)
    #expect(
      try budget.run(["budget", "copy", "--from", "2024-03", "--to", "2024-04"]).stdout.contains("copied 1 budget"))
    let again = try budget.run(["budget", "copy", "--from", "2024-03", "--to", "2024-04"])
    #expect(again.status == 0)
    #expect(again.stdout.contains("April 2024 already has the plan of March 2024: nothing to copy"), "\(again.stdout)")
  }
}
