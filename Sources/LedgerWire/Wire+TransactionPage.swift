import Ledger
import LedgerDomain
import QueryResults

extension Wire {
  /// A page of the transactions sheet, newest first (`GET /transactions`, `GET
  /// /transactions/search`, `budget tx list --json`, `budget tx search --json`): the
  /// running-balance log, or rows of the transaction index (a filter or words; no balance).
  ///
  /// Pages are cut by a cursor, `nextBefore`, not by a count of rows to skip: a transaction
  /// recorded between two requests shifts an offset by one row (shown twice or never), and the
  /// rows an offset skips are read again for every page.
  public struct TransactionPage: Codable, Sendable, Equatable {
    /// The log position the page answers as of.
    public var position: UInt64
    /// When the event at `position` was recorded; absent for an empty ledger.
    public var recordedAt: String?
    public var rows: [TransactionRow]
    /// Where the next, older page starts, `DATE/ID` (the last row's): give it back as
    /// `before` (`--before`); absent on the last page.
    public var nextBefore: String?
  }

  /// One row of the transactions sheet: a transaction, a transfer's leg or an account's
  /// opening balance. `amount` is signed (negative for money out); `balance` is the running
  /// balance, only in the log.
  public struct TransactionRow: Codable, Sendable, Equatable {
    public var id, date: String
    /// `transaction`, `transfer` or `opening`.
    public var kind: String
    /// The transaction's name, a transfer's note, or `opening balance`; `category` joins a
    /// split's categories with `+`.
    public var name, category, account, amount, currency: String
    public var balance: String?
    public var tags: [String]
    /// On a device, `true` for a row a change made there, not yet on the hub, records or
    /// changes; absent otherwise.
    public var pending: Bool?
  }
}

extension Wire.TransactionPage {
  /// A page answered at `position`, recorded at `recordedAt` (milliseconds; 0 for none), whose
  /// next, older page starts after `next`.
  public init(position: UInt64, recordedAt: Int64, rows: [Wire.TransactionRow], next: PageCursor?) {
    self.position = position
    self.recordedAt = recordedAt == 0 ? nil : Wire.timestamp(recordedAt)
    self.rows = rows
    nextBefore = next?.description
  }
}

extension Wire.TransactionRow {
  /// A row of the running-balance log of `account` (all accounts if `nil`), with names from
  /// `state`; `pending` when its id is in `pending`.
  public init(log row: LogRow, of account: AccountID?, state: LedgerState, pending: Set<EntityID> = []) {
    id = row.id.description
    date = row.date.description
    amount = row.amount.formatted()
    currency = row.amount.currency.code
    balance = row.balance.formatted()
    tags = []
    self.account = account.flatMap { state.accounts[$0]?.name } ?? ""
    self.pending = pending.contains(row.id) ? true : nil
    switch row.kind {
    case .transaction:
      kind = "transaction"
      let t = state.transactions[TransactionID(raw: row.id)]?.added
      name = t?.name ?? ""
      category = t.map { Self.categories($0.postings.map(\.category), state: state) } ?? ""
      if let t {
        self.account = state.accounts[t.account]?.name ?? self.account
        tags = t.tags
      }
    case .transfer:
      kind = "transfer"
      name = state.transfer(ofLeg: row.id)?.note ?? "transfer"
      category = ""
    case .opening:
      kind = "opening"
      name = "opening balance"
      category = ""
      self.account = state.accounts[AccountID(raw: row.id)]?.name ?? self.account
    }
  }

  /// A row of the transaction index, with names from `state`; `pending` when its id is in
  /// `pending`.
  public init(index row: TransactionRow, state: LedgerState, pending: Set<EntityID> = []) {
    id = row.id.description
    date = row.date.description
    kind = "transaction"
    name = row.name
    category = Self.categories(row.postings.map(\.category), state: state)
    account = state.accounts[row.account]?.name ?? ""
    amount = row.signedAmount.formatted()
    currency = row.amount.currency.code
    balance = nil
    tags = row.tags
    self.pending = pending.contains(row.id.raw) ? true : nil
  }

  /// The names of `categories`, joined by `+` (a split's parts).
  private static func categories(_ categories: [CategoryID], state: LedgerState) -> String {
    categories.compactMap { state.categories[$0]?.name }.joined(separator: "+")
  }
}
