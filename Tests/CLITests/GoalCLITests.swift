import Foundation
import LedgerTesting
import Testing

/// `budget goal`: add, contribute, withdraw, list, show (JSON), time travel, undo, history, the
/// refusals — and money conservation checked by the real hledger.
@Suite("budget goal")
struct GoalCLITests {
  let directory = TemporaryDirectory()
  let budget: BinaryRunner

  init() throws {
    budget = try BinaryRunner(
      "budget", environment: ["BUDGET_LEDGER": directory.file("goals.ledger"), "BUDGET_TODAY": "2026-11-27"])
  }

  @discardableResult
  func ok(_ arguments: String...) throws -> String {
    let output = try budget.run(arguments)
    #expect(output.status == 0, "budget \(arguments.joined(separator: " ")): \(output.stderr)")
    return output.stdout
  }

  func fails(_ arguments: String..., saying text: String) throws {
    let output = try budget.run(arguments)
    #expect(output.status != 0, "budget \(arguments.joined(separator: " ")) should fail")
    #expect(output.stderr.contains(text), "budget \(arguments.joined(separator: " ")): \(output.stderr)")
  }

  func json(_ arguments: String...) throws -> [String: Any] {
    let output = try budget.run(arguments + ["--json"])
    #expect(output.status == 0, "budget \(arguments.joined(separator: " ")): \(output.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
  }

  /// Checking with 5,000.00, an empty savings account, and a trip goal funded by it that got
  /// 300.00 in each of August, September and October 2026.
  func givenATripGoal() throws {
    try ok("init", "--currency", "EUR")
    try ok("account", "open", "Checking", "--opening", "5000", "--date", "2026-01-01")
    try ok("account", "open", "Savings", "--type", "savings", "--date", "2026-01-01")
    try ok(
      "goal", "add", "Trip", "--target", "2400", "--by", "2027-06-30", "--kind", "vacation", "--account", "Savings",
      "--start", "2026-08-01", "--on-sheet")
    for month in ["08", "09", "10"] {
      try ok("goal", "contribute", "Trip", "300", "--from", "Checking", "--date", "2026-\(month)-15")
    }
  }

  @Test func showPrintsProgressMonthlyNeedAndProjection() throws {
    try givenATripGoal()
    // 900.00 saved of 2,400.00 on 2026-11-27: 1,500.00 left over November to June (8 months)
    // is 187.50 a month; at 300.00 a month (August–October) 5 months from November: March 2027.
    let goal = try json("goal", "show", "Trip")
    #expect(goal["saved"] as? String == "900.00")
    #expect(goal["left"] as? String == "1500.00")
    #expect(goal["percent"] as? String == "37.5")
    #expect(goal["monthlyNeed"] as? String == "187.50")
    #expect(goal["monthlyRate"] as? String == "300.00")
    #expect(goal["projectedDate"] as? String == "2027-03-31")
    #expect(goal["pace"] as? String == "on-track")
    #expect((goal["entries"] as? [[String: Any]])?.count == 3)
    // Time travel: at the end of September, 600.00 was saved
    #expect(try json("goal", "show", "Trip", "--as-of", "2026-09-30")["saved"] as? String == "600.00")
    #expect(try ok("goal", "list").contains("Trip"))
    #expect(try ok("history", "goal", "Trip").contains("contributed 300.00"))
  }

  @Test func aGoalOnTheSheetSetsItsMonthlyNeedAside() throws {
    try givenATripGoal()
    // November's need: 900.00 saved by the end of October, 1,500.00 left over November to
    // June (8 months): 187.50, taken from what remains to assign (no income planned: 0.00).
    let sheet = try json("budget", "show")
    let goals = try #require(sheet["goals"] as? [[String: Any]])
    #expect(goals.first?["name"] as? String == "Trip")
    #expect(goals.first?["monthlyNeed"] as? String == "187.50")
    #expect(goals.first?["counted"] as? Bool == true)
    #expect(sheet["remainingToAssign"] as? String == "-187.50")
    #expect(try ok("budget", "show").contains("goal: Trip"))
    // A category goal's need is its category's budget when none is set there
    try ok("category", "add", "Rainy Fund")
    try ok("goal", "add", "Rainy", "--target", "1300", "--by", "2027-11-30", "--category", "Rainy Fund", "--on-sheet")
    let lines = try #require(try json("budget", "show")["lines"] as? [[String: Any]])
    #expect(lines.first { $0["name"] as? String == "Rainy Fund" }?["assigned"] as? String == "100.00")
    try ok("goal", "change", "Trip", "--off-sheet")
    #expect(try json("budget", "show")["remainingToAssign"] as? String == "-100.00")
  }

