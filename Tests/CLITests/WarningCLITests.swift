import Foundation
import LedgerTesting
import Testing

/// A write that takes a budget account below zero or a goal past its target stands and says
/// so: a line on stderr and a `warnings` entry of its `--json` answer.
@Suite("budget CLI: warnings of writes")
struct WarningCLITests {
  let directory = TemporaryDirectory()
  let budget: BinaryRunner

  init() throws {
    budget = try BinaryRunner(
      "budget", environment: ["BUDGET_LEDGER": directory.file("warnings.ledger"), "BUDGET_TODAY": "2024-03-31"])
  }

  @discardableResult
  func ok(_ arguments: String...) throws -> BinaryRunner.Output {
    let output = try budget.run(arguments)
    #expect(output.status == 0, "budget \(arguments.joined(separator: " ")) failed: \(output.stderr)")
    return output
  }

  @Test(
    "given checking at 100.00 and a 1,000.00 holiday goal, when writes take checking below zero or the goal past its target, then each stands and says so on stderr and in its JSON"
  )
  func warnings() throws {
    try ok("init", "--currency", "EUR")
    try ok("account", "open", "Checking", "--opening", "100", "--date", "2024-01-01")
    try ok("account", "open", "Savings", "--type", "savings", "--date", "2024-01-01")
    try ok("account", "open", "Car loan", "--type", "loan", "--opening", "-9000", "--date", "2024-01-01")
    try ok("goal", "add", "Holiday", "--target", "1000", "--account", "Savings")

    // An expense of 150.00: 100.00 − 150.00 = −50.00
    let add = try ok("tx", "add", "150", "--name", "Market", "--category", "Food", "--account", "Checking")
    #expect(add.stderr.contains("warning: Checking is now -50.00\n"), "\(add.stderr)")
    #expect(add.stdout.hasPrefix("added expense"))
    // Another 10.00 with --json: −60.00, in the answer's warnings
    let more = try budget.run([
      "tx", "add", "10", "--name", "Bus", "--category", "Food", "--account", "Checking", "--json",
    ])
    #expect(more.status == 0 && more.stderr.contains("warning: Checking is now -60.00"))
    let answer = try JSONSerialization.jsonObject(with: Data(more.stdout.utf8)) as? [String: Any] ?? [:]
    let warned = answer["warnings"] as? [[String: Any]] ?? []
    #expect(warned.count == 1 && warned.first?["code"] as? String == "account_below_zero")
    #expect(warned.first?["message"] as? String == "Checking is now -60.00")
    let id = try #require(answer["id"] as? String)
    // The 10.00 amended to 30.00: −60.00 − 20.00 = −80.00, lowered again: warned
    let amend = try ok("tx", "amend", String(id.suffix(8)), "--amount", "30")
    #expect(amend.stderr.contains("warning: Checking is now -80.00"), "\(amend.stderr)")
    // Income that raises it says nothing; an expense on the loan (tracking) neither
    let income = try ok(
      "tx", "add", "5", "--type", "income", "--name", "Refund", "--category", "Income", "--account", "Checking")
    #expect(!income.stderr.contains("warning"), "\(income.stderr)")
    let loan = try ok("tx", "add", "5", "--name", "Fee", "--category", "Bills", "--account", "Car loan")
    #expect(!loan.stderr.contains("warning"), "\(loan.stderr)")
    // −75.00 + 5.00 = −70.00: raised, an empty list
    let quiet = try budget.run([
      "tx", "add", "5", "--type", "income", "--name", "Gift", "--category", "Income", "--account", "Checking", "--json",
    ])
    let none =
      (try JSONSerialization.jsonObject(with: Data(quiet.stdout.utf8)) as? [String: Any])?["warnings"] as? [Any]
    #expect(none?.isEmpty == true, "\(quiet.stdout)")
    // A transfer out of checking: −70.00 − 10.00 = −80.00
    let transfer = try ok("transfer", "10", "--from", "Checking", "--to", "Savings")
    #expect(transfer.stderr.contains("warning: Checking is now -80.00"), "\(transfer.stderr)")
    // The goal: 5,000.00 from checking takes it to −5,080.00 and the goal (10.00 + 5,000.00) to 501.0 %
    let contribute = try budget.run(["goal", "contribute", "Holiday", "5000", "--from", "Checking", "--json"])
    #expect(contribute.status == 0, "\(contribute.stderr)")
    #expect(contribute.stderr.contains("warning: Checking is now -5,080.00"), "\(contribute.stderr)")
    #expect(
      contribute.stderr.contains("warning: goal 'Holiday' is now 501.0 % of its target (5,010.00 of 1,000.00)"),
      "\(contribute.stderr)")
    let codes =
      ((try JSONSerialization.jsonObject(with: Data(contribute.stdout.utf8)) as? [String: Any])?["warnings"]
      as? [[String: Any]])?.compactMap { $0["code"] as? String }
    #expect(codes == ["account_below_zero", "goal_past_target"])
    // A bill paid through its schedule: −5,080.00 − 60.00 = −5,140.00
    try ok(
      "schedule", "add", "Power", "60", "--account", "Checking", "--category", "Bills", "--every", "month", "--day",
      "15",
      "--start", "2024-03-15")
    let pay = try ok("schedule", "pay", "Power")
    #expect(pay.stderr.contains("warning: Checking is now -5,140.00"), "\(pay.stderr)")
    // An autopay bill posted by `schedule post`: −5,140.00 − 40.00 = −5,180.00
    try ok(
      "schedule", "add", "Gym", "40", "--account", "Checking", "--category", "Bills", "--every", "month", "--day", "20",
      "--start", "2024-03-20", "--autopay")
    let post = try budget.run(["schedule", "post", "--json"])
    #expect(post.status == 0 && post.stderr.contains("warning: Checking is now -5,180.00"), "\(post.stderr)")
    let posted =
      (try JSONSerialization.jsonObject(with: Data(post.stdout.utf8)) as? [String: Any])?["warnings"]
      as? [[String: Any]]
    #expect(posted?.map { $0["message"] as? String } == ["Checking is now -5,180.00"], "\(post.stdout)")
  }
}
