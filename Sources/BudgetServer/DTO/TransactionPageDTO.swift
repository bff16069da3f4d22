import LedgerDomain

/// A page of transaction rows.
struct TransactionPageDTO: Codable, Sendable {
  var position: UInt64
  var recordedAt: String?
  var rows: [TransactionRowDTO]
  /// Pass as `offset` for the next, older page; `nil` on the last page.
  var nextOffset: Int?
}
