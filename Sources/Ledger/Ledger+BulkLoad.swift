import EventLog
import LMDB

extension Ledger {
  /// About how many bytes the file grows per transaction an import adds: the event, its
  /// stream and key entries, and the rows of every projection (measured: a 100,000-row import
  /// grows a ledger by ~215 MB).
  public static let bytesPerImportedTransaction = 2_560

  /// Prepares for `transactions` more transactions in a row (an import): grows the map once,
  /// now, instead of letting a batch fill it — a batch that fills the map is rolled back and
  /// run again after the map grows, and a 10,000-row batch is a good part of a second.
  public func reserveRoom(forTransactions transactions: Int) throws(LedgerError) {
    do {
      try log.environment.reserveRoom(forBytes: max(0, transactions) * Self.bytesPerImportedTransaction)
    } catch {
      throw LedgerError(error)
    }
  }

  /// Drops the readers' copy of the rules' state, which every commit otherwise brings up to
  /// date — for a bulk load in a process that reads no more state: its commands then skip
  /// that work (and a second copy of every transaction in memory). The next read of
  /// ``state`` folds it from the log again.
  public func releaseReadersState() {
    committedState.withLock { $0 = .unloaded }
  }
}
