import LedgerTesting

/// The hub devices sync with: a `budget serve` child process started with the owner's token.
final class HubProcess: ServeProcess, @unchecked Sendable {
  /// The owner's token (`$BUDGET_TOKEN`); devices use their own.
  static let ownerToken = "sync-cli-owner-token-0123456789abcdef012345"

  /// Starts `budget serve` on `ledger`, on `port` (a free one if 0).
  init(budget: BinaryRunner, ledger: String, port: Int = 0) throws {
    try super.init(budget: budget, ledger: ledger, port: port, token: Self.ownerToken)
  }
}