  @Test func asKnownAtAnEarlierPositionTheGoalIsAsItWasThen() throws {
    try ok("init", "--currency", "EUR")
    try ok("account", "open", "Checking", "--opening", "5000", "--date", "2026-01-01")
    try ok("account", "open", "Savings", "--type", "savings", "--date", "2026-01-01")
    let added = try json("goal", "add", "Trip", "--target", "2400", "--account", "Savings")
    let position = try #require((added["positions"] as? [Int])?.last)
    try ok("goal", "contribute", "Trip", "300", "--from", "Checking")
    try ok("goal", "change", "Trip", "--name", "Lisbon")
    // Known at the addition: named Trip, nothing saved, nothing listed
    let then = try json("goal", "show", "Lisbon", "--as-known-at", "\(position)")
    #expect(then["name"] as? String == "Trip")
    #expect(then["saved"] as? String == "0.00")
    #expect((then["entries"] as? [Any])?.isEmpty == true)
    #expect(try json("goal", "show", "Lisbon")["saved"] as? String == "300.00")
    #expect(try ok("goal", "list", "--as-known-at", "1").contains("no goals"))
  }

  @Test func withdrawalsAndUndoMoveTheMoneyBack() throws {
    try givenATripGoal()
    try ok("goal", "withdraw", "Trip", "100", "--to", "Checking", "--note", "deposit")
    #expect(try json("goal", "show", "Trip")["saved"] as? String == "800.00")
    try ok("undo")
    #expect(try json("goal", "show", "Trip")["saved"] as? String == "900.00")
    try ok("undo")  // the October contribution: the transfer and its entry
    let goal = try json("goal", "show", "Trip")
    #expect(goal["saved"] as? String == "600.00")
    #expect((goal["entries"] as? [[String: Any]])?.count == 2)
    try ok("goal", "change", "Trip", "--target", "3000", "--name", "Lisbon")
    try ok("undo")
    #expect(try json("goal", "show", "Trip")["target"] as? String == "2400.00")
  }

  @Test func aCategoryGoalCountsTheMoneyBookedToItsCategory() throws {
    try ok("init", "--currency", "EUR")
    try ok("account", "open", "Checking", "--opening", "5000", "--date", "2026-01-01")
    try ok("category", "add", "Rainy Fund")
    try ok("goal", "add", "Rainy", "--target", "1000", "--category", "Rainy Fund", "--kind", "emergency")
    try ok("goal", "contribute", "Rainy", "250", "--from", "Checking", "--source", "windfall")
    let goal = try json("goal", "show", "Rainy")
    #expect(goal["saved"] as? String == "250.00")
    #expect(goal["fundingType"] as? String == "category")
    #expect(try ok("report", "balances").contains("4,750.00"))
  }

  @Test func aPaidTransferScheduleIntoTheGoalIsARecurringContribution() throws {
    try givenATripGoal()
    try ok(
      "schedule", "add", "Save", "150", "--account", "Checking", "--to", "Savings", "--every", "month", "--day", "20",
      "--start", "2026-11-20")
    try ok("schedule", "pay", "Save", "--occurrence", "2026-11-20")
    let goal = try json("goal", "show", "Trip")
    #expect(goal["saved"] as? String == "1050.00")
    let entries = try #require(goal["entries"] as? [[String: Any]])
    #expect(entries.last?["source"] as? String == "recurring")
    #expect(entries.last?["amount"] as? String == "150.00")
  }

