import LedgerDomain
import ProjectionEngine

/// Spent and received per category per month, per year and per expense period, with the
/// category metadata that names and groups them (seed 000's "totals by category", seed 001's
/// Sheet 3 actuals, seed 002's hierarchical categories).
///
/// Each transaction adds its postings (the splits, or the whole amount to its category) to
/// one month, one year and, when it has one, one period row per category, in its currency.
/// An amend or delete takes the transaction's own record back out and adds the new one, so
/// a back-dated change touches O(postings) rows. A month's or year's totals are then one
/// range scan over the rows of that month or year.
///
/// | table | key | value |
/// |---|---|---|
/// | `categories` | category (16) | kind, budget type, archived, parent, sort order, color, icon, name |
/// | `month` | month (4) ‖ currency (3) ‖ category (16) | spent, received, count: 3 × Int64 |
/// | `year` | year (4) ‖ currency (3) ‖ category (16) | spent, received, count |
/// | `period` | period (16) ‖ currency (3) ‖ category (16) | spent, received, count |
/// | `transactions` | transaction (16) | date, type, currency, period, amount, postings — to undo on amend / delete |
///
/// Transfers move money between the user's own accounts and are neither spent nor received,
/// so they are not counted.
public struct CategoryTotalsProjector: Projector {
  public static let name = "category-totals"
  public var name: String { Self.name }
  public var version: Int { 1 }
  public var tables: [TableSpec] {
    [
      TableSpec("categories", keySize: 16), TableSpec("month", keySize: TotalsKeys.monthSize),
      TableSpec("year", keySize: TotalsKeys.yearSize), TableSpec("period", keySize: TotalsKeys.periodSize),
      TableSpec("transactions", keySize: 16),
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
    var batch = TotalsBatch()
    switch event {
    case .transactionAdded(let e):
      let record = TransactionPostings(e)
      try store.put(in: "transactions", key: KeyPart.id(e.transaction.raw), value: record.encoded, at: position)
      add(record, sign: 1, to: &batch)
    case .transactionAmended(let e):
      let key = KeyPart.id(e.transaction.raw)
      guard TransactionPostings.changes(e), let old = try store.value(in: "transactions", key: key).flatMap(TransactionPostings.init)
      else { return }
      let new = old.amended(by: e)
      try store.put(in: "transactions", key: key, value: new.encoded, at: position)
      add(old, sign: -1, to: &batch)
      add(new, sign: 1, to: &batch)
    case .transactionDeleted(let e):
      let key = KeyPart.id(e.transaction.raw)
      guard let old = try store.value(in: "transactions", key: key).flatMap(TransactionPostings.init) else { return }
      try store.delete(in: "transactions", key: key, at: position)
      add(old, sign: -1, to: &batch)
    default:
      return
    }
    try batch.flush(into: &store, at: position)
  }

  /// Adds (`sign` 1) or takes out (-1) a transaction's postings in its month, year and period rows.
  private func add(_ record: TransactionPostings, sign: Int64, to batch: inout TotalsBatch) {
    for posting in record.byCategory {
      let delta = Totals.posting(posting.units, expense: record.type == .expense, sign: sign)
      batch.add(delta, in: "month", key: TotalsKeys.month(record.date.yearMonth, record.currency, posting.category))
      batch.add(delta, in: "year", key: TotalsKeys.year(record.date.year, record.currency, posting.category))
      if let period = record.period {
        batch.add(delta, in: "period", key: TotalsKeys.period(period, record.currency, posting.category))
      }
    }
  }
}
