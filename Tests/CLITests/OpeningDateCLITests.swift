import Foundation
import LedgerTesting
import Testing

/// End to end: money dated before its account was opened is refused by every command that
/// records it — `tx add`, `transfer` and `import csv` — and nothing is recorded.
@Suite("budget CLI: nothing dated before its account was opened")
struct OpeningDateCLITests {
  let directory = TemporaryDirectory()
  let budget: BinaryRunner

  init() throws {
    budget = try BinaryRunner(
      "budget", environment: ["BUDGET_LEDGER": directory.file("opening.ledger"), "BUDGET_TODAY": "2026-12-01"])
  }

  @discardableResult
  func ok(_ arguments: [String]) throws -> String {
    let output = try budget.run(arguments)
    #expect(output.status == 0, "budget \(arguments.joined(separator: " ")) failed: \(output.stderr)")
    return output.stdout
  }

  func setUp() throws {
    try ok(["init"])
    try ok(["account", "open", "Checking", "--opening", "100", "--date", "2024-01-01"])
    try ok(["account", "open", "Card", "--type", "credit-card", "--date", "2026-11-26"])
  }

  @Test(
    "given Checking opened on 2024-01-01, when tx add is dated 2023-12-02, then exit 1 naming both dates, and nothing is recorded"
  )
  func transactionBeforeOpening() throws {
    try setUp()
    let before = try ok(["log", "--json"])

    let output = try budget.run([
      "tx", "add", "5", "--name", "X", "--category", "Food", "--account", "Checking", "--date", "2023-12-02",
    ])

    #expect(output.status == 1)
    #expect(
      output.stderr
        == "error: the transaction is dated 2023-12-02, before 'Checking' was opened on 2024-01-01; date it on or after 2024-01-01, or use an account that was open by then\n"
    )
    #expect(try ok(["log", "--json"]) == before)
  }

  @Test(
    "given a card opened on 2026-11-26, when a transfer into it is dated 2024-03-20, then exit 1 naming the card, and its balance never shows that money"
  )
  func transferBeforeOpening() throws {
    try setUp()

    let output = try budget.run(["transfer", "50", "--from", "Checking", "--to", "Card", "--date", "2024-03-20"])

    #expect(output.status == 1)
    #expect(output.stderr.contains("the transfer is dated 2024-03-20, before 'Card' was opened on 2026-11-26"))
    let balances = try ok(["report", "balances", "--as-of", "2024-03-31", "--json"])
    #expect(!balances.contains("50.00"))
  }

  @Test(
    "given a statement with one row dated before Checking was opened, when imported, then that row is rejected by line (exit 4) and the others are added"
  )
  func importRowBeforeOpening() throws {
    try setUp()
    let file = directory.file("statement.csv")
    try Data(
      "date,amount,payee,category\n2023-12-02,-5.00,Early,Food\n2024-01-02,-7.00,Market,Food\n".utf8
    ).write(to: URL(fileURLWithPath: file))

    let output = try budget.run(["import", "csv", file, "--account", "Checking", "--json"])

    #expect(output.status == 4, "\(output.stderr)")
    let summary = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
    #expect(summary?["added"] as? Int == 1)
    #expect(
      summary?["rejected"] as? [String] == [
        "line 2: the transaction is dated 2023-12-02, before 'Checking' was opened on 2024-01-01; date it on or after 2024-01-01, or use an account that was open by then"
      ])
  }
}
