extension LedgerEvent {
  /// Whether this is an amend or a delete without its before-image
  /// (``TransactionAmended/previous``, ``TransactionDeleted/deleted``): one written at schema
  /// version 1, before events carried the transaction as it stood. Events written since carry
  /// it already.
  @inlinable
  package var lacksBeforeImage: Bool {
    switch self {
    case .transactionAmended(let e): e.previous == nil
    case .transactionDeleted(let e): e.deleted == nil
    default: false
    }
  }

  /// The event with its before-image filled in, as a version 2 event would carry it: the
  /// transaction as `earlierEvents` — the events of the transaction's own stream recorded
  /// before this one, oldest first — leave it. The event itself when it has its image or needs
  /// none (and then `earlierEvents` is not called). A transaction with no earlier events
  /// (which the rules never let happen) leaves the image `nil`.
  ///
  /// Consuming: handed back as it is, most events are moved rather than copied (a copy
  /// retains, and later releases, every text field of a transaction).
  package consuming func completingBeforeImage(
    earlierEvents: (TransactionID) throws -> [LedgerEvent]
  ) rethrows -> LedgerEvent {
    guard lacksBeforeImage else { return self }
    switch self {
    case .transactionAmended(var e) where e.previous == nil:
      e.previous = TransactionAdded(replaying: try earlierEvents(e.transaction))
      return .transactionAmended(e)
    case .transactionDeleted(var e) where e.deleted == nil:
      e.deleted = TransactionAdded(replaying: try earlierEvents(e.transaction))
      return .transactionDeleted(e)
    default:
      return self
    }
  }
}

extension TransactionAdded {
  /// The transaction as `events` of its stream, oldest first, leave it: added, amended,
  /// deleted and restored; `nil` before it is added.
  package init?(replaying events: [LedgerEvent]) {
    var record: TransactionAdded?
    for event in events {
      switch event {
      case .transactionAdded(let added): record = added
      case .transactionAmended(let amendment): record?.apply(amendment)
      case .transactionRestored(let restored): record = restored.transaction
      default: break
      }
    }
    guard let record else { return nil }
    self = record
  }
}
