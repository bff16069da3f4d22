import LedgerDomain
import ProjectionEngine

/// The transaction list, its filters and full-text search (seed 000's queries).
///
/// Each transaction has one row holding its current state. Amendments and deletions carry the
/// transaction as it stood before them (the engine completes old events that lack it), which
/// tells which index entries to remove: no table is read while folding, so a rebuild keeps
/// every table as rows appended and sorted once. The indexes are ordered by date, so a page
/// of any of them is one range scan. An amendment writes only the index keys that change
/// (tombstoning the old, putting the new); a deletion tombstones the row and every entry.
///
/// | table | key | value |
/// |---|---|---|
/// | `transactions` | transaction (16) | the row, ``TransactionRowCodec`` |
/// | `by-date` | day (8, ordered) ‖ transaction (16) | `1` |
/// | `by-category` | category (16) ‖ day ‖ transaction — once per category of a split | `1` |
/// | `by-account` | account (16) ‖ day ‖ transaction | `1` |
/// | `by-period` | period (16) ‖ day ‖ transaction | `1` |
/// | `words` | word (24, zero-padded) ‖ day ‖ transaction — per distinct word of name, description, notes, tags | `1` |
public struct TransactionIndexProjector: Projector {
  /// The projector's name, used for its tables and checkpoint.
  public static let name = "transaction-index"
  public var name: String { Self.name }
  /// 2: words folded to their base letters (``TextTokens``); a ledger indexed by 1 is rebuilt.
  public var version: Int { 2 }
  public var tables: [TableSpec] {
    [
      TableSpec("transactions", keySize: 16), TableSpec("by-date", keySize: 24), TableSpec("by-category", keySize: 40),
      TableSpec("by-account", keySize: 40), TableSpec("by-period", keySize: 40),
      TableSpec("words", keySize: TextTokens.width + TransactionKeys.suffixSize),
    ]
  }

  /// The value of every index entry (an empty value would be a tombstone).
  static let present: [UInt8] = [1]

  /// The projector; it has no settings.
  public init() {}

  public func apply<Store: ProjectionStore>(_ event: LedgerEvent, at point: LogPoint, into store: inout Store) throws {
    if case .transactionRestored(let restored) = event {
      // Back exactly as it was when deleted: folded as the addition it was.
      return try apply(.transactionAdded(restored.transaction), at: point, into: &store)
    }
    let position = point.position
    switch event {
    case .transactionAdded(let e):
      try put(e, into: &store, at: position)
      try write(old: nil, new: IndexEntries(e), into: &store, at: position)
    case .transactionAmended(let e):
      guard var row = try e.previous ?? Self.row(of: e.transaction, in: store) else { return }
      let old = IndexEntries(row)
      row.apply(e)
      try put(row, into: &store, at: position)
      try write(old: old, new: IndexEntries(row), into: &store, at: position)
    case .transactionDeleted(let e):
      guard let row = try e.deleted ?? Self.row(of: e.transaction, in: store) else { return }
      try store.delete(in: "transactions", key: TransactionKeys.id(e.transaction.raw), at: position)
      try write(old: IndexEntries(row), new: nil, into: &store, at: position)
    default:
      break
    }
  }

  /// The stored row of `transaction`: only for an edit without its before-image, which the
  /// engine never hands over (it completes old events); in a rebuild, a scan.
  private static func row<Store: ProjectionStore>(
    of transaction: TransactionID, in store: Store
  ) throws
    -> TransactionAdded?
  {
    try store.value(in: "transactions", key: TransactionKeys.id(transaction.raw)).flatMap(TransactionRowCodec.decode)
  }

  /// Puts the transaction's row, encoded on the stack, under its id.
  private func put<Store: ProjectionStore>(
    _ row: borrowing TransactionAdded, into store: inout Store, at position: UInt64
  ) throws {
    let id = row.transaction.raw
    try TransactionRowCodec.withEncoded(row) { bytes in
      try store.put(in: "transactions", key: InlineKey(id.high, id.low), bytes: bytes, at: position)
    }
  }

  /// Tombstones the entries of `old` that `new` lacks and puts those of `new` that `old`
  /// lacks; an unchanged key is not written (a key is written at most once per position).
  private func write<Store: ProjectionStore>(
    old: IndexEntries?, new: IndexEntries?, into store: inout Store, at position: UInt64
  ) throws {
    for (index, table) in IndexEntries.tables.enumerated() {
      let before = old?.keys(ofTable: index) ?? []
      let after = new?.keys(ofTable: index) ?? []
      if before.count > 16 || after.count > 16 {  // long notes: compare as sets
        let (beforeSet, afterSet) = (Set(before), Set(after))
        for key in before where !afterSet.contains(key) { try store.delete(in: table, key: key, at: position) }
        for key in after where !beforeSet.contains(key) {
          try store.put(in: table, key: key, value: Self.present, at: position)
        }
      } else {
        for key in before where !after.contains(key) { try store.delete(in: table, key: key, at: position) }
        for key in after where !before.contains(key) {
          try store.put(in: table, key: key, value: Self.present, at: position)
        }
      }
    }
  }
}

extension TransactionIndexProjector: TunedProjector {
  /// Every table is only put and deleted while folding (edits carry the transaction as it
  /// was), never read: a rebuild keeps each as rows appended and sorted once.
  public var rebuildHints: RebuildHints { RebuildHints(writeOnlyTables: Set(tables.map(\.name))) }
}
