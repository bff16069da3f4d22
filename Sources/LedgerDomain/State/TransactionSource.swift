/// Where a ``TransactionTable`` finds the transactions it does not hold in memory: the
/// ledger's stored table of them, read on demand.
///
/// A ledger of a million transactions keeps them on disk, not in every process that opens it:
/// the rules look one up by id (to amend, delete or restore it), and the few a command changes
/// are held in the table's memory until they are stored.
public protocol TransactionSource: AnyObject, Sendable {
  /// The stored record of `id`, or `nil` if there is none (or it cannot be read).
  func record(for id: TransactionID) -> TransactionRecord?

  /// How many records are stored.
  var count: Int { get }

  /// Calls `body` with every stored record, in id order, until it returns `false`.
  func forEach(_ body: (TransactionID, TransactionRecord) -> Bool)

  /// The stored ids `reference` names (``TransactionTable/named(_:)``), at most `limit`.
  func ids(named reference: String, limit: Int) -> [TransactionID]
}
