import LedgerDomain
import ProjectionEngine

/// Account balances and the transaction log with a running balance (seed 001, Sheet 2).
///
/// A back-dated change touches O(1) rows: each flow (transaction, transfer leg, opening
/// balance) updates one day, one month and one year aggregate of its account, plus its own
/// log entry. A balance on any date is then a sum of at most ~10 year, 11 month and 31 day
/// rows. Totals over all accounts, and their log, are the accounts' own rows added up and
/// merged when asked (a ledger has a handful of accounts), rather than a second copy of every
/// flow.
///
/// | table | key | value |
/// |---|---|---|
/// | `accounts` | account (16) | currency (3), type, role, name |
/// | `day` / `month` / `year` | account (16) ‖ day (8, signed) / month (8) / year (8) | net flow, Int64 units |
/// | `entries` | account (16) ‖ day (8) ‖ entry id (16) | signed Int64 units, kind |
public struct RunningBalancesProjector: Projector {
  public static let name = "running-balances"
  public var name: String { Self.name }
  /// 2: no "all accounts" pseudo-account rows (totals and the overall log are merged from
  /// the accounts' rows at query time). 3: no `flows` table; amends and deletes carry the
  /// transaction as it stood. 4: the account's role (budget or tracking) in its row.
  public var version: Int { 4 }
  public var tables: [TableSpec] {
    [
      TableSpec("accounts", keySize: 16), TableSpec("day", keySize: 24), TableSpec("month", keySize: 24),
      TableSpec("year", keySize: 24), TableSpec("entries", keySize: 40),
    ]
  }

  public init() {}

  public func apply<Store: ProjectionStore>(_ event: LedgerEvent, at point: LogPoint, into store: inout Store) throws {
    if case .transactionRestored(let restored) = event {
      // Back exactly as it was when deleted: folded as the addition it was.
      return try apply(.transactionAdded(restored.transaction), at: point, into: &store)
    }
    let position = point.position
    switch event {
    case .accountOpened(let e):
      try store.put(
        in: "accounts", key: BalanceKeys.id(e.account.raw),
        value: AccountRow(currency: e.currency.code, type: e.type.rawValue, role: e.type.defaultRole, name: e.name)
          .encoded, at: position)
      try addFlow(
        Flow(id: e.account.raw, account: e.account.raw, date: e.date, units: e.openingBalance.units, kind: .opening),
        into: &store, at: position)
    case .openingBalanceChanged(let e):
      try removeFlow(
        Flow(id: e.account.raw, account: e.account.raw, date: e.date, units: e.previous.units, kind: .opening),
        from: &store, at: position)
      try addFlow(
        Flow(id: e.account.raw, account: e.account.raw, date: e.date, units: e.balance.units, kind: .opening),
        into: &store, at: position)
    case .accountRenamed(let e):
      try changeAccount(e.account, in: &store, at: position) { $0.name = e.name }
    case .accountRoleChanged(let e):
      try changeAccount(e.account, in: &store, at: position) { $0.role = e.role }
    case .transactionAdded(let e):
      try addFlow(Flow(transaction: e), into: &store, at: position)
    case .transactionAmended(let e):
      guard e.account != nil || e.date != nil || e.amount != nil || e.type != nil, let previous = e.previous else {
        return
      }
      try removeFlow(Flow(transaction: previous), from: &store, at: position)
      try addFlow(Flow(transaction: previous.applying(e)), into: &store, at: position)
    case .transactionDeleted(let e):
      guard let deleted = e.deleted else { return }
      try removeFlow(Flow(transaction: deleted), from: &store, at: position)
    case .transferMade(let e):
      for leg in Self.legs(of: e) { try addFlow(leg, into: &store, at: position) }
    case .transferCancelled(let e):
      for leg in Self.legs(of: e.cancelled) { try removeFlow(leg, from: &store, at: position) }
    default:
      break
    }
  }

  /// Rewrites `account`'s row with `change` applied (nothing if it has none).
  private func changeAccount<Store: ProjectionStore>(
    _ account: AccountID, in store: inout Store, at position: UInt64, _ change: (inout AccountRow) -> Void
  ) throws {
    guard let row = try store.value(in: "accounts", key: BalanceKeys.id(account.raw)).flatMap(AccountRow.init) else {
      return
    }
    try store.put(in: "accounts", key: BalanceKeys.id(account.raw), value: row.with(change).encoded, at: position)
  }

  /// A transfer's two flows: out of one account under the transfer's id, into the other under
  /// ``LedgerDomain/TransferMade/incomingLegID``.
  private static func legs(of e: TransferMade) -> [Flow] {
    [
      Flow(id: e.transfer.raw, account: e.from.raw, date: e.date, units: -e.amount.units, kind: .transfer),
      Flow(
        id: e.incomingLegID, account: e.to.raw, date: e.date, units: e.amount.units,
        kind: .transfer),
    ]
  }

  private func addFlow<Store: ProjectionStore>(_ flow: Flow, into store: inout Store, at position: UInt64) throws {
    try flow.withEntryValue { value in
      try store.put(
        in: "entries", key: BalanceKeys.entryKey(flow.account, flow.date, flow.id), bytes: value, at: position)
    }
    try adjust(flow, by: flow.units, in: &store, at: position)
  }

  private func removeFlow<Store: ProjectionStore>(_ flow: Flow, from store: inout Store, at position: UInt64) throws {
    try store.delete(in: "entries", key: BalanceKeys.entryKey(flow.account, flow.date, flow.id), at: position)
    try adjust(flow, by: -flow.units, in: &store, at: position)
  }

  /// Adds `delta` to the day, month and year rows of the flow's account.
  private func adjust<Store: ProjectionStore>(
    _ flow: Flow, by delta: Int64, in store: inout Store, at position: UInt64
  ) throws {
    try add(delta, in: "day", key: BalanceKeys.dayKey(flow.account, flow.date), store: &store, at: position)
    try add(
      delta, in: "month", key: BalanceKeys.monthKey(flow.account, flow.date.yearMonth), store: &store, at: position)
    try add(delta, in: "year", key: BalanceKeys.yearKey(flow.account, flow.date.year), store: &store, at: position)
  }

  private func add<Store: ProjectionStore>(
    _ delta: Int64, in table: String, key: InlineKey, store: inout Store, at position: UInt64
  ) throws {
    try store.update(in: table, key: key, at: position) { value in
      let current = value.isEmpty ? 0 : Int64(units: value)
      Int64.store(current &+ delta, asUnitsIn: &value)
    }
  }
}

extension RunningBalancesProjector: TunedProjector {
  /// Amounts, dates, accounts and categories only: rebuilt from events without their text.
  /// The log's entries are only ever put and deleted while folding, never read.
  public var rebuildHints: RebuildHints { RebuildHints(readsTransactionText: false, writeOnlyTables: ["entries"]) }
}
