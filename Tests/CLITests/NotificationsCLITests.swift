import Foundation
import LedgerTesting
import Testing

/// `budget notifications`, and the line a write prints when it brings a budget to a threshold.
@Suite("budget notifications: budgets reaching their thresholds")
struct NotificationsCLITests {
  let directory = TemporaryDirectory()
  let budget: BinaryRunner

  init() throws {
    budget = try BinaryRunner(
      "budget", environment: ["BUDGET_LEDGER": directory.file("notify.ledger"), "BUDGET_TODAY": "2024-03-31"])
  }

  @discardableResult
  func ok(_ arguments: String...) throws -> (stdout: String, stderr: String) {
    let output = try budget.run(arguments)
    #expect(output.status == 0, "budget \(arguments.joined(separator: " ")) failed: \(output.stderr)")
    return (output.stdout, output.stderr)
  }

  func notices(_ arguments: String...) throws -> [[String: Any]] {
    let json = try budget.run(["notifications", "--json"] + arguments).stdout
    let answer = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    return try #require(answer["items"] as? [[String: Any]])
  }

  @Test(
    "given 100 for Food in March, when 80 and then 25 are spent, then each write says what it reached, and the list gives every threshold with the transaction that reached it"
  )
  func writesSayWhatTheyReachedAndTheListKeepsIt() throws {
    // Given 100 for Food in March
    try ok("init", "--currency", "EUR")
    try ok("account", "open", "Checking", "--opening", "1000", "--date", "2024-01-01")
    try ok("budget", "set", "Food", "100", "--month", "2024-03")
    // When 80 is spent, then the write says Food is at 75 %
    let first = try ok("tx", "add", "80", "--name", "Market", "--category", "Food", "--date", "2024-03-02")
    #expect(first.stderr == "warning: Food has used 75 % of its budget for 2024-03 (80.00 of 100.00)\n")
    // When 25 more is spent, then it says Food is over its budget: the highest threshold reached
    let second = try ok("tx", "add", "25", "--name", "Bakery", "--category", "Food", "--date", "2024-03-05")
    #expect(second.stderr == "warning: Food is over its budget for 2024-03 (105.00 of 100.00)\n")

    // And the list gives all four, newest first, each with its key and transaction
    let listed = try notices()
    #expect(listed.map { $0["threshold"] as? String } == ["overspent", "100", "90", "75"])
    #expect(listed.allSatisfy { $0["kind"] as? String == "budget" && $0["category"] as? String == "Food" })
    #expect((listed.last?["id"] as? String)?.hasPrefix("budget:2024-03:") == true)
    #expect(listed.last?["message"] as? String == "Food has used 75 % of its budget for 2024-03 (80.00 of 100.00)")
    let position = try #require(listed.last?["position"] as? Int)
    #expect(try ok("notifications").stdout.contains("Food is over its budget for 2024-03 (105.00 of 100.00)"))

    // When the second is undone, then only 75 % stands; as known before, all four did
    try ok("undo")
    #expect(try notices().map { $0["threshold"] as? String } == ["75"])
    #expect(try notices("--as-known-at", String(position)).map { $0["threshold"] as? String } == ["75"])
    #expect(try notices("--as-known-at", String(position + 1)).count == 4)
    // When the undo is redone, then the redo says what it brought back
    let redone = try budget.run(["redo"])
    #expect(redone.status == 0 && redone.stderr == "warning: Food is over its budget for 2024-03 (105.00 of 100.00)\n")
    // And the list as known at a position names that position
    #expect(
      try ok("notifications", "--as-known-at", String(position)).stdout.contains("as known at position \(position)"))
    // And --as-of is refused: notifications stand as the ledger knew them
    let asOf = try budget.run(["notifications", "--as-of", "2024-03-01"])
    #expect(asOf.status == 2)
    #expect(asOf.stderr.contains("Unknown option '--as-of'"), "\(asOf.stderr)")
  }
}
