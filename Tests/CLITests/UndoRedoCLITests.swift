import Foundation
import LedgerTesting
import Testing

/// `budget undo` and `budget redo`: one step per user action (a transaction and the bill it
/// paid), the summary in the user's words, redo and its refusals.
@Suite("budget undo and redo")
struct UndoRedoCLITests {
  let directory = TemporaryDirectory()
  let budget: BinaryRunner

  init() throws {
    budget = try BinaryRunner(
      "budget", environment: ["BUDGET_LEDGER": directory.file("undo.ledger"), "BUDGET_TODAY": "2026-12-20"])
  }

  @discardableResult
  func ok(_ arguments: String...) throws -> BinaryRunner.Output {
    let output = try budget.run(arguments)
    #expect(output.status == 0, "budget \(arguments.joined(separator: " ")): \(output.stderr)")
    return output
  }

  func json(_ arguments: String...) throws -> [String: Any] {
    let output = try budget.run(arguments + ["--json"])
    #expect(output.status == 0, "budget \(arguments.joined(separator: " ")): \(output.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
  }

  /// Broadband, 39.99 on the 11th of each month, and December's paid by a transaction added
  /// by hand (which the ledger matched to the bill).
  func givenAPaidBill() throws {
    try ok("init")
    try ok("account", "open", "Checking", "--opening", "1000", "--date", "2026-01-01")
    try ok(
      "schedule", "add", "Broadband", "39.99", "--category", "Bills", "--account", "Checking", "--every", "month",
      "--day", "11", "--start", "2026-11-11")
    let added = try ok(
      "tx", "add", "39.99", "--name", "Broadband Telekom", "--category", "Bills", "--date", "2026-12-11")
    #expect(added.stderr.contains("matched 'Broadband' of 2026-12-11"), "\(added.stderr)")
  }

  func liveTransactions() throws -> Int {
    (try json("tx", "list")["rows"] as? [[String: Any]])?.count ?? -1
  }

  @Test(
    "given a transaction that paid a bill, when undone, then one undo takes back both and says so in words"
  )
  func oneUndoPerAction() throws {
    try givenAPaidBill()
    let before = try liveTransactions()

    let undone = try ok("undo")

    #expect(
      undone.stdout
        == "undone: transaction 'Broadband Telekom' 39.99 deleted; bill 'Broadband' of 2026-12-11 unpaid again\n")
    #expect(try liveTransactions() == before - 1)
    // The next undo is the schedule's, not the bill's payment.
    #expect(try ok("undo").stdout == "undone: bill 'Broadband' deleted\n")
  }

  @Test("given an undo, when redone, then the action is back, --json says so in words, and undo takes it back again")
  func redoAfterUndo() throws {
    try givenAPaidBill()
    let before = try liveTransactions()
    try ok("undo")

    let redone = try json("redo")

    #expect(redone["kind"] as? String == "redo")
    #expect(
      redone["details"] as? [String] == [
        "transaction 'Broadband Telekom' 39.99 restored", "bill 'Broadband' of 2026-12-11 paid",
      ])
    #expect((redone["undone"] as? [String: Any])?["command"] as? String == "undo")
    #expect(try liveTransactions() == before)
    let again = try ok("undo")
    #expect(again.stdout.hasPrefix("undone: transaction 'Broadband Telekom' 39.99 deleted"), "\(again.stdout)")
    #expect(try ok("redo").stdout.hasPrefix("redone: transaction 'Broadband Telekom' 39.99 restored"))
  }

  @Test("given a change after an undo, when redone, then it is refused saying why, and nothing changes")
  func redoRefusedAfterAChange() throws {
    try givenAPaidBill()
    try ok("undo")
    try ok("tx", "add", "5", "--name", "Bread", "--category", "Food", "--date", "2026-12-19")
    let log = try ok("log").stdout

    let refused = try budget.run(["redo"])

    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains("a change was recorded after the undo; redo is only possible right after undo"),
      "\(refused.stderr)")
    #expect(try ok("log").stdout == log)
  }

  @Test("given a goal contribution, when undone, then the summary names its transfer and its amount to the goal")
  func undoOfAContributionInWords() throws {
    try ok("init")
    try ok("account", "open", "Checking", "--opening", "5000", "--date", "2026-01-01")
    try ok("account", "open", "Savings", "--type", "savings", "--date", "2026-01-01")
    try ok("goal", "add", "Trip", "--target", "2400", "--by", "2027-06-30", "--account", "Savings")
    try ok("goal", "contribute", "Trip", "300", "--from", "Checking")

    let undone = try ok("undo").stdout

    #expect(undone.contains("transfer of 300.00 from 'Checking' to 'Savings' cancelled"), "\(undone)")
    #expect(undone.contains("contribution of 300.00 to goal 'Trip' taken back"), "\(undone)")
  }

  @Test("given nothing undone, when redone, then there is nothing to redo")
  func nothingToRedo() throws {
    try ok("init")
    let refused = try budget.run(["redo"])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("nothing to redo"), "\(refused.stderr)")
  }
}
