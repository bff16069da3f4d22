import Foundation
import LedgerTesting
import Testing

/// What commands say as they work, through the real binary: the id of what they made,
/// amounts grouped as everywhere else, the overdue occurrence before the next one, the file
/// an export wrote, a transfer amended and found again by either leg.
@Suite("budget CLI: what commands print")
struct CommandOutputCLITests {
  let directory = TemporaryDirectory()
  let budget: BinaryRunner

  init() throws {
    budget = try BinaryRunner(
      "budget", environment: ["BUDGET_LEDGER": directory.file("output.ledger"), "BUDGET_TODAY": "2026-12-06"])
    try ok("init", "--name", "Home", "--currency", "EUR")
    try ok("account", "open", "Checking", "--opening", "5000", "--date", "2026-11-01")
    try ok("account", "open", "Savings", "--date", "2026-11-01")
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

  @Test(
    "given a transfer, when it is made, amended and undone, then each step names it, one undo takes the amendment back, and history finds it by either leg"
  )
  func transferAmend() throws {
    let made = try ok("transfer", "100", "--from", "Checking", "--to", "Savings", "--date", "2026-12-01")
    // transferred 100.00 EUR from 'Checking' to 'Savings' (1a2b3c4d)
    let id = try #require(made.split(separator: "(").last?.prefix(8)).description
    #expect(made.hasPrefix("transferred 100.00 EUR from 'Checking' to 'Savings' (") && id.count == 8, "\(made)")
    let rows = try #require(try json("tx", "list", as: [String: Any].self)?["rows"] as? [[String: Any]])
    let incoming = try #require(
      rows.compactMap { $0["id"] as? String }.first { $0.hasSuffix(id) == false && $0.count > 8 })
    // The history of the transfer by its incoming leg, as tx list shows it.
    let history = try ok("history", String(incoming.suffix(8)))
    #expect(history.contains("TransferMade") && history.contains("100.00 EUR"), "\(history)")

    let amended = try ok("transfer", "amend", id, "--amount", "1250", "--date", "2026-12-02", "--note", "rent share")
    #expect(
      amended.hasPrefix("amended transfer \(id): now 1,250.00 EUR from 'Checking' to 'Savings' on 2026-12-02 ("),
      "\(amended)")
    let balances = try #require(try json("report", "balances", as: [String: Any].self)?["accounts"] as? [[String: Any]])
    // 5,000 − 1,250 = 3,750 in Checking; 1,250 in Savings.
    #expect(balances.first { $0["account"] as? String == "Checking" }?["balance"] as? String == "3750.00")
    #expect(balances.first { $0["account"] as? String == "Savings" }?["balance"] as? String == "1250.00")
    let newID = String(amended.suffix(10).prefix(8))
    // The old transfer's history ends with the id that took its place.
    let replaced = try ok("history", id)
    #expect(replaced.contains("amended: now transfer \(newID)"), "\(replaced)")
    let unchanged = try budget.run(["transfer", "amend", newID, "--amount", "1250"])
    #expect(unchanged.status == 1 && unchanged.stderr.contains("nothing to change"), "\(unchanged.stderr)")
    let nothing = try budget.run(["transfer", "amend", id])
    #expect(nothing.status == 2 && nothing.stderr.contains("say what to change"), "\(nothing.stderr)")