  @Test func badInputIsRefusedAndChangesNothing() throws {
    try givenATripGoal()
    try ok("account", "open", "Old", "--date", "2026-01-01")
    try ok("account", "close", "Old")
    let before = try ok("goal", "list", "--json")
    try fails("goal", "add", "Car", "--target", "0", "--account", "Checking", saying: "must be more than zero")
    try fails("goal", "add", "Car", "--target=-5", "--account", "Checking", saying: "more than zero")
    try fails(
      "goal", "add", "Car", "--target", "500", "--by", "2026-01-01", "--account", "Checking", saying: "in the past")
    try fails("goal", "add", "Car", "--target", "500", "--account", "Savings", saying: "already funds goal 'Trip'")
    try fails("goal", "contribute", "Trp", "10", "--from", "Checking", saying: "did you mean")
    try fails("goal", "contribute", "Trip", "10", "--from", "Chekcing", saying: "did you mean")
    try fails("goal", "contribute", "Trip", "10", "--from", "Old", saying: "Old")
    try ok("goal", "archive", "Trip")
    try fails("goal", "contribute", "Trip", "10", "--from", "Checking", saying: "archived")
    try ok("undo")
    #expect(try ok("goal", "list", "--json") == before)
  }

  @Test("given goal contributions, withdrawals and a debt payment, when exported, then hledger's balances are ours")
  func moneyIsConservedInTheHledgerExport() throws {
    try givenATripGoal()
    try ok("account", "open", "Card", "--type", "credit-card", "--opening", "-1000", "--date", "2026-01-01")
    try ok("debt", "add", "Card", "--account", "Card", "--apr", "19.99", "--minimum", "50")
    try ok("category", "add", "Rainy Fund")
    try ok("goal", "add", "Rainy", "--target", "1000", "--category", "Rainy Fund", "--start", "2026-06-01")
    var generator = SplitMix(seed: 31)
    for step in 0..<12 {
      let amount = String(format: "%d.%02d", Int(generator.next() % 200) + 1, Int(generator.next() % 100))
      let date = "2026-11-\(String(format: "%02d", step + 1))"
      switch generator.next() % 4 {
      case 0: try ok("goal", "contribute", "Trip", amount, "--from", "Checking", "--date", date)
      case 1: try ok("goal", "withdraw", "Trip", amount, "--to", "Checking", "--date", date)
      case 2: try ok("goal", "contribute", "Rainy", amount, "--from", "Checking", "--date", date)
      default: try ok("transfer", amount, "--from", "Checking", "--to", "Card", "--date", date)
      }
    }
    try ok("undo")
    let journal = directory.file("goals.journal")
    try ok("export", "hledger", "-o", journal)
    let ours = try json("report", "balances")
    let accounts = ours["accounts"] as? [[String: String]] ?? []
    #expect(accounts.count == 3)
    let hledger = try BinaryRunner.installed("hledger").run(
      ["-f", journal, "balance", "--flat", "--no-total", "assets", "liabilities"])
    #expect(hledger.status == 0, "hledger failed (make setup installs it): \(hledger.stderr)")
    for account in accounts {
      let name = account["account"]!.replacingOccurrences(of: " ", with: "-")
      let line = hledger.stdout.split(separator: "\n").first { $0.hasSuffix(":" + name) }
      let balance = account["balance"]!
      #expect(
        line?.contains("\(balance) EUR") == true || (balance == "0.00" && line == nil),
        "hledger says \(line ?? "nothing") for \(name), we say \(balance)")
    }
  }

  @Test func aCompletedGoalTakesNoMoneyUntilReopened() throws {
    try givenATripGoal()
    #expect(try ok("goal", "complete", "Trip", "--date", "2026-11-20").contains("completed goal 'Trip' on 2026-11-20"))
    #expect(try json("goal", "show", "Trip")["status"] as? String == "completed")
    try fails("goal", "contribute", "Trip", "10", "--from", "Checking", saying: "reopen it first (budget goal reopen)")
    try fails("goal", "complete", "Trip", saying: "'Trip' is completed on 2026-11-20")
    #expect(try ok("goal", "reopen", "Trip").contains("reopened goal 'Trip'"))
    try fails("goal", "reopen", "Trip", saying: "'Trip' is active already")
    try ok("goal", "contribute", "Trip", "10", "--from", "Checking")
    #expect(try json("goal", "show", "Trip")["status"] as? String == "active")
  }
}

/// A small deterministic generator, so the sequence is the same on every run.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
