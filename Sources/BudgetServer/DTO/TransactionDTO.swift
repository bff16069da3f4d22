import LedgerDomain

/// One transaction with its version (the `ETag`), as `budget tx show --json` shows it.
struct TransactionDTO: Codable, Sendable {
  struct Posting: Codable, Sendable {
    var category: String
    var categoryId: String
    var amount: String
  }
  var id, date, type, amount, signedAmount, currency, name, account, accountId: String
  var category: String?
  var postings: [Posting]
  var description, notes, period: String?
  var tags: [String]
  var version: UInt64
  var deleted: Bool

  init(_ record: TransactionRecord, state: LedgerState) {
    let t = record.added
    id = t.transaction.description
    date = t.date.description
    type = t.type.rawValue
    amount = t.amount.formatted()
    signedAmount = (t.type == .expense ? Money(units: -t.amount.units, currency: t.amount.currency) : t.amount)
      .formatted()
    currency = t.amount.currency.code
    name = t.name
    account = state.accounts[t.account]?.name ?? t.account.description
    accountId = t.account.description
    category = t.category.map { state.categories[$0]?.name ?? $0.description }
    postings = t.postings.map {
      Posting(
        category: state.categories[$0.category]?.name ?? $0.category.description, categoryId: $0.category.description,
        amount: $0.amount.formatted())
    }
    description = t.description
    notes = t.notes
    period = t.period.map { state.periods[$0]?.name ?? $0.description }
    tags = t.tags
    version = record.version
    deleted = record.isDeleted
  }
}
