import CLMDB

/// Operations shared by read and write transactions.
///
/// Buffers returned by reads point straight into the memory map (zero-copy) and are valid
/// only until the transaction ends, that is, inside the closure that received it.
public protocol Transaction {
  /// The underlying `MDB_txn`.
  var handle: OpaquePointer { get }
}

/// A read-only snapshot, valid inside ``Environment/read(_:)``.
public struct ReadTransaction: Transaction {
  public let handle: OpaquePointer
}

/// A write transaction, valid inside ``Environment/write(_:)``.
public struct WriteTransaction: Transaction {
  public let handle: OpaquePointer
}

extension Transaction {
  /// The value stored under `key`, or `nil`. Zero-copy: valid until the transaction ends.
  @inlinable
  public func get(_ key: some ByteRepresentable, in database: Database) throws(LMDBError) -> UnsafeRawBufferPointer? {
    try key.withBytes { (keyBytes) throws(LMDBError) -> UnsafeRawBufferPointer? in
      var k = MDB_val(keyBytes)
      var v = MDB_val()
      let code = mdb_get(handle, database.dbi, &k, &v)
      if code == MDB_NOTFOUND { return nil }
      try LMDBError.check(code, "mdb_get")
      return UnsafeRawBufferPointer(v)
    }
  }

  /// The number of entries in `database`.
  public func count(of database: Database) throws(LMDBError) -> Int {
    try statistics(of: database).entries
  }

  /// How many entries `database` holds and how many pages they take (`mdb_stat`).
  public func statistics(of database: Database) throws(LMDBError) -> DatabaseStatistics {
    var stat = MDB_stat()
    try LMDBError.check(mdb_stat(handle, database.dbi, &stat), "mdb_stat")
    return DatabaseStatistics(
      entries: stat.ms_entries, pageSize: Int(stat.ms_psize), branchPages: stat.ms_branch_pages,
      leafPages: stat.ms_leaf_pages, overflowPages: stat.ms_overflow_pages)
  }

  /// Opens a cursor over `database` for the duration of `body`.
  @inlinable
  public func withCursor<R>(on database: Database, _ body: (Cursor) throws -> R) throws -> R {
    var cursor: OpaquePointer?
    try LMDBError.check(mdb_cursor_open(handle, database.dbi, &cursor), "mdb_cursor_open")
    defer { mdb_cursor_close(cursor) }
    return try body(Cursor(handle: cursor!))
  }

  /// Runs `body` with one cursor on each of `databases`, in order, open for all of its
  /// duration: for a run of reads and writes across a few tables, where each cursor's last
  /// position saves searches from the root.
  public func withCursors<R>(on databases: [Database], _ body: ([Cursor]) throws -> R) throws -> R {
    var cursors: [Cursor] = []
    cursors.reserveCapacity(databases.count)
    defer { for cursor in cursors { mdb_cursor_close(cursor.handle) } }
    for database in databases {
      var cursor: OpaquePointer?
      try LMDBError.check(mdb_cursor_open(handle, database.dbi, &cursor), "mdb_cursor_open")
      cursors.append(Cursor(handle: cursor!))
    }
    return try body(cursors)
  }
}

extension MDB_val {
  @inlinable
  init(_ bytes: UnsafeRawBufferPointer) {
    self.init(mv_size: bytes.count, mv_data: UnsafeMutableRawPointer(mutating: bytes.baseAddress))
  }
}

extension UnsafeRawBufferPointer {
  @inlinable
  init(_ value: MDB_val) {
    self.init(start: value.mv_data, count: value.mv_size)
  }
}
