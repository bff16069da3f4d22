import CLMDB

/// A position in a database, valid inside ``Transaction/withCursor(on:_:)``.
///
/// Each move returns the entry it lands on, or `nil` past either end. Buffers are zero-copy
/// views into the map, valid until the transaction ends.
public struct Cursor {
  /// One key and its value.
  public typealias Entry = (key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)

  @usableFromInline let handle: OpaquePointer

  @usableFromInline init(handle: OpaquePointer) { self.handle = handle }

  @inlinable public func first() throws(LMDBError) -> Entry? { try move(MDB_FIRST) }
  @inlinable public func last() throws(LMDBError) -> Entry? { try move(MDB_LAST) }
  @inlinable public func next() throws(LMDBError) -> Entry? { try move(MDB_NEXT) }
  @inlinable public func previous() throws(LMDBError) -> Entry? { try move(MDB_PREV) }
  @inlinable public func current() throws(LMDBError) -> Entry? { try move(MDB_GET_CURRENT) }

  /// Moves to the first entry whose key is ≥ `key`.
  @inlinable
  public func seek(atLeast key: some ByteRepresentable) throws(LMDBError) -> Entry? {
    try key.withBytes { (bytes) throws(LMDBError) -> Entry? in try move(MDB_SET_RANGE, key: bytes) }
  }

  /// Moves to the entry whose key is exactly `key`.
  @inlinable
  public func seek(exactly key: some ByteRepresentable) throws(LMDBError) -> Entry? {
    try key.withBytes { (bytes) throws(LMDBError) -> Entry? in try move(MDB_SET_KEY, key: bytes) }
  }

  /// Moves to the last entry whose key is ≤ `key`.
  @inlinable
  public func seek(atMost key: some ByteRepresentable) throws(LMDBError) -> Entry? {
    try key.withBytes { (bytes) throws(LMDBError) -> Entry? in
      guard let entry = try move(MDB_SET_RANGE, key: bytes) else { return try move(MDB_LAST) }
      if entry.key.elementsEqual(bytes) { return entry }
      return try move(MDB_PREV)
    }
  }

  /// Replaces the value of the entry the cursor is on, whose key is `key`, without searching
  /// the tree again (`MDB_CURRENT`). Only in a write transaction; the entries the cursor
  /// returned before are invalid afterwards.
  @inlinable
  public func replaceCurrent(key: some ByteRepresentable, with value: some ByteRepresentable) throws(LMDBError) {
    try put(value, for: key, flags: UInt32(MDB_CURRENT), "mdb_cursor_put(current)")
  }

  /// Puts `value` under `key` and leaves the cursor on it. Only in a write transaction; a
  /// key that sorts on the page the cursor is on is found without a search from the root.
  @inlinable
  public func put(_ value: some ByteRepresentable, for key: some ByteRepresentable) throws(LMDBError) {
    try put(value, for: key, flags: 0, "mdb_cursor_put")
  }

  /// Puts `value` under `key`, which must sort after every key of the table (`MDB_APPEND`):
  /// for loading a table in key order. The cursor stays on the last page, so each row costs
  /// no search from the root (which `mdb_put` makes, through every dirty page of a big
  /// transaction). Only in a write transaction; a key out of order fails with `MDB_KEYEXIST`.
  @inlinable
  public func append(_ value: some ByteRepresentable, for key: some ByteRepresentable) throws(LMDBError) {
    try put(value, for: key, flags: UInt32(MDB_APPEND), "mdb_cursor_put(append)")
  }

  @inlinable
  func put(
    _ value: some ByteRepresentable, for key: some ByteRepresentable, flags: UInt32, _ operation: String
  ) throws(LMDBError) {
    try key.withBytes { (keyBytes) throws(LMDBError) in
      try value.withBytes { (valueBytes) throws(LMDBError) in
        var k = MDB_val(keyBytes)
        var v = MDB_val(valueBytes)
        try LMDBError.check(mdb_cursor_put(handle, &k, &v, flags), operation)
      }
    }
  }

  @inlinable
  func move(_ op: MDB_cursor_op, key: UnsafeRawBufferPointer? = nil) throws(LMDBError) -> Entry? {
    var k = key.map { MDB_val($0) } ?? MDB_val()
    var v = MDB_val()
    let code = mdb_cursor_get(handle, &k, &v, op)
    if code == MDB_NOTFOUND { return nil }
    try LMDBError.check(code, "mdb_cursor_get")
    return (UnsafeRawBufferPointer(k), UnsafeRawBufferPointer(v))
  }
}
