import LMDB
import LedgerDomain

/// The index of ids by their tails, in two levels.
///
/// A tail's key starts with the id's last four bytes, which are random: each new id lands on
/// a random page of `rules-transaction-tails`, and storing a few thousand of them rewrites
/// (and flushes) a few thousand pages of a big ledger's file — about a page per transaction
/// under a steady load of group commits. So the ids a store adds go first to
/// `rules-transaction-tails-recent`, in sixteen buckets by the first of their last eight
/// digits, each keyed by the id itself: ids are time-ordered, so a store's ids land on the
/// last page of each bucket. Once that table holds ``recentLimit(indexed:)`` ids, its oldest
/// bucket is merged into the big index in one sorted pass: a sixteenth of the big index's
/// pages, each rewritten once for many ids, so no one commit stalls the writer for long. A
/// short id is looked up in both: a range read in the big index, a scan of one bucket of the
/// small one (at most a sixteenth of the big one's size, or 4,096 ids, in all).
extension RulesSnapshot {
  /// How many ids the recent table takes before its buckets are merged into an index of
  /// `indexed` ids, one at a time: each merge rewrites about a sixteenth of the big index's
  /// pages, so the table waits for a sixteenth of its size.
  static func recentLimit(indexed: Int) -> Int { max(4_096, indexed / 16) }

  /// The recent table's key of `id`: its bucket (the first of its last eight digits), then the
  /// id's 16 bytes.
  static func recentKey(_ id: TransactionID) -> [UInt8] {
    let key = key(id)
    return [key[12] >> 4] + key
  }

  /// How many ids the two tables hold between them: what the header counts.
  func indexedCount(in transaction: some Transaction) throws -> Int {
    try transaction.count(of: tails) + transaction.count(of: recentTails)
  }

  /// Indexes `ids`, new since the last store: in the recent table, whose oldest buckets are
  /// merged into the big index while it holds too many. A batch as big as the recent table's
  /// limit (a bulk load) goes straight to the big index, sorted, and takes the recent table's
  /// ids with it.
  func index(_ ids: [TransactionID], in txn: WriteTransaction) throws {
    guard !ids.isEmpty else { return }
    let limit = Self.recentLimit(indexed: try txn.count(of: tails))
    guard ids.count < limit else {
      // With them, whatever the recent table holds: one sorted pass, each id indexed once.
      let recent = try recentKeys(in: txn)
      if !recent.isEmpty { try txn.clear(recentTails) }
      return try indexSorted(ids + recent.compactMap(Self.transactionID(fromRecentKey:)), in: txn, appending: false)
    }
    let keys = ids.map(Self.recentKey).sorted { $0.lexicographicallyPrecedes($1) }
    var previous: [UInt8]?
    for key in keys where key != previous {
      previous = key
      // Indexed once: an id the big index holds is not counted twice.
      guard try txn.get(Self.tailKey(fromRecentKey: key), in: tails) == nil else { continue }
      try txn.put([UInt8](), for: key, in: recentTails)
    }
    while try txn.count(of: recentTails) >= limit, try mergeOldestBucket(in: txn) {}
  }

  /// Moves the bucket of the recent table that holds its oldest id into the big index;
  /// `false` if no bucket holds any (keys of another form are never merged).
  @discardableResult
  func mergeOldestBucket(in txn: WriteTransaction) throws -> Bool {
    let oldest = try txn.withCursor(on: recentTails) { cursor -> [UInt8]? in
      // Each bucket's first key is its oldest id.
      var oldest: [UInt8]?
      for bucket in UInt8(0)..<16 {
        guard let (key, _) = try cursor.seek(atLeast: [bucket]), key.first == bucket else { continue }
        if oldest.map({ key.dropFirst().lexicographicallyPrecedes($0.dropFirst()) }) ?? true { oldest = Array(key) }
      }
      return oldest
    }
    guard let bucket = oldest?.first else { return false }
    let keys = try recentKeys(in: txn, bucket: bucket)
    for key in keys { _ = try txn.delete(key, in: recentTails) }
    try indexSorted(keys.compactMap { Self.transactionID(fromRecentKey: $0) }, in: txn, appending: false)
    return !keys.isEmpty
  }

  /// The recent table's keys, of one bucket or of all, in key order.
  private func recentKeys(in txn: some Transaction, bucket: UInt8? = nil) throws -> [[UInt8]] {
    try txn.withCursor(on: recentTails) { cursor in
      var keys: [[UInt8]] = []
      var entry = try bucket.map { try cursor.seek(atLeast: [$0]) } ?? cursor.first()
      while let (key, _) = entry, bucket.map({ key.first == $0 }) ?? true {
        keys.append(Array(key))
        entry = try cursor.next()
      }
      return keys
    }
  }

  /// The big index's key for the id a recent key holds.
  static func tailKey(fromRecentKey key: [UInt8]) -> [UInt8] { Array(key[13..<17] + key[1..<17]) }

  /// The id a recent key holds (`nil` for another length).
  static func transactionID(fromRecentKey key: some Collection<UInt8>) -> TransactionID? {
    guard key.count == 17 else { return nil }
    return Array(key.dropFirst()).withUnsafeBytes { transactionID($0) }
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

  /// Calls `body` with every id of the recent table, bucket by bucket.
  func forEachRecentID(in transaction: some Transaction, _ body: (TransactionID) throws -> Void) throws {
    try transaction.withCursor(on: recentTails) { cursor in
      var entry = try cursor.first()
      while let (key, _) = entry {
        guard let id = Self.transactionID(fromRecentKey: key) else {
          throw CodecError.malformed("a key of the index of recent short ids is \(key.count) bytes, not 17")
        }
        // A key in another bucket than its id's would never be found by its short id.
        guard key[0] == key[13] >> 4 else {
          throw CodecError.malformed(
            "transaction \(id) is in bucket \(key[0]) of the recent short ids, not \(key[13] >> 4)")
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
        // A key whose tail is not its id's would never be found by its short id.
        guard key[0..<4].elementsEqual(key[16..<20]) else {
          throw CodecError.malformed("transaction \(id) is filed under another short id in the index of short ids")
        }
        try body(id)
        entry = try cursor.next()
      }
    }
    try forEachRecentID(in: transaction, body)
  }
}
