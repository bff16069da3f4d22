import LedgerDomain
import ProjectionEngine
import SharedRows

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
    // An addition or a deletion touches each of its rows once (``TransactionPostings`` merges
    // a split's categories): written as they come. An amendment takes the old out and puts the
    // new in, which may touch a row twice: gathered first, so that the row is written once.
    func write(_ delta: Totals, _ table: String, _ key: InlineKey) throws {
      try Totals.add(delta, toRow: key, in: table, of: &store, at: position)
    }
    switch event {
    case .transactionAdded(let e):
      try forEachRow(of: TransactionPostings(e), sign: 1, write)
    case .transactionDeleted(let e):
      guard let deleted = e.deleted else { return }
      try forEachRow(of: TransactionPostings(deleted), sign: -1, write)
    case .transactionAmended(let e):
      guard TransactionPostings.changes(e), let previous = e.previous else { return }
      var batch = TotalsBatch()
      forEachRow(of: TransactionPostings(previous), sign: -1) { batch.add($0, in: $1, key: $2) }
      forEachRow(of: TransactionPostings(previous.applying(e)), sign: 1) { batch.add($0, in: $1, key: $2) }
      try batch.flush(into: &store, at: position)
    default:
      return
    }
  }

  /// Calls `body` with the delta, table and key of each row a transaction's postings add to
  /// (`sign` 1) or take out of (-1): its month, year and period rows per category.
  private func forEachRow(
    of record: TransactionPostings, sign: Int64, _ body: (Totals, String, InlineKey) throws -> Void
  ) rethrows {
    try record.forEachCategory { category, units in
      let delta = Totals.posting(units, expense: record.type == .expense, sign: sign)
      try body(delta, "month", TotalsKeys.monthKey(record.date.yearMonth, record.currency, category))
      try body(delta, "year", TotalsKeys.yearKey(record.date.year, record.currency, category))
      if let period = record.period {
        try body(delta, "period", TotalsKeys.periodKey(period, record.currency, category))
      }
    }
  }
}

extension CategoryTotalsProjector: TunedProjector {
  /// Amounts, dates, accounts and categories only: rebuilt from events without their text.
  public var rebuildHints: RebuildHints { RebuildHints(readsTransactionText: false) }
}
