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
    let snapshot: FoldedState
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
      snapshot = folded
    }
    guard let fresh = Self.fold(log) else { return ["the log could not be read to check the rules' stored state"] }
    // The ids the stored state can resolve by their tails: the index's, and those added after
    // the snapshot's position (indexed when it is next stored).
    let indexed = try log.environment.read { txn in
      var ids: [TransactionID] = []
      try keeper.snapshot.forEachIndexedID(in: txn) { ids.append($0) }
      return ids
    }
    return try SnapshotComparison(
      stored: snapshot.state, folded: fresh.state, indexed: indexed + snapshot.unindexed, log: log
    ).differences()
  }
}

/// Compares a stored snapshot of the rules' state with a fold of the log, and says where the
/// log explains each difference.
struct SnapshotComparison {
  let stored: LedgerState
  /// The whole log folded, every transaction in memory.
  let folded: LedgerState
  /// The ids the stored state's index of short ids holds.
  let indexed: [TransactionID]
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

  /// Each transaction as the stored state reads it (its stream, through the snapshot's
  /// position, with what came after folded in) against the fold's, and the index of short
  /// ids against the log's ids.
  private func compareTransactions(_ found: inout [String]) throws {
    for (id, expected) in folded.transactions.changes.sorted(by: { $0.key < $1.key }) where found.count < limit {
      let record = stored.transactions[id]
      if record != expected { found.append(try transactionDifference(id, stored: record, folded: expected)) }
    }
    var counted: [TransactionID: Int] = [:]
    for id in indexed { counted[id, default: 0] += 1 }
    for (id, _) in folded.transactions.changes.sorted(by: { $0.key < $1.key })
    where found.count < limit && counted[id] == nil {
      found.append("transaction \(id) is missing from the index of short ids")
    }
    for (id, times) in counted.sorted(by: { $0.key < $1.key }) where found.count < limit {
      if folded.transactions.changes[id] == nil {
        found.append("the index of short ids names transaction \(id), which the log does not have")
      } else if times > 1 {
        found.append("the index of short ids names transaction \(id) \(times) times")
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
