import LedgerDomain
import ProjectionEngine

/// Spent and received per category per month, per year and per expense period, with the
/// category metadata that names and groups them (seed 000's "totals by category", seed 001's
/// Sheet 3 actuals, seed 002's hierarchical categories).
///
/// Each transaction adds its postings (the splits, or the whole amount to its category) to
/// one month, one year and, when it has one, one period row per category, in its currency.
/// An amend or delete takes the transaction as it stood (the event's before-image) back out
/// and adds the new one, so a back-dated change touches O(postings) rows. A month's or
/// year's totals are then one range scan over the rows of that month or year.
///
/// | table | key | value |
/// |---|---|---|
/// | `categories` | category (16) | kind, budget type, archived, parent, sort order, color, icon, name |
/// | `month` | month (4) ‖ currency (3) ‖ category (16) | spent, received, count: 3 × Int64 |
/// | `year` | year (4) ‖ currency (3) ‖ category (16) | spent, received, count |
/// | `period` | period (16) ‖ currency (3) ‖ category (16) | spent, received, count |
///
/// Transfers move money between the user's own accounts and are neither spent nor received,
/// so they are not counted.
public struct CategoryTotalsProjector: Projector {
  public static let name = "category-totals"
  public var name: String { Self.name }
  /// 2: no `transactions` table; amends and deletes carry the transaction as it stood.
  public var version: Int { 2 }
  /// Amounts, dates, accounts and categories only: rebuilt from events without their text.
  public var readsTransactionText: Bool { false }
  public var tables: [TableSpec] {
    [
      TableSpec("categories", keySize: 16), TableSpec("month", keySize: TotalsKeys.monthSize),
      TableSpec("year", keySize: TotalsKeys.yearSize), TableSpec("period", keySize: TotalsKeys.periodSize),
    ]
  }

  public init() {}

  public func apply<Store: ProjectionStore>(_ event: LedgerEvent, at point: LogPoint, into store: inout Store) throws {
    if case .transactionRestored(let restored) = event {
      // Back exactly as it was when deleted: folded as the addition it was.
      return try apply(.transactionAdded(restored.transaction), at: point, into: &store)
    }
    let position = point.position
    if try CategoryRow.fold(event, into: &store, table: "categories", at: position) { return }
    if case .transactionAdded(let e) = event, e.splits.isEmpty {
      // One posting (most transactions): its month, year and period rows are distinct, so
      // each is written once without gathering them first.
      guard let category = e.category else { return }
      let delta = Totals.posting(e.amount.units, expense: e.type == .expense, sign: 1)
      let currency = e.amount.currency.code
      try TotalsBatch.add(
        delta, in: "month", key: TotalsKeys.monthKey(e.date.yearMonth, currency, category), into: &store, at: position)
      try TotalsBatch.add(
        delta, in: "year", key: TotalsKeys.yearKey(e.date.year, currency, category), into: &store, at: position)
      if let period = e.period {
        try TotalsBatch.add(
          delta, in: "period", key: TotalsKeys.periodKey(period, currency, category), into: &store, at: position)
      }
      return
    }
    var batch = TotalsBatch()
    switch event {
    case .transactionAdded(let e):
      add(TransactionPostings(e), sign: 1, to: &batch)
    case .transactionAmended(let e):
      guard TransactionPostings.changes(e), let previous = e.previous else { return }
      add(TransactionPostings(previous), sign: -1, to: &batch)
      add(TransactionPostings(previous.applying(e)), sign: 1, to: &batch)
    case .transactionDeleted(let e):
      guard let deleted = e.deleted else { return }
      add(TransactionPostings(deleted), sign: -1, to: &batch)
    default:
      return
    }
    try batch.flush(into: &store, at: position)
  }

  /// Adds (`sign` 1) or takes out (-1) a transaction's postings in its month, year and period rows.
  private func add(_ record: TransactionPostings, sign: Int64, to batch: inout TotalsBatch) {
    record.forEachCategory { category, units in
      let delta = Totals.posting(units, expense: record.type == .expense, sign: sign)
      batch.add(delta, in: "month", key: TotalsKeys.monthKey(record.date.yearMonth, record.currency, category))
      batch.add(delta, in: "year", key: TotalsKeys.yearKey(record.date.year, record.currency, category))
      if let period = record.period {
        batch.add(delta, in: "period", key: TotalsKeys.periodKey(period, record.currency, category))
      }
    }
  }
}
