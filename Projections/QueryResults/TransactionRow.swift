import LedgerDomain

/// A transaction as it stands (every amendment applied), as the transaction index returns it.
public struct TransactionRow: Sendable, Hashable {
  /// The transaction's id.
  public var id: TransactionID
  /// The account the money moved on.
  public var account: AccountID
  /// The business date.
  public var date: CivilDate
  /// Positive; ``type`` gives the sign.
  public var amount: Money
  /// Income or expense.
  public var type: TransactionType
  /// The category, or `nil` when the amount is split.
  public var category: CategoryID?
  /// The parts of a split amount; empty otherwise.
  public var splits: [Split]
  /// Name or payee.
  public var name: String
  /// A longer description, if any.
  public var description: String?
  /// Free notes, if any.
  public var notes: String?
  /// Tags, as entered.
  public var tags: [String]
  /// The expense period it is assigned to, if any.
  public var period: PeriodID?
  /// The bank's or file's id of an imported transaction.
  public var importId: String?

  /// The row of a transaction's current state.
  public init(_ state: TransactionAdded) {
    id = state.transaction
    account = state.account
    date = state.date
    amount = state.amount
    type = state.type
    category = state.category
    splits = state.splits
    name = state.name
    description = state.description
    notes = state.notes
    tags = state.tags
    period = state.period
    importId = state.importId
  }

  /// The amounts booked per category: the splits, or the whole amount to the category.
  public var postings: [Split] {
    if !splits.isEmpty { return splits }
    guard let category else { return [] }
    return [Split(category: category, amount: amount)]
  }

  /// The amount with its sign: negative for an expense.
  public var signedAmount: Money { type == .expense ? Money(units: -amount.units, currency: amount.currency) : amount }
}
