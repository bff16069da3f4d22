import LedgerDomain

extension TransactionCursor {
  /// The `day ‖ id` suffix of index keys at this cursor.
  var suffix: [UInt8] { TransactionKeys.suffix(date, id.raw) }
}
