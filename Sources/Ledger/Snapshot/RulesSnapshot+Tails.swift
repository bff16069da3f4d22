import LMDB
import LedgerDomain

/// The index of ids by their tails, in two levels.
///
/// A tail's key starts with the id's last four bytes, which are random: each new id lands on
/// a random page of `rules-transaction-tails`, and storing a few thousand of them rewrites
/// (and flushes) a few thousand pages of a big ledger's file — about a page per transaction
/// under a steady load of group commits. So the ids a store adds go first to
/// `rules-transaction-tails-recent`, keyed by the id itself: ids are time-ordered, so they
/// land on the last page or two. Once that table holds ``recentLimit(indexed:)`` ids they
/// are merged into the big index in one sorted pass, which rewrites each of its pages at
/// most once for many ids. A short id is looked up in both: a range read in the big index,
/// a scan of the small one (at most a sixteenth of the big one's size, or 4,096 ids).
extension RulesSnapshot {
  /// How many ids the recent table takes before they are merged into an index of `indexed`
  /// ids: a merge rewrites about every page of the big index, so it waits for a sixteenth
  /// of its size.
  static func recentLimit(indexed: Int) -> Int { max(4_096, indexed / 16) }

  /// How many ids the two tables hold between them: what the header counts.
  func indexedCount(in transaction: some Transaction) throws -> Int {
    try transaction.count(of: tails) + transaction.count(of: recentTails)
  }

  /// Indexes `ids`, new since the last store: in the recent table, merged into the big index
  /// once it is full. A batch as big as the recent table's limit (a bulk load) goes straight
  /// to the big index, sorted.
  func index(_ ids: [TransactionID], in txn: WriteTransaction) throws {
    guard !ids.isEmpty else { return }
    let limit = Self.recentLimit(indexed: try txn.count(of: tails))
    guard ids.count < limit else { return try indexSorted(ids, in: txn, appending: false) }
    let ordered = ids.sorted { ($0.raw.high, $0.raw.low) < ($1.raw.high, $1.raw.low) }
    // After the table's last key (as time-ordered ids usually are): each put then goes to the
    // end of the last page instead of descending the tree.
    let appending = try txn.withCursor(on: recentTails) { cursor in
      try cursor.last().map { Array($0.key).lexicographicallyPrecedes(Self.key(ordered[0])) } ?? true
    }
    var previous: TransactionID?
    for id in ordered where id != previous {
      previous = id
      // Indexed once: an id the big index holds is not counted twice.
      guard try txn.get(Self.tailKey(id), in: tails) == nil else { continue }
      try txn.put([UInt8](), for: Self.key(id), in: recentTails, flags: appending ? .append : [])
    }
    if try txn.count(of: recentTails) >= limit { try mergeRecentTails(in: txn) }
  }

  /// Moves every id of the recent table into the big index.
  func mergeRecentTails(in txn: WriteTransaction) throws {
    var ids: [TransactionID] = []
    try forEachRecentID(in: txn) { ids.append($0) }
    try indexSorted(ids, in: txn, appending: false)
    try txn.clear(recentTails)
  }

  /// Adds `ids` to the big index, in key order: a bulk load's many ids then fill its pages one
  /// after another (`appending`: into an empty table, each at its end), and a merge rewrites
  /// each page it touches once.
  func indexSorted(_ ids: [TransactionID], in txn: WriteTransaction, appending: Bool) throws {
    // The key's order (its last four bytes, then the id) as integers: no byte arrays to compare.
    let ordered = ids.sorted { a, b in
      (UInt32(truncatingIfNeeded: a.raw.low), a.raw.high, a.raw.low)
        < (UInt32(truncatingIfNeeded: b.raw.low), b.raw.high, b.raw.low)
    }
    guard let first = ordered.first else { return }
    // All after the index's last key (a first import, say): each put then goes to the end of
    // the last page instead of descending the tree.
    let appending =
      try appending
      || txn.withCursor(on: tails) { cursor in
        try cursor.last().map { Array($0.key).lexicographicallyPrecedes(Self.tailKey(first)) } ?? true
      }
    var previous: TransactionID?
    for id in ordered where id != previous {
      try txn.put([UInt8](), for: Self.tailKey(id), in: tails, flags: appending ? .append : [])
      previous = id
    }
  }

  /// Calls `body` with every id of the recent table, in id order.
  func forEachRecentID(in transaction: some Transaction, _ body: (TransactionID) throws -> Void) throws {
    try transaction.withCursor(on: recentTails) { cursor in
      var entry = try cursor.first()
      while let (key, _) = entry {
        guard let id = Self.transactionID(key) else {
          throw CodecError.malformed("a key of the index of recent short ids is \(key.count) bytes, not 16")
        }
        try body(id)
        entry = try cursor.next()
      }
    }
  }

  /// Calls `body` with every id the two tables hold: the big index's in tail order, then the
  /// recent table's.
  func forEachIndexedID(in transaction: some Transaction, _ body: (TransactionID) throws -> Void) throws {
    try transaction.withCursor(on: tails) { cursor in
      var entry = try cursor.first()
      while let (key, _) = entry {
        guard key.count == 20, let id = Self.transactionID(UnsafeRawBufferPointer(rebasing: key[4..<20])) else {
          throw CodecError.malformed("a key of the index of short ids is \(key.count) bytes, not 20")
        }
        try body(id)
        entry = try cursor.next()
      }
    }
    try forEachRecentID(in: transaction, body)
  }
}
