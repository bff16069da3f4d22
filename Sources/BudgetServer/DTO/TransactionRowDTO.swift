import LedgerDomain
import QueryResults

/// One row of the transactions sheet: from the running-balance log (with `balance`) or from
/// the transaction index (filtered lists and search, without).
struct TransactionRowDTO: Codable, Sendable {
  var id, date, kind, name, category, account, amount, currency: String
  var balance: String?
  var tags: [String]
  /// On a device, `true` for a row a change made there, not yet on the hub, records or changes.
  var pending: Bool?

  init(log row: LogRow, state: LedgerState, accountName: String) {
    id = row.id.description
    date = row.date.description
    amount = row.amount.formatted()
    currency = row.amount.currency.code
    balance = row.balance.formatted()
    tags = []
    account = accountName
    switch row.kind {
    case .transaction:
      kind = "transaction"
      let t = state.transactions[TransactionID(raw: row.id)]?.added
      name = t?.name ?? ""
      category =
        t.map { t in t.postings.compactMap { state.categories[$0.category]?.name }.joined(separator: "+") } ?? ""
      if let t { account = state.accounts[t.account]?.name ?? accountName; tags = t.tags }
    case .transfer:
      kind = "transfer"
      name = state.transfer(ofLeg: row.id)?.note ?? "transfer"
      category = ""
    case .opening:
      kind = "opening"
      name = "opening balance"
      category = ""
      account = state.accounts[AccountID(raw: row.id)]?.name ?? accountName
    }
  }

  init(index row: TransactionRow, state: LedgerState) {
    id = row.id.description
    date = row.date.description
    kind = "transaction"
    name = row.name
    category = row.postings.compactMap { state.categories[$0.category]?.name }.joined(separator: "+")
    account = state.accounts[row.account]?.name ?? ""
    amount = row.signedAmount.formatted()
    currency = row.amount.currency.code
    balance = nil
    tags = row.tags
  }
}