    // One undo takes the amendment back whole: 100 moved again, on the 1st; amounts grouped.
    let undone = try ok("undo")
    #expect(undone.contains("transfer of 1,250.00 from 'Checking' to 'Savings' cancelled"), "\(undone)")
    let after = try #require(try json("report", "balances", as: [String: Any].self)?["accounts"] as? [[String: Any]])
    #expect(after.first { $0["account"] as? String == "Checking" }?["balance"] as? String == "4900.00")
    #expect(after.first { $0["account"] as? String == "Savings" }?["balance"] as? String == "100.00")
  }

  @Test(
    "given Rent unpaid since November, when schedules are listed, then NEXT is the overdue one, marked, and the amount is grouped"
  )
  func overdueFirst() throws {
    try ok(
      "schedule", "add", "Rent", "1100", "--category", "Bills", "--account", "Checking", "--every", "month", "--day",
      "1",
      "--start", "2026-11-01")
    let list = try ok("schedule", "list")
    let row = try #require(list.split(separator: "\n").first { $0.hasPrefix("Rent") })
    #expect(row.contains("1,100.00") && row.contains("2026-11-01 overdue"), "\(list)")
    let rows = try #require(try json("schedule", "list", as: [[String: Any]].self))
    #expect(rows.first?["next"] as? String == "2026-11-01" && rows.first?["overdue"] as? Bool == true)
    #expect(rows.first?["amount"] as? String == "1100.00" && rows.first?["shown"] == nil)
    // Paid, the next one is December's — due the 1st, so overdue too on the 6th; then January's.
    try ok("schedule", "pay", "Rent")
    try ok("schedule", "pay", "Rent")
    let later = try #require(try json("schedule", "list", as: [[String: Any]].self))
    #expect(later.first?["next"] as? String == "2027-01-01" && later.first?["overdue"] as? Bool == false)
  }

  @Test("given January's rent due in the future, when it is paid now, then it is recorded today and marked paid")
  func payEarly() throws {
    try ok(
      "schedule", "add", "Rent", "950", "--category", "Bills", "--account", "Checking", "--every", "month", "--day",
      "1",
      "--start", "2027-01-01")
    let paid = try ok("schedule", "pay", "Rent")
    #expect(paid.contains("paid 'Rent' of 2027-01-01"), "\(paid)")
    let rows = try #require(try json("tx", "list", as: [String: Any].self)?["rows"] as? [[String: Any]])
    #expect(rows.first?["date"] as? String == "2026-12-06" && rows.first?["name"] as? String == "Rent")
    let schedules = try #require(try json("schedule", "list", as: [[String: Any]].self))
    #expect(schedules.first?["next"] as? String == "2027-02-01")
  }

  @Test("given an export to a file and a goal, when they run, then each says what it did, amounts grouped")
  func exportAndGoalSaySo() throws {
    try ok("tx", "add", "12.50", "--name", "Bakery", "--category", "Food", "--account", "Checking")
    let file = directory.file("out.csv")
    let exported = try ok("export", "csv", "-o", file)
    #expect(exported == "exported 1 transaction and 0 transfers to \(file) (csv)\n", "\(exported)")
    #expect(FileManager.default.fileExists(atPath: file))
    let goal = try ok("goal", "add", "Trip", "--target", "5000", "--account", "Savings")
    #expect(goal.hasPrefix("added goal 'Trip': 5,000.00 EUR"), "\(goal)")
  }

  @Test(
    "given a transaction amended since version 1, when amended with version 1, then the refusal says it changed since that version, not who changed it"
  )
  func staleVersionWords() throws {
    let added = try ok("tx", "add", "10", "--name", "Lunch", "--category", "Food", "--account", "Checking")
    let id = try #require(added.split(separator: "(").last?.prefix(8)).description
    try ok("tx", "amend", id, "--amount", "11", "--expect-version", "1")
    let stale = try budget.run(["tx", "amend", id, "--amount", "12", "--expect-version", "1"])
    #expect(stale.status == 1)
    #expect(
      stale.stderr.contains("has changed since version 1, which you gave (it is at version 2 now"), "\(stale.stderr)")
    #expect(!stale.stderr.contains("someone else"))
    let ahead = try budget.run(["tx", "amend", id, "--amount", "12", "--expect-version", "9"])
    #expect(ahead.status == 1 && ahead.stderr.contains("is at version 2; there is no version 9 yet"), "\(ahead.stderr)")
  }

  @Test(
    "given a file separated by semicolons, when imported as CSV, then the refusal names --delimiter, and with it the rows are added"
  )
  func semicolonFile() throws {
    let file = directory.file("bank.csv")
    try "date;payee;amount\n2026-12-01;Bakery;-4.50\n".write(toFile: file, atomically: true, encoding: .utf8)
    let refused = try budget.run(["import", "csv", file, "--account", "Checking", "--default-category", "Food"])
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains("its fields are separated by ';' — import it with --delimiter ';'"), "\(refused.stderr)")
    let added = try ok("import", "csv", file, "--account", "Checking", "--default-category", "Food", "--delimiter", ";")
    #expect(added.hasPrefix("added 1,"), "\(added)")
  }
}
