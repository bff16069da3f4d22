import LedgerDomain

extension Wire {
  /// One transaction with its version (the API's `ETag`), as `GET /transactions/{id}` and
  /// `budget tx show --json` show it: `amount` is unsigned with its `type`, `signedAmount`
  /// negative for an expense; `category` is set unless it is split, and `postings` says where
  /// every part went either way.
  public struct Transaction: Codable, Sendable, Equatable {
    /// One category's part of the transaction.
    public struct Posting: Codable, Sendable, Equatable {
      public var category: String
      public var categoryId: String
      public var amount: String
    }

    public var id, date, type, amount, signedAmount, currency, name, account, accountId: String
    public var category: String?
    public var postings: [Posting]
    public var description, notes, period: String?
    public var tags: [String]
    public var version: UInt64
    public var deleted: Bool
  }
}

extension Wire.Transaction {
  /// `record` with names from `state` (its periods' too).
  public init(_ record: TransactionRecord, state: LedgerState) {
    self.init(record.added, version: record.version, deleted: record.isDeleted, state: state)
  }

  /// `t` at `version`, with names from `state`.
  public init(_ t: TransactionAdded, version: UInt64, deleted: Bool, state: LedgerState) {
    id = t.transaction.description
    date = t.date.description
    type = t.type.rawValue
    amount = t.amount.formatted()
    signedAmount = (t.type == .expense ? Money(units: -t.amount.units, currency: t.amount.currency) : t.amount)
      .formatted()
    currency = t.amount.currency.code
    name = t.name
    account = state.accountName(t.account)
    accountId = t.account.description
    category = t.category.map(state.categoryName)
    postings = t.postings.map {
      Posting(
        category: state.categoryName($0.category), categoryId: $0.category.description, amount: $0.amount.formatted())
    }
    description = t.description
    notes = t.notes
    period = t.period.map { state.periods[$0]?.name ?? $0.description }
    tags = t.tags
    self.version = version
    self.deleted = deleted
  }
}
