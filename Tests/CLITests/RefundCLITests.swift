import Foundation
import LedgerTesting
import Testing

/// A refund through the real binary: money back from a shop, booked to Food, lowers Food's
/// spending in every report that speaks of it, and in the hledger export.
@Suite("budget CLI: refunds")
struct RefundCLITests {
  let directory = TemporaryDirectory()
  let budget: BinaryRunner

  init() throws {
    budget = try BinaryRunner(
      "budget", environment: ["BUDGET_LEDGER": directory.file("refund.ledger"), "BUDGET_TODAY": "2026-12-06"])
  }

  @discardableResult
  func ok(_ arguments: String...) throws -> String {
    let output = try budget.run(arguments)
    #expect(output.status == 0, "budget \(arguments.joined(separator: " ")) failed: \(output.stderr)")
    return output.stdout
  }

  func json<T>(_ arguments: String..., as: T.Type) throws -> T? {
    let output = try budget.run(arguments + ["--json"])
    #expect(output.status == 0, "\(output.stderr)")
    return try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? T
  }

  /// The cells of the table row that starts with `name`.
  func row(_ text: String, _ name: String) -> [Substring] {
    text.split(separator: "\n").first { $0.hasPrefix(name + " ") }?.split(separator: " ") ?? []
  }

  @Test(
    "given 100 budgeted for Food, 50 spent and a 20 refund, when reported, then budget vs actual, the sheet, categories, cashflow and hledger count 30"
  )
  func refundEverywhere() throws {
    try ok("init", "--name", "R", "--currency", "EUR")
    try ok("account", "open", "Checking", "--opening", "500", "--date", "2026-12-01")
    try ok("budget", "set", "Food", "100", "--month", "2026-12")
    try ok("tx", "add", "50", "--name", "Shop", "--category", "Food", "--date", "2026-12-02")
    let refund = try ok(
      "tx", "add", "20", "--type", "income", "--name", "Shop refund", "--category", "Food", "--date", "2026-12-03")
    #expect(refund.hasSuffix(" — a refund: it lowers Food's spending\n"), "\(refund)")
    try ok("tx", "add", "1000", "--type", "income", "--name", "Salary", "--category", "Income", "--date", "2026-12-04")

    // Food: 50 − 20 = 30 actual; 100 − 30 = 70 left; 30 of 100 used.
    let report = try ok("report", "budget-vs-actual", "--month", "2026-12")
    #expect(row(report, "Food") == ["Food", "100.00", "30.00", "70.00", "30.0", "%"], "\(report)")
    #expect(row(report, "Total").prefix(4) == ["Total", "100.00", "30.00", "70.00"], "\(report)")
    let sheet = try #require(try json("budget", "show", "--month", "2026-12", as: [String: Any].self))
    let food = (sheet["lines"] as? [[String: Any]])?.first { $0["name"] as? String == "Food" }
    #expect(food?["actual"] as? String == "30.00" && food?["difference"] as? String == "70.00")
    #expect(food?["usedPercent"] as? String == "30.00" && food?["alert"] as? Int == 0)

    // Categories: SPENT 50, RECEIVED 20, NET 30 for Food; Income's NET is what it received.
    let categories = try ok("report", "categories", "--month", "2026-12")
    #expect(categories.split(separator: "\n").first?.split(separator: " ").contains("NET") == true, "\(categories)")
    #expect(row(categories, "Food") == ["Food", "50.00", "20.00", "30.00", "2"], "\(categories)")
    let rows = try #require(try json("report", "categories", "--month", "2026-12", as: [[String: Any]].self))
    let foodRow = rows.first { $0["category"] as? String == "Food" }
    #expect(foodRow?["net"] as? String == "30.00" && foodRow?["kind"] as? String == "expense")
    let incomeRow = rows.first { $0["category"] as? String == "Income" }
    #expect(incomeRow?["net"] as? String == "1000.00" && incomeRow?["kind"] as? String == "income")

    // Cashflow: the refund is negative expense, not income: 1,000 in, 30 out, 970 net.
    let months = try #require(try json("report", "cashflow", "--year", "2026", as: [[String: String]].self))
    let december = months.first { $0["month"] == "2026-12" }
    #expect(december?["income"] == "1000.00" && december?["expenses"] == "30.00" && december?["net"] == "970.00")

    // The real hledger agrees: expenses:Food is 30.00.
    let journal = directory.file("refund.journal")
    try ok("export", "hledger", "-o", journal)
    let text = try String(contentsOfFile: journal, encoding: .utf8)
    #expect(text.contains("    expenses:Food  -20.00 EUR"), "\(text)")
    let hledger = try BinaryRunner.installed("hledger").run(["-f", journal, "balance", "expenses:Food", "--no-total"])
    #expect(hledger.status == 0, "hledger failed (make setup installs it): \(hledger.stderr)")
    #expect(hledger.stdout.contains("30.00 EUR  expenses:Food"), "\(hledger.stdout)")
  }
}
