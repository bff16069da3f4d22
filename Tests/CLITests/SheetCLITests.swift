import Foundation
import LedgerTesting
import Testing

/// The three sheets in the terminal, through the real binary.
@Suite("budget CLI: sheets and reports")
struct SheetCLITests {
  let directory = TemporaryDirectory()
  let budget: BinaryRunner

  init() throws {
    budget = try BinaryRunner(
      "budget", environment: ["BUDGET_LEDGER": directory.file("sheets.ledger"), "BUDGET_TODAY": "2024-03-31"])
  }

  @discardableResult
  func ok(_ arguments: String...) throws -> String {
    let output = try budget.run(arguments)
    #expect(output.status == 0, "budget \(arguments.joined(separator: " ")) failed: \(output.stderr)")
    return output.stdout
  }

  func json(_ arguments: String...) throws -> [String: Any] {
    let output = try budget.run(arguments + ["--json"])
    #expect(output.status == 0, "\(output.stderr)")
    return try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any] ?? [:]
  }

  @Test(
    "given income, budgets and spending, when the month's sheet is shown, then remaining to assign, % used and alerts are right"
  )
  func budgetSheet() throws {
    try ok("init")
    try ok("account", "open", "Checking", "--opening", "1000", "--date", "2024-01-01")
    try ok("budget", "income", "Salary", "3000", "--month", "2024-03")
    try ok("budget", "set", "Food", "400", "--month", "2024-03")
    try ok("budget", "set", "Bills", "200", "--month", "2024-03")
    try ok("tx", "add", "300", "--name", "Market", "--category", "Food", "--date", "2024-03-10")
    try ok("tx", "add", "250", "--name", "Power", "--category", "Bills", "--date", "2024-03-12")

    let sheet = try json("budget", "show", "--month", "2024-03")

    #expect(sheet["plannedIncome"] as? String == "3000.00")
    #expect(sheet["totalBudgeted"] as? String == "600.00")
    #expect(sheet["remainingToAssign"] as? String == "2400.00")
    #expect(sheet["availableFunds"] as? String == "450.00")
    let lines = sheet["lines"] as? [[String: Any]] ?? []
    let food = lines.first { $0["name"] as? String == "Food" }
    let bills = lines.first { $0["name"] as? String == "Bills" }
    #expect(
      food?["usedPercent"] as? String == "75.00" && food?["alert"] as? Int == 75
        && food?["overBudget"] as? Bool == false)
    #expect(
      bills?["difference"] as? String == "-50.00" && bills?["overBudget"] as? Bool == true
        && bills?["alert"] as? Int == 100)
    let text = try ok("report", "budget-vs-actual", "--month", "2024-03")
    #expect(text.contains("over budget") && text.contains("75.0 %"))
    // Without colour (the runner is no terminal) every alert level still reads, in its row.
    let rows = text.split(separator: "\n")
    #expect(rows.first { $0.hasPrefix("Food") }?.hasSuffix("75 % used") == true, "\(text)")
    #expect(rows.first { $0.hasPrefix("Bills") }?.hasSuffix("over budget") == true, "\(text)")
    try ok("tx", "add", "60", "--name", "Deli", "--category", "Food", "--date", "2024-03-11")
    let sheetText = try ok("budget", "show", "--month", "2024-03")
    #expect(sheetText.contains("ALERT"))
    #expect(
      sheetText.split(separator: "\n").first { $0.hasPrefix("Food") }?.hasSuffix("90 % used") == true, "\(sheetText)")
  }

  @Test(
    "given spending in two months, when categories and cashflow are reported, then totals per month and category add up"
  )
  func categoriesAndCashflow() throws {
    try ok("init")
    try ok("account", "open", "Checking", "--date", "2024-01-01")
    try ok("tx", "add", "2000", "--type", "income", "--name", "Pay", "--category", "Income", "--date", "2024-02-01")
    try ok("tx", "add", "80", "--name", "A", "--category", "Food", "--date", "2024-02-03")
    try ok("tx", "add", "20", "--name", "B", "--split", "Food=15", "--split", "Transport=5", "--date", "2024-03-03")

    let february = try ok("report", "categories", "--month", "2024-02")
    #expect(february.contains("Food") && february.contains("80.00") && february.contains("2,000.00"))
    let year = try budget.run(["report", "categories", "--year", "2024", "--json"])
    let rows = try JSONSerialization.jsonObject(with: Data(year.stdout.utf8)) as? [[String: Any]] ?? []
    let food = rows.first { $0["category"] as? String == "Food" }
    #expect(food?["spent"] as? String == "95.00" && food?["count"] as? Int == 2)
    #expect(rows.first { $0["category"] as? String == "Transport" }?["spent"] as? String == "5.00")
    for clash in [["--month", "2024-02", "--year", "2024"], ["--year", "2024", "--period", "Q1"]] {
      let refused = try budget.run(["report", "categories"] + clash)
      #expect(refused.status == 2 && refused.stderr.contains("both choose the report's dates; give one of them"))
    }
    let noYear = try budget.run(["report", "categories", "--year", "0"])
    #expect(noYear.status == 2 && noYear.stderr.contains("--year must be between 1 and 9999 (got 0)"))
    let cashflow = try budget.run(["report", "cashflow", "--year", "2024", "--json"])
    let months = try JSONSerialization.jsonObject(with: Data(cashflow.stdout.utf8)) as? [[String: String]] ?? []
    #expect(months.first { $0["month"] == "2024-02" }?["net"] == "1920.00")
    #expect(months.first { $0["month"] == "2024-03" }?["expenses"] == "20.00")
  }
}
