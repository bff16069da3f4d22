/// A part of a split transaction: an amount booked to one category.
public struct Split: Sendable, Hashable, Codable {
  public var category: CategoryID
  /// Positive; the transaction's type gives the sign.
  public var amount: Money
  public var memo: String?

  public init(category: CategoryID, amount: Money, memo: String? = nil) {
    self.category = category
    self.amount = amount
    self.memo = memo
  }
}

/// A transaction was recorded (seeds 000, 001, 002). Schema version 2 added `tags`; version
/// 1 events are upcast with no tags.
public struct TransactionAdded: EventPayload {
  public static let kind = EventKind.transactionAdded
  public var event: LedgerEvent { .transactionAdded(self) }
  public static let schemaVersion: UInt16 = 2
  public var transaction: TransactionID
  public var account: AccountID
  public var date: CivilDate
  /// Positive; `type` gives the sign.
  public var amount: Money
  public var type: TransactionType
  /// The category, or `nil` when the amount is split.
  public var category: CategoryID?
  /// Non-empty when the amount is split across categories; the parts sum to `amount`.
  public var splits: [Split]
  /// Name or payee, e.g. "Grocery Shopping".
  public var name: String
  public var description: String?
  public var notes: String?
  public var period: PeriodID?
  /// The bank's or file's id for imported transactions.
  public var importId: String?
  public var tags: [String]
  public var stream: String { transaction.stream }

  public init(
    transaction: TransactionID, account: AccountID, date: CivilDate, amount: Money, type: TransactionType,
    category: CategoryID?, splits: [Split] = [], name: String, description: String? = nil, notes: String? = nil,
    period: PeriodID? = nil, importId: String? = nil, tags: [String] = []
  ) {
    self.transaction = transaction
    self.account = account
    self.date = date
    self.amount = amount
    self.type = type
    self.category = category
    self.splits = splits
    self.name = name
    self.description = description
    self.notes = notes
    self.period = period
    self.importId = importId
    self.tags = tags
  }

  /// The amounts booked per category: the splits, or the whole amount to the category.
  public var postings: [Split] {
    if !splits.isEmpty { return splits }
    guard let category else { return [] }
    return [Split(category: category, amount: amount)]
  }
}

/// A transaction was changed. Only the fields that changed are present, so history shows
/// exactly what was edited. Clearable fields carry a ``Change`` whose value may be `nil`.
///
/// Schema version 2 added ``previous``, the transaction as it stood before the change, so
/// that a read model can take the old amounts out without keeping its own copy of every
/// transaction. Version 1 events are read with `previous` = `nil`; the projection engine fills
/// it from the transaction's stream before a projector sees the event.
public struct TransactionAmended: EventPayload {
  public static let kind = EventKind.transactionAmended
  public var event: LedgerEvent { .transactionAmended(self) }
  public static let schemaVersion: UInt16 = 2
  public var transaction: TransactionID
  public var account: AccountID?
  public var date: CivilDate?
  public var amount: Money?
  public var type: TransactionType?
  /// A new category (clearing splits), or `nil` if unchanged.
  public var category: CategoryID?
  /// New splits (clearing the single category), or `nil` if unchanged.
  public var splits: [Split]?
  public var name: String?
  public var description: Change<String>?
  public var notes: Change<String>?
  public var period: Change<PeriodID>?
  public var tags: [String]?
  /// The whole transaction before this change (amendments included); `nil` only in events
  /// of schema version 1. Not part of what changed: ``isEmpty`` ignores it.
  public var previous: TransactionAdded?
  public var stream: String { transaction.stream }

  public init(transaction: TransactionID) { self.transaction = transaction }

  /// Whether any field changes.
  public var isEmpty: Bool {
    account == nil && date == nil && amount == nil && type == nil && category == nil && splits == nil && name == nil
      && description == nil && notes == nil && period == nil && tags == nil
  }
}

/// A new value for an optional field: `Change(nil)` clears it.
public struct Change<Value: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
  public var value: Value?
  public init(_ value: Value?) { self.value = value }
}

/// A transaction was deleted, with a reason. The log keeps the original events.
///
/// Schema version 2 added ``deleted``, the transaction as it stood when deleted, for the same
/// reason as ``TransactionAmended/previous``; version 1 events are read with `nil`.
public struct TransactionDeleted: EventPayload {
  public static let kind = EventKind.transactionDeleted
  public var event: LedgerEvent { .transactionDeleted(self) }
  public static let schemaVersion: UInt16 = 2
  public var transaction: TransactionID
  public var reason: String
  /// The whole transaction as it stood when deleted; `nil` only in events of schema version 1.
  public var deleted: TransactionAdded?
  public var stream: String { transaction.stream }

  public init(transaction: TransactionID, reason: String, deleted: TransactionAdded? = nil) {
    self.transaction = transaction
    self.reason = reason
    self.deleted = deleted
  }
}

/// A deleted transaction was brought back — by `undo`, or on request — exactly as it was when
/// it was deleted (`transaction` carries every field, amendments included), so read models
/// can restore it without looking back in the log.
public struct TransactionRestored: EventPayload {
  public static let kind = EventKind.transactionRestored
  public var event: LedgerEvent { .transactionRestored(self) }
  public static let schemaVersion: UInt16 = 1
  public var transaction: TransactionAdded
  public var reason: String
  public var stream: String { transaction.transaction.stream }

  public init(transaction: TransactionAdded, reason: String) {
    self.transaction = transaction
    self.reason = reason
  }
}

/// Money moved between two of the user's accounts: neither income nor expense.
public struct TransferMade: EventPayload {
  public static let kind = EventKind.transferMade
  public var event: LedgerEvent { .transferMade(self) }
  public static let schemaVersion: UInt16 = 1
  public var transfer: TransferID
  public var from: AccountID
  public var to: AccountID
  public var amount: Money
  public var date: CivilDate
  public var note: String?
  public var stream: String { transfer.stream }

  public init(transfer: TransferID, from: AccountID, to: AccountID, amount: Money, date: CivilDate, note: String? = nil)
  {
    self.transfer = transfer
    self.from = from
    self.to = to
    self.amount = amount
    self.date = date
    self.note = note
  }
}

/// A transfer was cancelled (`tx delete` of one of its legs, or `undo` of it): both legs leave
/// the accounts' logs and balances. `cancelled` is the transfer as it was, so that read models
/// can take it out without looking it up. The log keeps the original event.
public struct TransferCancelled: EventPayload {
  public static let kind = EventKind.transferCancelled
  public var event: LedgerEvent { .transferCancelled(self) }
  public static let schemaVersion: UInt16 = 1
  public var cancelled: TransferMade
  public var reason: String
  public var stream: String { cancelled.transfer.stream }

  public init(cancelled: TransferMade, reason: String) {
    self.cancelled = cancelled
    self.reason = reason
  }
}
