/// Records a transaction: what the user asked for, under the id the caller chose. ``decide(_:state:context:)``
/// checks it and makes the ``TransactionAdded`` event from it.
public struct AddTransaction: Sendable, Hashable, Codable {
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
  /// The expense period it belongs to; it must contain `date`.
  public var period: PeriodID?
  /// The bank's or file's id, for an imported transaction.
  public var importId: String?
  public var tags: [String]

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

  /// The amounts it books per category: the splits, or the whole amount to the category.
  public var postings: [Split] {
    if !splits.isEmpty { return splits }
    guard let category else { return [] }
    return [Split(category: category, amount: amount)]
  }
}

/// Changes fields of a transaction: only those given (non-`nil`) change. Clearable fields take
/// a ``Change`` whose value may be `nil`. ``decide(_:state:context:)`` records the fields
/// that really differ, with the transaction as it stood (``TransactionAmended``).
public struct AmendTransaction: Sendable, Hashable, Codable {
  public var transaction: TransactionID
  public var account: AccountID?
  public var date: CivilDate?
  public var amount: Money?
  public var type: TransactionType?
  /// One category for the whole amount (replacing splits).
  public var category: CategoryID?
  /// New splits (replacing the single category).
  public var splits: [Split]?
  public var name: String?
  public var description: Change<String>?
  public var notes: Change<String>?
  public var period: Change<PeriodID>?
  public var tags: [String]?

  public init(transaction: TransactionID) { self.transaction = transaction }

  /// Whether it asks for any change at all.
  public var isEmpty: Bool {
    account == nil && date == nil && amount == nil && type == nil && category == nil && splits == nil && name == nil
      && description == nil && notes == nil && period == nil && tags == nil
  }
}

/// Moves money between two of the user's accounts, under the id the caller chose.
public struct MakeTransfer: Sendable, Hashable, Codable {
  public var transfer: TransferID
  public var from: AccountID
  public var to: AccountID
  public var amount: Money
  public var date: CivilDate
  public var note: String?

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
