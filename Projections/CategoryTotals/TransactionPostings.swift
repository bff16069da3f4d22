import LedgerDomain

/// What a transaction contributes to per-category totals: its postings, by category, with
/// the date, type, currency and period that place them. An amend or delete takes the
/// before-image's contribution back out.
package struct TransactionPostings: Sendable {
  package var date: CivilDate
  package var type: TransactionType
  package var currency: String
  package var period: PeriodID?
  /// The transaction's amount, in units.
  package var amount: Int64
  /// Whether the postings are splits; otherwise there is at most one, the whole amount.
  package var isSplit: Bool
  /// Positive units per category, in the order the event gave them.
  package var postings: [(category: CategoryID, units: Int64)]

  package init(_ e: TransactionAdded) {
    date = e.date
    type = e.type
    currency = e.amount.currency.code
    period = e.period
    amount = e.amount.units
    isSplit = !e.splits.isEmpty
    postings = e.postings.map { ($0.category, $0.amount.units) }
  }

  /// Whether `e` changes anything this record holds.
  package static func changes(_ e: TransactionAmended) -> Bool {
    e.date != nil || e.amount != nil || e.type != nil || e.category != nil || e.splits != nil || e.period != nil
  }

  /// The postings merged per category (a split may book one category twice), first-seen order.
  package var byCategory: [(category: CategoryID, units: Int64)] {
    var merged: [(category: CategoryID, units: Int64)] = []
    for posting in postings {
      if let index = merged.firstIndex(where: { $0.category == posting.category }) {
        merged[index].units &+= posting.units
      } else {
        merged.append(posting)
      }
    }
    return merged
  }
}
