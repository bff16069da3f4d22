import EventLog
import LMDB
import LedgerDomain

extension Ledger {
  /// Problems with the stored snapshot of the rules' state, in words: one that is missing or
  /// fails its checks (checksum, version, position or hash against the log); and, `deep`,
  /// every difference between it (with the events after it folded in, if it is behind) and
  /// a fresh fold of the whole log — field by field, each with the log position that explains
  /// it. Empty when all is well.
  func snapshotProblems(deep: Bool) throws -> [String] {
    let keeper = self.keeper
    let (stored, head): (RulesSnapshot.Stored, UInt64) = try log.environment.read { txn in
      let head = try log.head(in: txn).position
      return (try keeper.snapshot.load(in: txn, log: log, head: head, source: keeper.readerSource), head)
    }
    let snapshot: LedgerState
    switch stored {
    case .missing: return ["the rules' state has no stored snapshot; `budget rebuild` stores one"]
    case .unusable(let reason):
      return ["the rules' stored state is not usable: \(reason); `budget rebuild` stores it afresh"]
    case .usable(var folded):
      guard deep else { return [] }
      // Behind the head (a bulk load not finished, an older program's writes) is valid: the
      // events after it are folded in, as an opening does.
      if folded.position < head, !Self.foldTail(&folded, of: log) {
        return ["the log could not be read after the rules' stored state"]
      }
      snapshot = folded.state
    }
    guard let fresh = Self.fold(log) else { return ["the log could not be read to check the rules' stored state"] }
    return try SnapshotComparison(stored: snapshot, folded: fresh.state, log: log).differences()
  }
}

/// Compares a stored snapshot of the rules' state with a fold of the log, and says where the
/// log explains each difference.
struct SnapshotComparison {
  let stored: LedgerState
  let folded: LedgerState
  let log: EventLog
  /// At most this many differences are listed.
  var limit = 20

  func differences() throws -> [String] {
    var found: [String] = []
    func differ(_ what: String, stream: String?) throws {
      guard found.count < limit else { return }
      let position = try stream.flatMap { try lastPosition(of: $0) }
      found.append(
        "the rules' stored state differs from the log in \(what)"
          + (position.map { " (last changed at position \($0))" } ?? ""))
    }
    if stored.settings != folded.settings { try differ("the ledger's settings", stream: "ledger") }
    for id in Set(stored.accounts.keys).union(folded.accounts.keys).sorted()
    where stored.accounts[id] != folded.accounts[id] {
      try differ("account \(id)", stream: id.stream)
    }
    for id in Set(stored.categories.keys).union(folded.categories.keys).sorted()
    where stored.categories[id] != folded.categories[id] {
      try differ("category \(id)", stream: id.stream)
    }
    for id in Set(stored.periods.keys).union(folded.periods.keys).sorted()
    where stored.periods[id] != folded.periods[id] {
      try differ("period \(id)", stream: id.stream)
    }
    for month in Set(stored.budgets.keys).union(folded.budgets.keys).sorted()
    where stored.budgets[month] != folded.budgets[month] {
      try differ("the budget of \(month)", stream: nil)
    }
    if stored.plannedIncome != folded.plannedIncome { try differ("planned income", stream: nil) }
    if stored.transferRecords != folded.transferRecords || stored.cancelledTransfers != folded.cancelledTransfers {
      try differ("transfers", stream: nil)
    }
    if stored.eventCount != folded.eventCount || stored.turnover != folded.turnover
      || stored.deletedImports != folded.deletedImports
    {
      try differ("its totals (events \(stored.eventCount) vs \(folded.eventCount))", stream: nil)
    }
    try compareTransactions(&found)
    return found
  }

  private func compareTransactions(_ found: inout [String]) throws {
    var seen = 0
    var failure: (any Error)?
    // Every stored row, read (a row that cannot be read is a difference, not the end of the walk).
    let rows = stored.transactions.source as? StoredTransactions
    let walk = { (body: (TransactionID, TransactionRecord) -> Bool) throws in
      for (id, record) in stored.transactions.changes where !body(id, record) { return }
      try rows?.forEachStored { id, record in stored.transactions.changes[id] != nil || body(id, record) }
    }
    do {
      try walk { id, record in
        seen += 1
        let expected = folded.transactions[id]
        guard record != expected else { return true }
        do {
          found.append(try transactionDifference(id, stored: record, folded: expected))
        } catch {
          failure = error
        }
        return found.count < limit && failure == nil
      }
    } catch {
      found.append("the rules' stored transactions cannot all be read: \(error)")
    }
    if let failure { throw failure }
    if found.count < limit, seen != folded.transactions.count {
      for (id, _) in folded.transactions.changes where stored.transactions[id] == nil {
        found.append(try transactionDifference(id, stored: nil, folded: folded.transactions[id]))
        if found.count >= limit { break }
      }
    }
  }

  /// The difference for one transaction, with the position of the first event of its stream
  /// the stored record does not reflect (its version says how many it does).
  private func transactionDifference(
    _ id: TransactionID, stored: TransactionRecord?, folded: TransactionRecord?
  ) throws -> String {
    let reflected = stored?.version ?? 0
    let explaining = (folded?.version ?? 0) > reflected ? reflected + 1 : max(reflected, 1)
    let event = try log.read(stream: try StreamName(id.stream), from: explaining, limit: 1).first
    let what: String
    switch (stored, folded) {
    case (nil, _): what = "is missing from the stored state"
    case (_, nil): what = "is stored but not in the log"
    case (let stored?, let folded?):
      what =
        "is stored at version \(stored.version)\(stored.isDeleted ? ", deleted" : ""), the log has version \(folded.version)\(folded.isDeleted ? ", deleted" : "")"
        + (stored.version == folded.version && stored.isDeleted == folded.isDeleted ? ", with other fields" : "")
    }
    return "transaction \(id) \(what)" + (event.map { " (explained by the event at position \($0.position))" } ?? "")
  }

  private func lastPosition(of stream: String) throws -> UInt64? {
    let name = try StreamName(stream)
    guard let version = try log.version(of: name) else { return nil }
    return try log.read(stream: name, from: version, limit: 1).first?.position
  }
}
