import LMDB

/// A ``ProjectionStore`` over LMDB tables in a write transaction: the inline path, where
/// rows commit together with the events they come from.
public struct LMDBProjectionStore: ProjectionStore {
  /// A projector's few tables, found by comparing their short names (cheaper than hashing
  /// them, which every row read and write would otherwise do), each with a cursor open for
  /// the store's lifetime: a row next to the last one touched is found on the cursor's page,
  /// without a search from the root.
  let tables: [(name: String, keySize: Int, cursor: Cursor)]
  /// The first position of the commit the events being folded belong to: rows are versioned
  /// there, one version per commit (see ``CommitBoundaries``). `nil` versions each row at the
  /// position it is put at.
  var commitStart: UInt64?

  private init(tables: [(name: String, keySize: Int, cursor: Cursor)]) {
    self.tables = tables
  }

  /// Runs `body` with a store over `tables` in `txn`; its cursors close when `body` returns.
  static func with<R>(
    txn: WriteTransaction, tables: [String: (database: Database, keySize: Int)],
    _ body: (inout LMDBProjectionStore) throws -> R
  ) throws -> R {
    let named = Array(tables)
    return try txn.withCursors(on: named.map(\.value.database)) { cursors in
      var store = LMDBProjectionStore(
        tables: zip(named, cursors).map {
          (name: $0.key, keySize: $0.value.keySize, cursor: $1)
        })
      return try body(&store)
    }
  }

  public func value(in table: String, key: [UInt8], asKnownAt position: UInt64) throws -> [UInt8]? {
    try Self.latest(on: self.cursor(table, key: key), key: key, asKnownAt: position).map(Array.init)
  }

  public mutating func put(in table: String, key: [UInt8], value: [UInt8], at position: UInt64) throws {
    let cursor = try self.cursor(table, key: key)
    try cursor.put(value, for: VersionedKey.make(key, position: commitStart ?? position))
  }

  /// ``ProjectionStore/update(in:key:at:_:)`` with one search of the tree when the row
  /// already has a version at this commit (most aggregate updates of a batch): the value is
  /// replaced where the cursor found it.
  public mutating func update(
    in table: String, key: [UInt8], at position: UInt64, _ change: (inout [UInt8]) throws -> Void
  ) throws {
    let cursor = try self.cursor(table, key: key)
    let stored = VersionedKey.make(key, position: commitStart ?? position)
    var value: [UInt8] = []
    var atThisPosition = false
    if let newest = try cursor.seek(atMost: VersionedKey.make(key, position: .max)),
      VersionedKey.matches(newest.key, key)
    {
      value = Array(newest.value)
      atThisPosition = VersionedKey.equal(newest.key, stored)
    }
    try change(&value)
    if atThisPosition {
      try cursor.replaceCurrent(key: stored, with: value)
    } else {
      try cursor.put(value, for: stored)
    }
  }

  private func cursor(_ table: String, key: [UInt8]) throws -> Cursor {
    guard let entry = tables.first(where: { $0.name == table }) else { throw ProjectionError.unknownTable(table) }
    guard key.count == entry.keySize else {
      throw ProjectionError.badKey(table: table, expected: entry.keySize, got: key.count)
    }
    return entry.cursor
  }

  /// The newest version of `key` at or before `position`, zero-copy; `nil` if absent or deleted.
  static func latest(
    in txn: some Transaction, database: Database, key: [UInt8], asKnownAt position: UInt64
  ) throws -> UnsafeRawBufferPointer? {
    try txn.withCursor(on: database) { try latest(on: $0, key: key, asKnownAt: position) }
  }

  /// ``latest(in:database:key:asKnownAt:)`` through `cursor`.
  static func latest(on cursor: Cursor, key: [UInt8], asKnownAt position: UInt64) throws -> UnsafeRawBufferPointer? {
    guard let entry = try cursor.seek(atMost: VersionedKey.make(key, position: position)),
      VersionedKey.matches(entry.key, key), !entry.value.isEmpty
    else { return nil }
    return entry.value
  }
}
