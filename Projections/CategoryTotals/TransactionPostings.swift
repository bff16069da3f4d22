import LedgerDomain

/// What a transaction contributed to per-category totals, kept per transaction so an amend
/// or delete can take exactly that back out (`TransactionAmended` carries only what changed).
/// The `transactions` row of the category-totals and budget-vs-actual projectors.
///
/// Value: day (8, signed), type (1), currency (3), has period (1), period (16), amount (8),
/// split (1), posting count (2), then per posting category (16) and units (8).
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

  /// The record after `e`: a new category replaces the splits, new splits replace the
  /// category, and a new amount moves the single category's posting along with it.
  package func amended(by e: TransactionAmended) -> TransactionPostings {
    var new = self
    if let date = e.date { new.date = date }
    if let type = e.type { new.type = type }
    if let period = e.period { new.period = period.value }
    if let amount = e.amount {
      new.amount = amount.units
      new.currency = amount.currency.code
    }
    if let splits = e.splits, !splits.isEmpty {
      new.isSplit = true
      new.postings = splits.map { ($0.category, $0.amount.units) }
    } else if let category = e.category {
      new.isSplit = false
      new.postings = [(category, new.amount)]
    } else if e.splits != nil {
      new.isSplit = false
      new.postings = []
    } else if !new.isSplit, let only = new.postings.first {
      new.postings = [(only.category, new.amount)]
    }
    return new
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

  package var encoded: [UInt8] {
    var row = RowWriter(capacity: 40 + postings.count * 24)
    row.int(Int64(date.daysSinceEpoch))
    row.byte(type == .expense ? 1 : 0)
    row.fixed(currency, width: 3)
    row.byte(period == nil ? 0 : 1)
    row.id(period?.raw ?? EntityID(high: 0, low: 0))
    row.int(amount)
    row.byte(isSplit ? 1 : 0)
    row.byte(UInt8(truncatingIfNeeded: postings.count >> 8))
    row.byte(UInt8(truncatingIfNeeded: postings.count))
    for posting in postings.prefix(Int(UInt16.max)) {
      row.id(posting.category.raw)
      row.int(posting.units)
    }
    return row.bytes
  }

  package init?(_ bytes: some Collection<UInt8>) {
    var row = RowReader(bytes)
    guard let day = row.int(), let date = try? CivilDate(daysSinceEpoch: Int(day)), let type = row.byte(),
      let currency = row.fixed(width: 3), let hasPeriod = row.byte(), let period = row.id(), let amount = row.int(),
      let isSplit = row.byte(), let high = row.byte(), let low = row.byte()
    else { return nil }
    var postings: [(category: CategoryID, units: Int64)] = []
    for _ in 0..<(Int(high) << 8 | Int(low)) {
      guard let category = row.id(), let units = row.int() else { return nil }
      postings.append((CategoryID(raw: category), units))
    }
    self.date = date
    self.type = type == 1 ? .expense : .income
    self.currency = currency
    self.period = hasPeriod != 0 ? PeriodID(raw: period) : nil
    self.amount = amount
    self.isSplit = isSplit != 0
    self.postings = postings
  }
}
