import LedgerDomain
import ProjectionEngine
import SharedRows

/// The zero-based budget and how the month went against it (seed 001 Sheets 1 and 3, seed
/// 002's rollover and alerts): budgets per month and category, planned income, due dates,
/// rollover settings, category metadata, and its own actual spending per category and month
/// (it reads no other projector's tables, so it can be rebuilt alone).
///
/// | table | key | value |
/// |---|---|---|
/// | `categories` | category (16) | kind, budget type, archived, parent, sort order, color, icon, name |
/// | `budgets` | month (4) ‖ category (16) | amount set (8), moved in / out (8), currency (3), span (1) |
/// | `income` | year (4) ‖ month (1; 0 = yearly) ‖ source hash (8) | amount (8), currency (3), source |
/// | `due` | category (16) | due date: day (8, signed) |
/// | `rollover` | category (16) ‖ month it applies from (4) | flags: carry unspent, carry overspent |
/// | `actuals` | month (4) ‖ currency (3) ‖ category (16) | spent, received, count: 3 × Int64 |
///
/// A `RolloverSet` applies from its `from` month — for version 1 events, which carried none,
/// the calendar month (UTC) in which it was recorded — i.e. that month's leftover is the first
/// one carried. Everything derived — the
/// quarter's monthly thirds, rollover carries, percentages, alerts — is worked out by
/// ``BudgetQueries``; the fold only records what the events say.
public struct BudgetVsActualProjector: Projector {
  public static let name = "budget-vs-actual"
  public var name: String { Self.name }
  /// 2: no `transactions` table; amends and deletes carry the transaction as it stood.
  public var version: Int { 2 }
  public var tables: [TableSpec] {
    [
      TableSpec("categories", keySize: 16), TableSpec("budgets", keySize: BudgetKeys.budgetSize),
      TableSpec("income", keySize: BudgetKeys.incomeSize), TableSpec("due", keySize: 16),
      TableSpec("rollover", keySize: BudgetKeys.rolloverSize), TableSpec("actuals", keySize: BudgetKeys.actualSize),
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
    switch event {
    case .budgetSet(let e):
      let row = BudgetRow(set: e.amount.units, moved: 0, currency: e.amount.currency.code, span: e.span)
      try store.put(
        in: "budgets", key: BudgetKeys.budget(KeyPart.month(e.month), e.category), value: row.encoded, at: position)
    case .budgetMoved(let e):
      guard e.from != e.to else { return }
      for (category, delta) in [(e.from, -e.amount.units), (e.to, e.amount.units)] {
        let key = BudgetKeys.budget(KeyPart.month(e.month), category)
        var row =
          try store.value(in: "budgets", key: key).flatMap(BudgetRow.init)
          ?? BudgetRow(set: 0, moved: 0, currency: e.amount.currency.code, span: .month)
        row.moved &+= delta
        try store.put(in: "budgets", key: key, value: row.encoded, at: position)
      }
    case .incomePlanned(let e):
      let row = IncomeRow(amount: e.amount.units, currency: e.amount.currency.code, source: e.source)
      let key = BudgetKeys.income(year: e.month?.year ?? e.year, month: e.month?.month, source: e.source)
      try store.put(in: "income", key: key, value: row.encoded, at: position)
    case .dueDateSet(let e):
      var row = RowWriter(capacity: 8)
      row.int(Int64(e.dueDate.daysSinceEpoch))
      try store.put(in: "due", key: KeyPart.id(e.category.raw), value: row.bytes, at: position)
    case .dueDateCleared(let e):
      try store.delete(in: "due", key: KeyPart.id(e.category.raw), at: position)
    case .rolloverSet(let e):
      // Version 1 events meant the month they were recorded in (LedgerEvent.completed).
      let from = KeyPart.month(e.from ?? CivilDate.today(utcMilliseconds: point.recordedAt).yearMonth)
      let flags = RolloverFlags(carryUnspent: e.carryUnspent, carryOverspent: e.carryOverspent)
      try store.put(in: "rollover", key: BudgetKeys.rollover(e.category, from), value: flags.encoded, at: position)
    case .transactionAdded, .transactionAmended, .transactionDeleted:
      try foldActuals(event, into: &store, at: position)
    default:
      break
    }
  }

  /// Keeps `actuals` equal to the sum of the live transactions' postings.
  private func foldActuals<Store: ProjectionStore>(
    _ event: LedgerEvent, into store: inout Store, at position: UInt64
  ) throws {
    // As in category totals: an addition or a deletion touches each row once, an amendment
    // may touch one twice and is gathered first.
    func forEachRow(of record: TransactionPostings, sign: Int64, _ body: (Totals, InlineKey) throws -> Void) rethrows {
      try record.forEachCategory { category, units in
        let key = BudgetKeys.actualKey(KeyPart.month(record.date.yearMonth), record.currency, category)
        try body(Totals.posting(units, expense: record.type == .expense, sign: sign), key)
      }
    }
    func write(_ delta: Totals, _ key: InlineKey) throws {
      try Totals.add(delta, toRow: key, in: "actuals", of: &store, at: position)
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
      forEachRow(of: TransactionPostings(previous), sign: -1) { batch.add($0, in: "actuals", key: $1) }
      forEachRow(of: TransactionPostings(previous.applying(e)), sign: 1) { batch.add($0, in: "actuals", key: $1) }
      try batch.flush(into: &store, at: position)
    default:
      return
    }
  }
}

extension BudgetVsActualProjector: TunedProjector {
  /// Amounts, dates, accounts and categories only: rebuilt from events without their text.
  public var rebuildHints: RebuildHints { RebuildHints(readsTransactionText: false) }
}
