import CategoryTotals
import EventLog
import LedgerDomain
import ProjectionEngine
import RunningBalances
import TransactionIndex

/// Names for ids, read from the projections — what a report needs to show rows, without
/// folding the history.
public struct NameBook: Sendable {
  public var categories: [CategoryID: CategoryInfo]
  public var accounts: [AccountID: AccountInfo]
  /// Rows of the transactions asked for.
  public var transactions: [TransactionID: TransactionRow]

  public func category(_ id: CategoryID) -> String { categories[id]?.name ?? id.description }
  public func account(_ id: AccountID) -> String { accounts[id]?.name ?? id.description }
}

extension Ledger {
  /// Category and account names, and the rows of `transactions`, as known at `point`.
  public func names(transactions ids: [TransactionID] = [], at point: TimePoint = .now) throws(LedgerError) -> NameBook
  {
    try query(at: point) { reader, position in
      let categories = try CategoryQueries(reader).categories(asKnownAt: position).categories
      let accounts = try BalanceQueries(reader).accounts(asKnownAt: position)
      var rows: [TransactionID: TransactionRow] = [:]
      let index = TransactionQueries(reader)
      for id in ids { rows[id] = try index.transaction(id, asKnownAt: position) }
      return NameBook(
        categories: Dictionary(categories.map { ($0.category, $0) }, uniquingKeysWith: { $1 }),
        accounts: Dictionary(accounts.map { ($0.account, $0) }, uniquingKeysWith: { $1 }), transactions: rows)
    }.value
  }
}
