import LedgerDomain

extension NameResolver {
  /// How many matches an ambiguous reference lists.
  static let shownMatches = 5

  /// The transaction whose id holds `reference` (at least 4 characters in a row, like a short
  /// git hash: typically the 8 a table shows, or either end of them).
  ///
  /// Ids are time-ordered, so their heads are shared by everything made at the same time:
  /// tables show the (random) tail, and either end works. A reference that names a transfer's
  /// leg or an opening balance says so (``ResolveError/notATransaction(reference:_:)``).
  public func transaction(_ reference: String) throws(ResolveError) -> (id: TransactionID, record: TransactionRecord) {
    let prefix = reference.lowercased()
    guard prefix.count >= 4 else { throw .tooShort(kind: "transaction", reference: reference) }
    let matches = transactions.named(prefix)
    guard let match = matches.first else {
      if let what = notATransaction(prefix) { throw .notATransaction(reference: reference, what) }
      throw .notFound(kind: "transaction", reference: reference, suggestion: nil)
    }
    guard matches.count == 1 else {
      let shown = matches.sorted { $0.key.description < $1.key.description }.prefix(Self.shownMatches).map {
        id, record in "\(String(id.description.suffix(8)))  \(record.added.date)  \(record.added.name)"
      }
      throw .ambiguous(kind: "transaction", reference: reference, count: matches.count, matches: Array(shown))
    }
    return (match.key, match.value)
  }

  /// The stream of what `reference` names among an account's log's rows: a transaction, a
  /// transfer by either leg's id, or a cancelled transfer (its legs left the log; its audit
  /// trail stays).
  public func transactionStream(_ reference: String) throws(ResolveError) -> String {
    do { return try transaction(reference).id.stream } catch {
      if let transfer = transfer(reference) { return transfer.transfer.stream }
      if let cancelled = cancelledTransfer(reference) { return cancelled.stream }
      throw error
    }
  }

  /// What `prefix` names, when it is a row of an account's log that is not a transaction: a
  /// leg of a transfer, a cancelled transfer's, or an account's opening balance.
  public func notATransaction(_ prefix: String) -> ResolveError.NotATransaction? {
    let state = self.state
    if let transfer = self.transfer(prefix) {
      return .transfer(transfer, from: state.accountName(transfer.from), to: state.accountName(transfer.to))
    }
    if cancelledTransfer(prefix) != nil { return .cancelledTransfer }
    if let account = state.accounts.first(where: { $0.key.raw.isNamed(by: prefix) })?.value {
      return .openingBalance(account: account.name)
    }
    return nil
  }

  /// The transfer one of whose legs (as the log's rows show them) `prefix` names, if it names
  /// exactly one.
  public func transfer(_ prefix: String) -> TransferMade? {
    let matches = transfers(prefix)
    return matches.count == 1 ? matches.first : nil
  }

  /// Every transfer one of whose legs `prefix` (4+ characters) starts or ends.
  public func transfers(_ prefix: String) -> [TransferMade] {
    prefix.count >= 4 ? state.transfers(named: prefix.lowercased()) : []
  }

  /// The cancelled transfer one of whose legs `prefix` (4+ characters) names, if exactly one.
  public func cancelledTransfer(_ prefix: String) -> TransferID? {
    let found = prefix.count >= 4 ? state.cancelledTransfers(named: prefix.lowercased()) : []
    return found.count == 1 ? found.first : nil
  }

  /// How many transactions `prefix` (4+ characters) starts or ends.
  public func transactionCount(_ prefix: String) -> Int {
    prefix.count >= 4 ? transactions.named(prefix.lowercased()).count : 0
  }
}
