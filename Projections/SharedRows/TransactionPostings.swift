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
  /// The single category of an unsplit transaction (`nil` when split, or uncategorized).
  @usableFromInline
  var category: CategoryID?
  /// The splits, in the order the event gave them; empty when not split.
  @usableFromInline
  var splits: [Split]

  @inlinable
  package init(_ e: borrowing TransactionAdded) {
    date = e.date
    type = e.type
    currency = e.amount.currency.code
    period = e.period
    amount = e.amount.units
    // Shares the event's storage: most transactions have one category and no splits, and
    // folding them allocates nothing here.
    splits = e.splits
    category = e.splits.isEmpty ? e.category : nil
  }

  /// Whether `e` changes anything this record holds.
  @inlinable
  package static func changes(_ e: TransactionAmended) -> Bool {
    e.date != nil || e.amount != nil || e.type != nil || e.category != nil || e.splits != nil || e.period != nil
  }

  /// Calls `body` with each category's positive units — the splits merged per category (a
  /// split may book one category twice), in first-seen order, or the whole amount.
  @inlinable
  package func forEachCategory(_ body: (CategoryID, Int64) throws -> Void) rethrows {
    if splits.isEmpty {
      if let category { try body(category, amount) }
      return
    }
    var merged: [(category: CategoryID, units: Int64)] = []
    for split in splits {
      if let index = merged.firstIndex(where: { $0.category == split.category }) {
        merged[index].units &+= split.amount.units
      } else {
        merged.append((split.category, split.amount.units))
      }
    }
    for posting in merged { try body(posting.category, posting.units) }
  }
}
