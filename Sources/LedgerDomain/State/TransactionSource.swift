/// Where a ``TransactionTable`` finds the transactions it does not hold in memory: the
/// ledger's log, read on demand.
///
/// A ledger of a million transactions keeps them on disk, not in every process that opens it:
/// the rules look one up by id (to amend, delete or restore it), and the few a command changes
/// are held in the table's memory until the log holds them for good.
///
/// Every question is asked *through* a log position: the source answers as the ledger stood
/// there, so that a state read at one position, with the events after it folded into its
/// memory, never counts an event twice.
public protocol TransactionSource: AnyObject, Sendable {
  /// The record of `id` as the log stood at `position`, or `nil` if there is none (or it
  /// cannot be read).
  func record(for id: TransactionID, through position: UInt64) -> TransactionRecord?

  /// How many transactions the log held at `position`.
  func count(through position: UInt64) -> Int

  /// Calls `body` with every transaction the log held at `position`, in id order, until it
  /// returns `false`.
  func forEach(through position: UInt64, _ body: (TransactionID, TransactionRecord) -> Bool)

  /// The ids `reference` names (``TransactionTable/named(_:limit:)``), at most `limit`; it may
  /// name ids the log gained after the table's position, which the table then leaves out.
  func ids(named reference: String, limit: Int) -> [TransactionID]
}
