import CLMDB

extension WriteTransaction {
  /// How a value is written.
  public struct PutFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Fail with `MDB_KEYEXIST` instead of overwriting.
    public static let noOverwrite = PutFlags(rawValue: UInt32(MDB_NOOVERWRITE))
    /// The key sorts after every existing key: append without a search (fast bulk loads).
    public static let append = PutFlags(rawValue: UInt32(MDB_APPEND))
  }

  /// Stores `value` under `key`.
  @inlinable
  public func put(
    _ value: some ByteRepresentable, for key: some ByteRepresentable, in database: Database,
    flags: PutFlags = []
  ) throws(LMDBError) {
    try key.withBytes { (keyBytes) throws(LMDBError) in
      try value.withBytes { (valueBytes) throws(LMDBError) in
        var k = MDB_val(keyBytes)
        var v = MDB_val(valueBytes)
        try LMDBError.check(mdb_put(handle, database.dbi, &k, &v, flags.rawValue), "mdb_put")
      }
    }
  }

  /// Stores `value` under `key` unless `key` is there already; then returns the value stored
  /// (valid until the next write in this transaction) and changes nothing. One search instead
  /// of a lookup and a put, for keys that are new nearly always.
  @inlinable
  public func insert(
    _ value: some ByteRepresentable, for key: some ByteRepresentable, in database: Database
  ) throws(LMDBError) -> UnsafeRawBufferPointer? {
    try key.withBytes { (keyBytes) throws(LMDBError) -> UnsafeRawBufferPointer? in
      try value.withBytes { (valueBytes) throws(LMDBError) -> UnsafeRawBufferPointer? in
        var k = MDB_val(keyBytes)
        var v = MDB_val(valueBytes)
        let code = mdb_put(handle, database.dbi, &k, &v, UInt32(MDB_NOOVERWRITE))
        if code == MDB_KEYEXIST { return UnsafeRawBufferPointer(start: v.mv_data, count: v.mv_size) }
        try LMDBError.check(code, "mdb_put")
        return nil
      }
    }
  }

  /// Reserves `count` bytes under `key` and returns them for the caller to fill in place,
  /// saving a copy. The buffer is valid until the next write in this transaction.
  @inlinable
  public func reserve(
    _ count: Int, for key: some ByteRepresentable, in database: Database, flags: PutFlags = []
  ) throws(LMDBError) -> UnsafeMutableRawBufferPointer {
    try key.withBytes { (keyBytes) throws(LMDBError) -> UnsafeMutableRawBufferPointer in
      var k = MDB_val(keyBytes)
      var v = MDB_val(mv_size: count, mv_data: nil)
      try LMDBError.check(
        mdb_put(handle, database.dbi, &k, &v, flags.rawValue | UInt32(MDB_RESERVE)), "mdb_put(reserve)")
      return UnsafeMutableRawBufferPointer(start: v.mv_data, count: count)
    }
  }

  /// Deletes `key`; returns `false` if it was not there.
  @discardableResult
  public func delete(_ key: some ByteRepresentable, in database: Database) throws(LMDBError) -> Bool {
    try key.withBytes { (keyBytes) throws(LMDBError) -> Bool in
      var k = MDB_val(keyBytes)
      let code = mdb_del(handle, database.dbi, &k, nil)
      if code == MDB_NOTFOUND { return false }
      try LMDBError.check(code, "mdb_del")
      return true
    }
  }

  /// Removes every entry of `database`, keeping the database itself.
  public func clear(_ database: Database) throws(LMDBError) {
    try LMDBError.check(mdb_drop(handle, database.dbi, 0), "mdb_drop(empty)")
  }

  /// Deletes `database` and closes its handle.
  public func drop(_ database: Database) throws(LMDBError) {
    try LMDBError.check(mdb_drop(handle, database.dbi, 1), "mdb_drop(delete)")
  }

  /// Opens (or with `.create`, creates) a named database. The handle becomes usable by
  /// other transactions once this one commits.
  public func openDatabase(named name: String?, flags: Database.Flags = []) throws(LMDBError) -> Database {
    var dbi: MDB_dbi = 0
    try LMDBError.check(
      mdb_dbi_open(handle, name, flags.rawValue, &dbi), "mdb_dbi_open(\(name ?? "main"))")
    return Database(dbi: dbi)
  }
}
