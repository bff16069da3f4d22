import LedgerDomain
import ProjectionEngine

/// Every index key a transaction's current state has, per index table. Amendments move a
/// transaction by writing the difference between its old and new entries.
struct IndexEntries {
  /// The index tables, in a fixed order.
  static let tables = ["by-date", "by-category", "by-account", "by-period", "words"]

  /// Every table's distinct keys, table after table in the order of ``tables``: one array for
  /// all of them (a rebuild makes one set per transaction, a million times; an array per
  /// table cost more in allocating and freeing than the keys). Arrays, not sets: they hold a
  /// handful of keys, and hashing keys costs more than comparing them. Keys are built inline
  /// from words (``InlineKey``).
  private var all: [InlineKey] = []
  /// Where each table's keys end in ``all``.
  private var ends: (Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0)

  init(_ row: borrowing TransactionAdded) {
    let id = row.transaction.raw
    // `day (8, ordered) ‖ id (16)`, the suffix of every key (``TransactionKeys/suffix(_:_:)``).
    let day = KeyBuilder.ordered(Int64(row.date.daysSinceEpoch))
    func owned(_ owner: EntityID) -> InlineKey { InlineKey(owner.high, owner.low, day, id.high, id.low) }
    all.reserveCapacity(8 + row.splits.count)
    all.append(InlineKey(day, id.high, id.low))
    ends.0 = all.count
    if row.splits.isEmpty {
      if let category = row.category { all.append(owned(category.raw)) }
    } else {
      for split in row.splits { appendDistinct(owned(split.category.raw), after: ends.0) }
    }
    ends.1 = all.count
    all.append(owned(row.account.raw))
    ends.2 = all.count
    if let period = row.period { all.append(owned(period.raw)) }
    ends.3 = all.count
    let wordsStart = ends.3
    TextTokens.forEachIndexToken(of: row) { token in
      appendDistinct(InlineKey(token.0, token.1, token.2, day, id.high, id.low), after: wordsStart)
    }
    ends.4 = all.count
  }

  /// Appends `key` unless the keys from `start` on already hold it.
  private mutating func appendDistinct(_ key: InlineKey, after start: Int) {
    if !all[start...].contains(key) { all.append(key) }
  }

  /// The keys of table number `index` of ``tables``.
  func keys(ofTable index: Int) -> ArraySlice<InlineKey> {
    switch index {
    case 0: all[0..<ends.0]
    case 1: all[ends.0..<ends.1]
    case 2: all[ends.1..<ends.2]
    case 3: all[ends.2..<ends.3]
    default: all[ends.3..<ends.4]
    }
  }

  /// `keys` without repeats, in first-seen order.
  static func distinct<Key: Hashable>(_ keys: [Key]) -> [Key] {
    guard keys.count > 1 else { return keys }
    var result: [Key] = []
    if keys.count <= 16 {
      for key in keys where !result.contains(key) { result.append(key) }
    } else {
      var seen: Set<Key> = []
      for key in keys where seen.insert(key).inserted { result.append(key) }
    }
    return result
  }
}
