import Foundation
import LedgerTesting
import Testing

/// `budget debt`: add, terms, list, plan (its JSON shape), undo, and the refusals.
@Suite("budget debt")
struct DebtCLITests {
  let directory = TemporaryDirectory()
  let budget: BinaryRunner

  init() throws {
    budget = try BinaryRunner(
      "budget", environment: ["BUDGET_LEDGER": directory.file("debts.ledger"), "BUDGET_TODAY": "2026-11-27"])
  }

  @discardableResult
  func ok(_ arguments: String...) throws -> String {
    let output = try budget.run(arguments)
    #expect(output.status == 0, "budget \(arguments.joined(separator: " ")): \(output.stderr)")
    return output.stdout
  }

  func fails(_ arguments: String..., saying text: String) throws {
    let output = try budget.run(arguments)
    #expect(output.status == 1, "budget \(arguments.joined(separator: " ")) should fail")
    #expect(output.stderr.contains(text), "budget \(arguments.joined(separator: " ")): \(output.stderr)")
  }

  @Test func aPlanOfTwoDebtsPrintsItsJSONShape() throws {
    // Given a card owing 500.00 at 10 % and a loan owing 2,000.00 at 20 %
    try ok("init", "--currency", "EUR")
    try ok("account", "open", "Card", "--type", "credit-card", "--opening", "-500", "--date", "2026-01-01")
    try ok("account", "open", "Loan", "--type", "loan", "--opening", "-2000", "--date", "2026-01-01")
    try ok("debt", "add", "Card", "--account", "Card", "--apr", "10", "--minimum", "25", "--due-day", "15")
    try ok("debt", "add", "Loan", "--account", "Loan", "--apr", "20", "--minimum", "50", "--term", "60")
    // When an avalanche plan with 100 extra from January 2027 is asked for as JSON
    let output = try ok("debt", "plan", "--strategy", "avalanche", "--extra", "100", "--from", "2027-01", "--json")
    let plan = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    // Then it has the documented shape, with money as exact strings
    #expect(plan["strategy"] as? String == "avalanche")
    #expect(plan["payoffMonth"] as? String == "2028-05")
    #expect(plan["totalInterest"] as? String == "326.04")
    #expect(plan["totalPaid"] as? String == "2826.04")
    let debts = try #require(plan["debts"] as? [[String: Any]])
    #expect(debts.map { $0["name"] as? String } == ["Card", "Loan"])
    #expect(debts.map { $0["payoffMonth"] as? String } == ["2028-05", "2028-04"])
    #expect((plan["months"] as? [Any])?.count == 17)
    // And --compare puts minimums beside the strategies
    let compared = try #require(
      try JSONSerialization.jsonObject(with: Data(try ok("debt", "plan", "--compare", "--extra", "100", "--json").utf8))
        as? [[String: Any]])
    #expect(compared.map { $0["strategy"] as? String } == ["snowball", "avalanche", "minimums"])
  }

  @Test func termsChangeFromADateAndUndoTakesTheChangeBack() throws {
    try ok("init", "--currency", "EUR")
    try ok("account", "open", "Card", "--type", "credit-card", "--opening", "-500", "--date", "2026-01-01")
    try ok("debt", "add", "Visa", "--account", "Card", "--apr", "19.99", "--minimum", "50")
    try ok("debt", "terms", "Visa", "--apr", "24.99", "--from", "2026-12-01")
    #expect(try ok("debt", "show", "Visa").contains("from 2026-12-01: APR 24.99 %"))
    #expect(try ok("history", "debt", "Visa").contains("DebtTermsChanged"))
    try ok("undo")
    #expect(!(try ok("debt", "show", "Visa").contains("24.99")))
    let list = try #require(
      try JSONSerialization.jsonObject(with: Data(try ok("debt", "list", "--json").utf8)) as? [[String: Any]])
    #expect(list.first?["owed"] as? String == "500.00")
    #expect(list.first?["apr"] as? String == "19.99")
  }

  @Test func badInputIsRefusedAndChangesNothing() throws {
    try ok("init", "--currency", "EUR")
    try ok("account", "open", "Checking", "--opening", "100", "--date", "2026-01-01")
    try ok("account", "open", "Card", "--type", "credit-card", "--opening", "-10000", "--date", "2026-01-01")
    try fails(
      "debt", "add", "X", "--account", "Checking", "--apr", "5", "--minimum", "10", saying: "is a checking account")
    try fails("debt", "add", "X", "--account", "Card", "--apr", "100.5", "--minimum", "10", saying: "over 100 %")
    try fails("debt", "add", "X", "--account", "Card", "--apr", "5", "--minimum", "0", saying: "must be more than zero")
    try fails("debt", "plan", saying: "nothing is owed")
    try ok("debt", "add", "Card", "--account", "Card", "--apr", "24", "--minimum", "150")
    try fails("debt", "plan", "--strategy", "minimums", saying: "never pays off 'Card'")
    try fails("debt", "plan", "--strategy", "custom", saying: "needs --order")
    try fails("debt", "show", "Crad", saying: "did you mean")
  }

  @Test func aPlanFollowsTermsChangedForALaterMonthAndFindsTheExtraForADate() throws {
    // Given a card owing 1,000.00 at 12 %, minimum 100.00, going to 24 % and 200.00 from
    // March 2027 (PayoffTermsChangeTests works this example out by hand)
    try ok("init", "--currency", "EUR")
    try ok("account", "open", "Card", "--type", "credit-card", "--opening", "-1000", "--date", "2026-01-01")
    try ok("debt", "add", "Card", "--account", "Card", "--apr", "12", "--minimum", "100")
    try ok("debt", "terms", "Card", "--apr", "24", "--minimum", "200", "--from", "2027-03-01")
    // When the plan from January 2027 is asked for, debt free by April 2027
    let output = try ok("debt", "plan", "--from", "2027-01", "--by", "2027-04", "--json")
    let plan = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    // Then the new terms apply from March: paid off in July 2027 after 63.54 of interest
    #expect(plan["payoffMonth"] as? String == "2027-07")
    #expect(plan["totalInterest"] as? String == "63.54")
    // And it is not on track for April; the extra needed is an exact string that does it,
    // while one cent less does not
    #expect(plan["by"] as? String == "2027-04")
    #expect(plan["onTrack"] as? Bool == false)
    let extra = try #require(plan["extraNeeded"] as? String)
    let cents = try #require(Int(extra.replacingOccurrences(of: ".", with: "")))
    let less = "\((cents - 1) / 100).\(String(format: "%02d", (cents - 1) % 100))"
    for (amount, meets) in [(extra, true), (less, false)] {
      let again = try ok("debt", "plan", "--from", "2027-01", "--by", "2027-04", "--extra", amount, "--json")
      let answer = try #require(try JSONSerialization.jsonObject(with: Data(again.utf8)) as? [String: Any])
      #expect(answer["onTrack"] as? Bool == meets, "extra \(amount)")
    }
    // And a month before the plan's first is refused
    try fails("debt", "plan", "--from", "2027-01", "--by", "2026-12", saying: "before the plan's first month")
    try fails("debt", "plan", "--compare", "--by", "2027-12", saying: "--by answers for one strategy")
  }

  @Test func aRemovedDebtLeavesTheListAndCannotBeRemovedTwice() throws {
    try ok("init", "--currency", "EUR")
    try ok("account", "open", "Card", "--type", "credit-card", "--opening", "-500", "--date", "2026-01-01")
    try ok("debt", "add", "Visa", "--account", "Card", "--apr", "19.99", "--minimum", "50")
    #expect(try ok("debt", "remove", "Visa", "--reason", "paid off").contains("removed debt 'Visa'"))
    let list = try JSONSerialization.jsonObject(with: Data(try ok("debt", "list", "--json").utf8)) as? [Any]
    #expect(list?.isEmpty == true)
    try fails("debt", "remove", "Visa", saying: "debt 'Visa' not found")
    #expect(try ok("history", "debt", "Visa").contains("DebtRemoved"))
  }
}
