extension Ledger {
  /// Whether no change of this device waits to go to the hub — conflicts wait for the user,
  /// not for the hub — so that a new change may go to the hub at once.
  func nothingWaitsForTheHub() throws(LedgerError) -> Bool {
    try outboxEntries().allSatisfy { $0.state == .conflict }
  }
}
