import EventLog
import LMDB
import LedgerDomain

extension StoredTransactions {
  /// Calls `body` with the id of every transaction whose stream has an event after the stored
  /// snapshot's position and whose last eight digits start with `digits` (lowercase hex, at
  /// most eight), until it returns `false`.
  ///
  /// The index of tails holds the transactions up to the stored snapshot; a writer under a
  /// steady load of big group commits stores it only every few thousand transactions
  /// (``SnapshotSchedule``), so the ones after it are found here, in the log's tail, by their
  /// stream names — whose last eight characters are those digits. An id may be reported that
  /// the index holds too (an older transaction amended since); callers skip ids seen twice.
  func scanRecentTails(
    in transaction: some Transaction, startingWith digits: String, _ body: (TransactionID) -> Bool
  ) throws {
    guard let indexed = try RulesSnapshot.storedPosition(in: transaction, header: snapshotHeader) else { return }
    let prefix = Array(Self.streamPrefix.utf8)
    let wanted = Array(digits.utf8)
    try log.forEachEventStream(after: indexed, in: transaction) { name in
      // `transaction-` and a canonical id: 8-4-4-4-12 lowercase hex digits.
      guard name.count == prefix.count + 36, name.starts(with: prefix) else { return true }
      let tail = UnsafeRawBufferPointer(rebasing: name[(name.count - 8)...])
      guard tail.starts(with: wanted),
        let id = try? EntityID(parsing: String(decoding: name[prefix.count...], as: UTF8.self))
      else { return true }
      return body(TransactionID(raw: id))
    }
  }
}
