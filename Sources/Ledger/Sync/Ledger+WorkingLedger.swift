import Foundation

extension Ledger {
  /// On a device that reads its replica (``readsReplica``), makes the working ledger and
  /// throws ``SyncError/madeWorkingLedger(_:)``: nothing was recorded, and the change is to be
  /// run again on the ledger opened anew (the command line does so by itself). Does nothing on
  /// any other ledger. Called before a change is kept in the outbox or decided, so that
  /// nothing of the device's own ever enters the replica.
  func requireWorkingLedger() throws(LedgerError) {
    guard readsReplica else { return }
    try makeWorkingLedger(at: path)
    throw .sync(
      .madeWorkingLedger(
        "this device read its replica until now; its working ledger \(path) has been made for this change, which was not recorded: run it again"
      ))
  }

  /// Makes a device's working ledger at `path` from this ledger's file (its replica): a
  /// compacted copy (0600, flushed) written beside it, then linked into place — if another
  /// process made one meanwhile, that one is kept and this copy dropped. Does nothing when
  /// `path` exists. A copy left by a process killed half-way is removed by the next sync
  /// (``SyncFiles/removeAbandonedWorkingCopies()``).
  ///
  /// The copy is written from this ledger's own open file, so that the replica is never
  /// opened twice in one process (LMDB forbids it): on a device that reads its replica, from
  /// that ledger; a process that holds the replica open as such (a `DeviceLink`), from it.
  public func makeWorkingLedger(at path: String) throws(LedgerError) {
    guard !FileManager.default.fileExists(atPath: path) else { return }
    let fresh = SyncFiles(ledger: path).workingCopy(of: getpid())
    unlink(fresh)
    defer { unlink(fresh) }
    try writeCopy(to: fresh)
    guard link(fresh, path) == 0 || errno == EEXIST else {
      throw .sync(.damaged("cannot put the working ledger in place at \(path) (errno \(errno)); nothing was changed"))
    }
    SyncFiles.syncDirectory(of: path)
  }
}
