import LedgerDomain
import ProjectionEngine

/// Every index key a transaction's current state has, per index table. Amendments move a
/// transaction by writing the difference between its old and new entries.
struct IndexEntries {
  /// The index tables, in a fixed order.
  static let tables = ["by-date", "by-category", "by-account", "by-period", "words"]

  /// Distinct keys per table, in the order of ``tables``. Arrays, not sets: they hold a
  /// handful of keys, and hashing keys costs more than comparing them. Keys are built inline
  /// from words (``InlineKey``): a rebuild makes millions and allocates none of them.
  var keys: [[InlineKey]]

  init(_ row: TransactionAdded) {
    let id = row.transaction.raw
    // `day (8, ordered) ‖ id (16)`, the suffix of every key (``TransactionKeys/suffix(_:_:)``).
    let day = KeyBuilder.ordered(Int64(row.date.daysSinceEpoch))
    func owned(_ owner: EntityID) -> InlineKey { InlineKey(owner.high, owner.low, day, id.high, id.low) }
    var categories: [InlineKey] = []
    if row.splits.isEmpty {
      if let category = row.category { categories.append(owned(category.raw)) }
    } else {
      categories.reserveCapacity(row.splits.count)
      for split in row.splits { categories.append(owned(split.category.raw)) }
      categories = Self.distinct(categories)
    }
    let periods = row.period.map { [owned($0.raw)] } ?? []
    let words = TextTokens.indexTokens(of: row).map { InlineKey($0.0, $0.1, $0.2, day, id.high, id.low) }
    keys = [[InlineKey(day, id.high, id.low)], categories, [owned(row.account.raw)], periods, words]
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
