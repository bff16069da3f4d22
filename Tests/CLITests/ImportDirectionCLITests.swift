import Foundation
import LedgerTesting
import Testing

/// End to end: where `budget import csv` reads each row's direction — a type column, the
/// amounts' signs — and the files it refuses rather than book every expense as income.
@Suite("budget CLI: import, the direction of each row")
struct ImportDirectionCLITests {
  let directory = TemporaryDirectory()
  let budget: BinaryRunner

  init() throws {
    budget = try BinaryRunner(
      "budget", environment: ["BUDGET_LEDGER": directory.file("direction.ledger"), "BUDGET_TODAY": "2024-03-31"])
  }

  @discardableResult
  func ok(_ arguments: [String]) throws -> String {
    let output = try budget.run(arguments)
    #expect(output.status == 0, "budget \(arguments.joined(separator: " ")) failed: \(output.stderr)")
    return output.stdout
  }

  func setUp() throws {
    try ok(["init"])
    try ok(["account", "open", "Checking", "--opening", "1000", "--date", "2024-01-01"])
  }

  func write(_ name: String, _ text: String) throws -> String {
    let path = directory.file(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Checking's balance, as `report balances --json` gives it.
  func checkingBalance() throws -> String? {
    let report = try JSONSerialization.jsonObject(with: Data(try ok(["report", "balances", "--json"]).utf8))
    let accounts = (report as? [String: Any])?["accounts"] as? [[String: Any]]
    return accounts?.first { $0["account"] as? String == "Checking" }?["balance"] as? String
  }

  /// An app's export: unsigned amounts, the direction in a `type` column.
  static let appExport = """
    date,amount,name,category,type
    2024-03-01,42.50,Market,Food,expense
    2024-03-02,2000.00,Salary,Income,income
    2024-03-03,12.00,Cinema,Restaurants,Expense

    """

  @Test(
    "given an export with unsigned amounts and a type column, when imported with only --payee-column, then expenses are money out, and the output says where the direction came from"
  )
  func typeColumnIsDetected() throws {
    try setUp()
    let file = try write("app.csv", Self.appExport)

    let output = try budget.run(["import", "csv", file, "--account", "Checking", "--payee-column", "name"])

    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.hasPrefix("added 3, skipped 0 already imported, rejected 0"))
    #expect(output.stderr.contains("note: direction from column 'type'"))
    #expect(try checkingBalance() == "2945.50")  // 1,000 − 42.50 + 2,000 − 12.00
  }

  @Test(
    "given the same export, when imported with --no-type-column, then the file is refused as all positive, naming the fixes, and nothing is recorded; --all-income imports it as income"
  )
  func everyAmountPositiveIsRefused() throws {
    try setUp()
    let file = try write("app.csv", Self.appExport)
    let before = try ok(["log", "--json"])

    for dryRun in [[], ["--dry-run"]] {
      let output = try budget.run(
        ["import", "csv", file, "--account", "Checking", "--payee-column", "name", "--no-type-column"] + dryRun)
      #expect(output.status == 1)
      #expect(
        output.stderr
          == "error: every amount in \(file) is positive, so every row would be money received; if the file's amounts are unsigned, give the direction with --type-column COL, or --debit-column/--credit-column; if they really are all income, pass --all-income\n"
      )
    }
    #expect(try ok(["log", "--json"]) == before)

    try ok([
      "import", "csv", file, "--account", "Checking", "--payee-column", "name", "--no-type-column", "--all-income",
    ])
    #expect(try checkingBalance() == "3054.50")
  }

  @Test(
    "given a type column of the user's own words, when imported with --type-column and --income-values/--expense-values, then the words give the direction; an unknown word rejects its row"
  )
  func ownWords() throws {
    try setUp()
    let file = try write(
      "bank.csv",
      """
      date,amount,payee,category,Richtung
      2024-03-01,42.50,Market,Food,Aus
      2024-03-02,100.00,Refund,Food,ein
      2024-03-03,5.00,Odd,Food,?

      """)

    let output = try budget.run([
      "import", "csv", file, "--account", "Checking", "--type-column", "Richtung", "--income-values", "ein,zurück",
      "--expense-values", "aus", "--json",
    ])

    #expect(output.status == 4, "\(output.stderr)")
    let summary = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
    #expect(summary?["added"] as? Int == 2)
    #expect(summary?["refunds"] as? Int == 1)
    #expect(
      summary?["rejected"] as? [String] == [
        "line 4: type '?' is neither money in ('ein', 'zurück') nor money out ('aus'); name its words with --income-values/--expense-values, or pass --no-type-column if column 'Richtung' does not say the direction"
      ])
    #expect(try checkingBalance() == "1057.50")
  }

  @Test(
    "given a signed file with money back into Food, when imported, then the summary counts the refund in text and JSON; a re-import counts none"
  )
  func refundsAreCounted() throws {
    try setUp()
    let file = try write(
      "signed.csv",
      """
      date,amount,payee,category
      2024-03-01,-42.50,Market,Food
      2024-03-02,10.00,Market refund,Food
      2024-03-03,2000.00,Salary,Income

      """)

    let dry = try ok(["import", "csv", file, "--account", "Checking", "--dry-run", "--json"])
    let text = try ok(["import", "csv", file, "--account", "Checking"])
    let again = try ok(["import", "csv", file, "--account", "Checking", "--json"])

    #expect((try JSONSerialization.jsonObject(with: Data(dry.utf8)) as? [String: Any])?["refunds"] as? Int == 1)
    #expect(
      text
        == "added 3, skipped 0 already imported, rejected 0\n1 of them is a refund: money in, booked to an expense category\n"
    )
    #expect((try JSONSerialization.jsonObject(with: Data(again.utf8)) as? [String: Any])?["refunds"] as? Int == 0)
  }

  @Test(
    "given --type-column with --debit-column, when run, then a usage error (exit 2) saying the columns give the direction"
  )
  func typeColumnWithDebitColumn() throws {
    try setUp()
    let file = try write("app.csv", Self.appExport)

    let output = try budget.run([
      "import", "csv", file, "--account", "Checking", "--type-column", "type", "--debit-column", "amount",
    ])

    #expect(output.status == 2)
    #expect(output.stderr.contains("--type-column gives the direction of --amount-column"))
  }
}
