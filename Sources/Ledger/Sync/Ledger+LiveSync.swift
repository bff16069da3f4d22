extension Ledger {
  /// Whether no change of this device waits to go to the hub — conflicts wait for the user,
  /// not for the hub — so that a new change may go to the hub at once.
  func nothingWaitsForTheHub() throws(LedgerError) -> Bool {
    try outboxEntries().allSatisfy { $0.state == .conflict }
  }

  /// On a device whose server follows its hub live, syncs now — pushes what waits in the
  /// outbox, pulls what the hub has — and answers what the sync did: `POST /sync/run`, which
  /// `budget sync` asks of the server that holds the device's ledger open.
  public func syncNow() async throws(LedgerError) -> SyncReport {
    guard let forwarder else {
      throw .sync(
        .wrongRole(
          "this server's ledger is not a device following a hub (it is a hub, or was not cloned from one): it has nothing to sync"
        ))
    }
    return await forwarder.syncNow()
  }
}
