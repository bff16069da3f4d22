import LedgerDomain

extension TransactionDeleted {
  /// The ``BinaryEncoder`` bytes of this deletion, written by ``PayloadWriter``; `nil` when
  /// its before-image is a value left to `Codable` (``TransactionAdded/fastEncoded()``).
  ///
  /// An undo of an import records one deletion per row, each with the whole transaction: the
  /// `Codable` path would cost it several microseconds apiece on the log's writer. Field order
  /// is the declaration order the `Codable` conformance writes: the id, the reason, then the
  /// before-image behind a presence byte.
  package func fastEncoded() -> [UInt8]? {
    var writer = PayloadWriter(capacity: 200 + reason.utf8.count + (deleted?.name.utf8.count ?? 0))
    writer.id(transaction.raw)
    writer.string(reason)
    writer.bool(deleted != nil)
    if let deleted, !deleted.write(to: &writer) { return nil }
    return writer.bytes
  }
}

extension TransactionRestored {
  /// The ``BinaryEncoder`` bytes of this restoration (the transaction, then the reason),
  /// written by ``PayloadWriter``; `nil` for a transaction left to `Codable`. What an undo of
  /// a mass deletion records per row.
  package func fastEncoded() -> [UInt8]? {
    var writer = PayloadWriter(capacity: 180 + reason.utf8.count + transaction.name.utf8.count)
    guard transaction.write(to: &writer) else { return nil }
    writer.string(reason)
    return writer.bytes
  }
}
