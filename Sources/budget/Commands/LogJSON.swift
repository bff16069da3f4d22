import Ledger
import LedgerDomain
import QueryResults

/// `--json` shape of a log page.
struct LogJSON: Encodable {
  var position: UInt64
  var rows: [LogRowJSON]
  /// Pass as `--before` for the older rows; absent on the last page.
  var before: String?
}

/// One row of the log, described with names from the state.
struct LogRowJSON: Encodable {
  var date, id, kind, name, category, amount, balance: String
  /// On a device, `true` for a row a change made here, not yet on the hub, records or changes.
  var pending: Bool?

  init(_ row: LogRow, names: NameBook, pending: Set<EntityID> = []) {
    self.pending = pending.contains(row.id) ? true : nil
    date = row.date.description
    id = row.id.description
    amount = row.amount.formatted()
    balance = row.balance.formatted()
    switch row.kind {
    case .transaction:
      kind = "transaction"
      let t = names.transactions[TransactionID(raw: row.id)]
      name = t?.name ?? ""
      category = t.map { t in t.postings.map { names.category($0.category) }.joined(separator: "+") } ?? ""
    case .transfer:
      kind = "transfer"
      name = "transfer"
      category = ""
    case .opening:
      kind = "opening"
      name = "opening balance"
      category = ""
    }
  }
}
