import LedgerTesting
import Testing

extension BinaryRunner {
  /// `budget` bound to a new ledger at `path` with a Checking account opened on 2015-01-01,
  /// "today" fixed at 2024-12-31: where most reliability tests start.
  static func checkingLedger(at path: String) throws -> BinaryRunner {
    let budget = try BinaryRunner("budget", environment: ["BUDGET_LEDGER": path, "BUDGET_TODAY": "2024-12-31"])
    #expect(try budget.run(["init"]).status == 0)
    #expect(try budget.run(["account", "open", "Checking", "--date", "2015-01-01"]).status == 0)
    return budget
  }
}
