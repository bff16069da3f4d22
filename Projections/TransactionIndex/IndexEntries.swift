import LedgerDomain

/// Every index key a transaction's current state has, per index table. Amendments move a
/// transaction by writing the difference between its old and new entries.
struct IndexEntries {
  /// The index tables, in a fixed order.
  static let tables = ["by-date", "by-category", "by-account", "by-period", "words"]

  /// Distinct keys per table, in the order of ``tables``. Arrays, not sets: they hold a
  /// handful of keys, and hashing keys costs more than comparing them.
  var keys: [[[UInt8]]]

  init(_ row: TransactionAdded) {
    let id = row.transaction.raw
    let suffix = TransactionKeys.suffix(row.date, id)
    let categories = Self.distinct(row.postings.map { TransactionKeys.owned($0.category.raw, suffix) })
    let periods = row.period.map { [TransactionKeys.owned($0.raw, suffix)] } ?? []
    let words = TextTokens.indexWords(of: row).map { TransactionKeys.word($0, suffix) }
    keys = [[suffix], categories, [TransactionKeys.owned(row.account.raw, suffix)], periods, words]
  }

  /// `keys` without repeats, in first-seen order.
  static func distinct(_ keys: [[UInt8]]) -> [[UInt8]] {
    guard keys.count > 1 else { return keys }
    var result: [[UInt8]] = []
    if keys.count <= 16 {
      for key in keys where !result.contains(key) { result.append(key) }
    } else {
      var seen: Set<[UInt8]> = []
      for key in keys where seen.insert(key).inserted { result.append(key) }
    }
    return result
  }
}
