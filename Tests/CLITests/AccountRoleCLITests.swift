import Foundation
import LedgerTesting
import Testing

/// Account roles and the sheet's available funds, through the real binary.
@Suite("budget CLI: account roles and available funds")
struct AccountRoleCLITests {
  let directory = TemporaryDirectory()
  let budget: BinaryRunner

  init() throws {
    budget = try BinaryRunner(
      "budget", environment: ["BUDGET_LEDGER": directory.file("roles.ledger"), "BUDGET_TODAY": "2024-03-31"])
  }

  @discardableResult
  func ok(_ arguments: String...) throws -> BinaryRunner.Output {
    let output = try budget.run(arguments)
    #expect(output.status == 0, "budget \(arguments.joined(separator: " ")) failed: \(output.stderr)")
    return output
  }

  func json(_ arguments: String...) throws -> Any {
    let output = try budget.run(arguments + ["--json"])
    #expect(output.status == 0, "budget \(arguments.joined(separator: " ")): \(output.stderr)")
    return try JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
  }

  /// Checking 1,265.01, Savings 800.00, a card owing 120.00, a car loan owing 9,000.00.
  func household() throws {
    try ok("init", "--currency", "EUR")
    try ok("account", "open", "Checking", "--opening", "1400", "--date", "2024-01-01")
    try ok("account", "open", "Savings", "--type", "savings", "--opening", "800", "--date", "2024-01-01")
    try ok("account", "open", "Card", "--type", "credit-card", "--opening", "-100", "--date", "2024-01-01")
    try ok("account", "open", "Car loan", "--type", "loan", "--opening", "-9000", "--date", "2024-01-01")
    try ok("tx", "add", "134.99", "--name", "Market", "--category", "Food", "--account", "Checking")
    try ok("tx", "add", "20", "--name", "Books", "--category", "Food", "--account", "Card")
  }

  @Test(
    "given checking, savings, a card with debt and a car loan, when the sheet is shown, then available funds are checking + savings − card debt and the line names them and the loan"
  )
  func sheetCountsBudgetAccounts() throws {
    try household()

    let text = try ok("budget", "show", "--month", "2024-03").stdout
    let sheet = try json("budget", "show", "--month", "2024-03") as? [String: Any] ?? [:]

    // 1,265.01 + 800.00 − 120.00 = 1,945.01 (with the loan it was −7,054.99)
    #expect(
      text.contains(
        "Available funds     1,945.01 on 2024-03-31 (Card -120.00, Checking 1,265.01, Savings 800.00; tracking accounts not counted: Car loan)"
      ), "\(text)")
    #expect(sheet["availableFunds"] as? String == "1945.01")
    let counted = sheet["fundsAccounts"] as? [[String: Any]] ?? []
    #expect(counted.map { $0["name"] as? String } == ["Card", "Checking", "Savings"])
    #expect(counted.map { $0["balance"] as? String } == ["-120.00", "1265.01", "800.00"])
    let tracking = sheet["trackingAccounts"] as? [[String: Any]] ?? []
    #expect(
      tracking.map { $0["name"] as? String } == ["Car loan"] && tracking.first?["balance"] as? String == "-9000.00")
  }

  @Test(
    "given the household, when the loan is set to budget, then list and sheet follow; set again to budget is refused and changes nothing; undo sets it back"
  )
  func setRole() throws {
    try household()
    let before = try json("account", "list") as? [[String: Any]] ?? []
    #expect(
      before.map { $0["role"] as? String } == ["tracking", "budget", "budget", "budget"],
      "Car loan, Card, Checking, Savings")
    #expect(try ok("account", "list").stdout.contains("ROLE"))

    let set = try ok("account", "set", "Car loan", "--role", "budget")

    #expect(set.stdout.contains("'Car loan' is a budget account"), "\(set.stdout)")
    #expect((try json("account", "list") as? [[String: Any]])?.first?["role"] as? String == "budget", "Car loan")
    #expect(
      (try json("budget", "show", "--month", "2024-03") as? [String: Any])?["availableFunds"] as? String == "-7054.99")
    let log = try ok("log", "--json").stdout
    let refused = try budget.run(["account", "set", "Car loan", "--role", "budget"])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("'Car loan' is already a budget account"), "\(refused.stderr)")
    #expect(try ok("log", "--json").stdout == log, "a refusal records nothing")
    let bad = try budget.run(["account", "set", "Car loan", "--role", "asset"])
    #expect(bad.status == 2, "\(bad.stderr)")
    let history = (try json("history", "account", "Car loan") as? [String: Any])?["entries"] as? [[String: Any]] ?? []
    #expect(history.last?["event"] as? String == "AccountRoleChanged")
    #expect((history.last?["changes"] as? [String])?.first == "role tracking → budget", "\(history)")

    try ok("undo")
    #expect(
      (try json("budget", "show", "--month", "2024-03") as? [String: Any])?["availableFunds"] as? String == "1945.01")
  }
}
