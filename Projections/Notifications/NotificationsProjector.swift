import LedgerDomain
import ProjectionEngine
import QueryResults
import SharedRows

/// What the ledger has to tell its user, folded from the log so that each notice has a key
/// that a rebuild gives again, and the log's time travel: a category's spending reaching
/// 75 %, 90 % or all of what its month has to spend (its budget, moved money and what
/// rollover carried in, as the budget sheet counts them), or passing it.
///
/// | table | key | value |
/// |---|---|---|
/// | `settings` | 0 (1) | base currency (3) |
/// | `categories` | category (16) | first ‖ last month held, rollover settings (``CategoryMonths``) |
/// | `months` | category (16) ‖ month (4) | budget, spending, carry in, thresholds reached (``BudgetMonthRow``) |
/// | `alerts` | category (16) ‖ month (4) ‖ threshold (1) | position (8), transaction (1 + 16), crossing (8) |
///
/// A notice is written when the spending reaches its threshold and deleted when it falls
/// back below it, so as known at any position the table holds exactly the thresholds the
/// month's spending stood at then. Only amounts in the base currency count, as on the sheet.
/// A goal's monthly need, which the sheet plans on a category with no budget of its own,
/// is no budget here: such a category is not notified about.
public struct NotificationsProjector: Projector {
  public static let name = "notifications"
  public var name: String { Self.name }
  public var version: Int { 1 }
  public var tables: [TableSpec] {
    [
      TableSpec("settings", keySize: NotificationKeys.settingsSize),
      TableSpec("categories", keySize: NotificationKeys.categorySize),
      TableSpec("months", keySize: NotificationKeys.monthSize),
      TableSpec("alerts", keySize: NotificationKeys.alertSize),
    ]
  }

  public init() {}

  public func apply<Store: ProjectionStore>(_ event: LedgerEvent, at point: LogPoint, into store: inout Store) throws {
    let position = point.position
    switch event {
    case .ledgerCreated(let e):
      try store.put(
        in: "settings", key: NotificationKeys.settings, value: Array(e.baseCurrency.code.utf8), at: position)
    case .budgetSet(let e):
      guard try isBase(e.amount.currency, in: store) else { return }
      let month = KeyPart.month(e.month)
      try Self.change(e.category, month, in: &store, at: position) {
        $0.budget = BudgetRow(set: e.amount.units, moved: 0, currency: "", span: e.span)
      }
      try Self.evaluate(e.category, from: month, cause: nil, in: &store, at: position)
    case .budgetMoved(let e):
      guard e.from != e.to, try isBase(e.amount.currency, in: store) else { return }
      let month = KeyPart.month(e.month)
      for (category, delta) in [(e.from, -e.amount.units), (e.to, e.amount.units)] {
        try Self.change(category, month, in: &store, at: position) { row in
          var budget = row.budget ?? BudgetRow(set: 0, moved: 0, currency: "", span: .month)
          budget.moved &+= delta
          row.budget = budget
        }
        try Self.evaluate(category, from: month, cause: nil, in: &store, at: position)
      }
    case .rolloverSet(let e):
      // Version 1 events meant the month they were recorded in (LedgerEvent.completed).
      let month = KeyPart.month(e.from ?? CivilDate.today(utcMilliseconds: point.recordedAt).yearMonth)
      let flags = RolloverFlags(carryUnspent: e.carryUnspent, carryOverspent: e.carryOverspent)
      try Self.setRollover(e.category, flags, from: month, in: &store, at: position)
      try Self.evaluate(e.category, from: month, cause: nil, in: &store, at: position, everyMonth: true)
    case .transactionRestored(let e):
      try fold(e.transaction, sign: 1, cause: e.transaction.transaction, into: &store, at: position)
    case .transactionAdded(let e):
      try fold(e, sign: 1, cause: e.transaction, into: &store, at: position)
    case .transactionDeleted(let e):
      guard let deleted = e.deleted else { return }
      try fold(deleted, sign: -1, cause: nil, into: &store, at: position)
    case .transactionAmended(let e):
      guard TransactionPostings.changes(e), let previous = e.previous else { return }
      try fold(previous, sign: -1, cause: nil, into: &store, at: position, evaluating: false)
      try fold(previous.applying(e), sign: 1, cause: e.transaction, into: &store, at: position)
      // The months the amendment took the transaction out of are evaluated too.
      try evaluate(previous, cause: e.transaction, into: &store, at: position)
    default:
      break
    }
  }

  /// Whether `currency` is the ledger's base currency (amounts in others are not on the sheet).
  private func isBase<Store: ProjectionStore>(_ currency: Currency, in store: Store) throws -> Bool {
    currency == (try Self.baseCurrency(in: store))
  }

  /// Adds (`sign` 1) or takes out (-1) what `transaction` spent or got back in each of its
  /// categories in its month, then works those months out again unless told not to.
  private func fold<Store: ProjectionStore>(
    _ transaction: TransactionAdded, sign: Int64, cause: TransactionID?, into store: inout Store, at position: UInt64,
    evaluating: Bool = true
  ) throws {
    let currency = try Self.baseCurrency(in: store)
    guard transaction.amount.currency == currency else { return }
    let month = KeyPart.month(transaction.date.yearMonth)
    let expense = transaction.type == .expense
    try TransactionPostings(transaction).forEachCategory { category, units in
      guard evaluating else {
        return try Self.change(category, month, in: &store, at: position) { row in
          if expense { row.spent &+= units &* sign } else { row.received &+= units &* sign }
        }
      }
      try Self.post(
        units &* sign, expense: expense, to: category, in: month, currency: currency, cause: cause, into: &store,
        at: position)
    }
  }

  /// Evaluates the months of `transaction`'s categories.
  private func evaluate<Store: ProjectionStore>(
    _ transaction: TransactionAdded, cause: TransactionID?, into store: inout Store, at position: UInt64
  ) throws {
    guard try isBase(transaction.amount.currency, in: store) else { return }
    let month = KeyPart.month(transaction.date.yearMonth)
    try TransactionPostings(transaction).forEachCategory { category, _ in
      try Self.evaluate(category, from: month, cause: cause, in: &store, at: position)
    }
  }
}
