import EventLog
import LedgerDomain

extension Ledger {
  /// Creates the sample ledger on an empty one: three months up to `today` of a household's
  /// budgets, income, transactions, a transfer, a closed period, bills, debts and goals — what
  /// `budget demo`, `budget serve --demo` and the web app's first run offer to look around in.
  ///
  /// - Returns: what each command recorded, in order (each its own step for undo).
  /// - Throws: the rules' refusal of the first command when the ledger has been set up
  ///   already; nothing is recorded then.
  @discardableResult
  public func createDemo(today: CivilDate, metadata: EventMetadata = .init()) async throws -> [CommandOutcome] {
    var demo = DemoLedger(ledger: self, today: today, metadata: metadata)
    try await demo.create()
    return demo.outcomes
  }
}
