import Foundation
import LedgerTesting
import Testing

/// `budget debt statement` and `budget debt interest` through the real binary, and the interest
/// in the hledger export checked by the real hledger.
@Suite("budget debt statement")
struct DebtStatementCLITests {
  let directory = TemporaryDirectory()
  let budget: BinaryRunner

  init() throws {
    budget = try BinaryRunner(
      "budget", environment: ["BUDGET_LEDGER": directory.file("debt.ledger"), "BUDGET_TODAY": "2026-11-27"])
  }

  @discardableResult
  func ok(_ arguments: String...) throws -> String {
    let output = try budget.run(arguments)
    #expect(output.status == 0, "budget \(arguments.joined(separator: " ")): \(output.stderr)")
    return output.stdout
  }

  /// A card owing 1,000.00 from August at 12 %, minimum 50.00: August's interest by the rule
  /// and 100.00 paid; September's by the rule, 200.00 bought, 30.00 paid; October's 12.34 from a
  /// statement and 60.00 paid.
  func givenACardWithThreeMonths() throws {
    try ok("init", "--currency", "EUR")
    try ok("account", "open", "Checking", "--opening", "5000", "--date", "2026-08-01")
    try ok("account", "open", "Card", "--type", "credit-card", "--opening", "-1000", "--date", "2026-08-01")
    try ok("debt", "add", "Visa", "--account", "Card", "--apr", "12", "--minimum", "50", "--from", "2026-08-01")
    try ok("debt", "interest", "Visa", "--month", "2026-08")
    try ok("transfer", "100", "--from", "Checking", "--to", "Card", "--date", "2026-08-20")
    try ok("debt", "interest", "Visa", "--month", "2026-09")
    try ok("tx", "add", "200", "--name", "Groceries", "--category", "Food", "--account", "Card", "--date", "2026-09-10")
    try ok("transfer", "30", "--from", "Checking", "--to", "Card", "--date", "2026-09-25")
    try ok("debt", "interest", "Visa", "--month", "2026-10", "--amount", "12.34")
    try ok("transfer", "60", "--from", "Checking", "--to", "Card", "--date", "2026-10-15")
  }

  @Test func theStatementSplitsEachPaymentAndTheExportPostsTheInterest() throws {
    // Given the card's three months
    try givenACardWithThreeMonths()
    // When its statement is asked for
    let statement = try #require(
      try JSONSerialization.jsonObject(with: Data(try ok("debt", "statement", "Visa", "--json").utf8))
        as? [String: Any])
    // Then August's 100.00 is 10.00 interest (1 % of 1,000.00) and 90.00 principal; September's
    // 9.10 (1 % of 910.00), its 30.00 short of the minimum; October's statement interest 12.34
    let months = try #require(statement["months"] as? [[String: Any]])
    #expect(months.map { $0["month"] as? String } == ["2026-08", "2026-09", "2026-10", "2026-11"])
    #expect(months.map { $0["interestCharged"] as? String } == ["10.00", "9.10", "12.34", nil])
    #expect(months.map { $0["principalPaid"] as? String } == ["90.00", "20.90", "47.66", "0.00"])
    #expect(months.map { $0["minimumMet"] as? Bool } == [true, false, true, nil])
    #expect(months.map { $0["closingOwed"] as? String } == ["910.00", "1089.10", "1041.44", "1041.44"])
    #expect(months[2]["expectedInterest"] as? String == "10.89")
    #expect(statement["interestPaid"] as? String == "31.44")
    #expect(statement["principalPaid"] as? String == "158.56")
    // And hledger, on the export, has the interest under expenses:Interest and the card's balance ours
    let journal = directory.file("debt.journal")
    try ok("export", "hledger", "-o", journal)
    let hledger = try BinaryRunner.installed("hledger").run(["-f", journal, "balance", "--flat", "--no-total"])
    #expect(hledger.status == 0, "hledger failed (make setup installs it): \(hledger.stderr)")
    let lines = hledger.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(lines.contains("31.44 EUR  expenses:Interest"), "\(hledger.stdout)")
    #expect(lines.contains("-1041.44 EUR  liabilities:Card"), "\(hledger.stdout)")
    #expect(try ok("report", "balances").contains("-1,041.44"))
  }

  @Test func postingInterestTwiceOrAheadIsRefusedAndChangesNothing() throws {
    // Given the card's three months
    try givenACardWithThreeMonths()
    let head = try ok("verify", "--json")
    // When October's interest is posted again, December's before it begins, July's before the
    // debt, or a negative amount
    for (arguments, text) in [
      (["--month", "2026-10"], "already has 12.34"), (["--month", "2026-12"], "has not begun"),
      (["--month", "2026-07"], "starts in 2026-08"), (["--month", "2026-11", "--amount", "-3"], "--amount"),
    ] {
      let output = try budget.run(["debt", "interest", "Visa"] + arguments)
      // Then each is refused, saying why, and the ledger is as it was
      #expect(output.status != 0, "\(arguments) should fail")
      #expect(output.stderr.contains(text), "\(arguments): \(output.stderr)")
    }
    #expect(try ok("verify", "--json") == head)
  }
}
