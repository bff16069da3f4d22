import CLMDB

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open LMDB environment: one memory-mapped file holding one or more named databases.
///
/// Transactions are offered as closures: ``read(_:)`` and ``write(_:)`` begin a transaction,
/// run the body, and commit on return or abort on throw. A transaction and every buffer read
/// through it are valid only inside the body.
///
/// The map grows by itself. When a write transaction runs out of map space the environment
/// aborts it, enlarges the map and runs the body again, so callers never see `MDB_MAP_FULL`
/// unless ``Options/maxMapSize`` is reached.
public final class Environment: @unchecked Sendable {
  // @unchecked: `handle` is an LMDB environment, which is thread-safe; map resizes are
  // serialised against every open transaction by `resizeLock`.
  let handle: OpaquePointer
  let resizeLock = ReadersWriterLock()
  /// The path this environment was opened at.
  public let path: String
  /// The options it was opened with.
  public let options: Options

  /// Opens (creating if needed) the environment at `path`.
  ///
  /// Stale reader slots left by crashed processes are cleared on open.
  public init(path: String, options: Options = Options()) throws(LMDBError) {
    var env: OpaquePointer?
    try LMDBError.check(mdb_env_create(&env), "mdb_env_create")
    guard let env else { throw LMDBError(code: ENOMEM, operation: "mdb_env_create") }
    do throws(LMDBError) {
      try LMDBError.check(mdb_env_set_maxdbs(env, MDB_dbi(options.maxDatabases)), "mdb_env_set_maxdbs")
      try LMDBError.check(mdb_env_set_maxreaders(env, UInt32(options.maxReaders)), "mdb_env_set_maxreaders")
      try LMDBError.check(mdb_env_set_mapsize(env, options.initialMapSize), "mdb_env_set_mapsize")
      // MDB_NOTLS: read transactions are not tied to threads, as Swift tasks hop threads.
      let flags = options.flags.rawValue | UInt32(MDB_NOTLS)
      try LMDBError.check(mdb_env_open(env, path, flags, options.fileMode), "mdb_env_open(\(path))")
    } catch {
      mdb_env_close(env)
      throw error
    }
    self.handle = env
    self.path = path
    self.options = options
    try checkFileHoldsEveryPage()
    _ = try? clearStaleReaders()
  }

  /// Refuses a file shorter than its last committed page says (a copy cut short in transfer,
  /// a truncated backup): reading a page past the end of a mapped file would kill the process
  /// with `SIGBUS` instead of reporting the damage.
  private func checkFileHoldsEveryPage() throws(LMDBError) {
    var descriptor: mdb_filehandle_t = -1
    var status = stat()
    guard mdb_env_get_fd(handle, &descriptor) == MDB_SUCCESS, fstat(descriptor, &status) == 0 else { return }
    let needed = currentUsedSize
    guard Int(status.st_size) < needed else { return }
    throw LMDBError(
      code: MDB_CORRUPTED,
      operation: "open(\(path)) (\(status.st_size) bytes; its pages need \(needed))")
  }

  deinit {
    mdb_env_close(handle)
  }

  // MARK: Transactions

  /// Runs `body` in a read-only snapshot of the environment.
  public func read<R>(_ body: (ReadTransaction) throws -> R) throws -> R {
    let txn = try begin(readOnly: true)
    defer {
      mdb_txn_abort(txn)
      resizeLock.unlock()
    }
    return try body(ReadTransaction(handle: txn))
  }

  /// Runs `body` in a write transaction; commits when it returns, aborts when it throws.
  ///
  /// If the map fills up, the transaction is aborted, the map grown, and `body` run again:
  /// `body` must have no effects outside the transaction it is given.
  public func write<R>(_ body: (WriteTransaction) throws -> R) throws -> R {
    while true {
      let txn = try begin(readOnly: false)
      let result: R
      do {
        result = try body(WriteTransaction(handle: txn))
      } catch {
        mdb_txn_abort(txn)
        resizeLock.unlock()
        guard let lmdbError = error as? LMDBError, lmdbError.isMapFull else { throw error }
        try grow()
        continue
      }
      // mdb_txn_commit frees the transaction whether or not it succeeds.
      let code = mdb_txn_commit(txn)
      resizeLock.unlock()
      if code == MDB_SUCCESS { return result }
      guard code == MDB_MAP_FULL else { throw LMDBError(code: diskFullIfNoSpace(code), operation: "mdb_txn_commit") }
      try grow()
    }
  }

  /// LMDB reports a page write cut short by a full disk as `EIO`; when the file system is out
  /// of space, say so (`ENOSPC`: "the disk is full") rather than "Input/output error".
  private func diskFullIfNoSpace(_ code: Int32) -> Int32 {
    var stats = statvfs()
    guard code == EIO, statvfs(path, &stats) == 0 else { return code }
    return UInt64(stats.f_bavail) * UInt64(stats.f_frsize) < 1 << 20 ? ENOSPC : code
  }

  /// Begins a transaction with the resize lock held shared; the caller releases both.
  private func begin(readOnly: Bool) throws(LMDBError) -> OpaquePointer {
    while true {
      resizeLock.lockShared()
      var txn: OpaquePointer?
      let code = mdb_txn_begin(handle, nil, readOnly ? UInt32(MDB_RDONLY) : 0, &txn)
      if code == MDB_SUCCESS, let txn { return txn }
      resizeLock.unlock()
      guard code == MDB_MAP_RESIZED else { throw LMDBError(code: code, operation: "mdb_txn_begin") }
      // Another process grew the file: adopt its size, then try again.
      try adoptExternalMapSize()
    }
  }

  // MARK: Map size

  /// The current size of the memory map, in bytes.
  public var mapSize: Int { whileMapped { currentMapSize } }

  /// The id of the last committed write transaction, by any process. Read from the meta
  /// pages without a transaction: a cheap way to tell whether anything changed since.
  public var lastTransactionID: Int { whileMapped { currentInfo.me_last_txnid } }

  /// The bytes of the map in use: (last used page + 1) × page size.
  public var usedSize: Int { whileMapped { currentUsedSize } }

  /// Runs `body` with the resize lock held shared. `mdb_env_info` and `mdb_env_stat` read the
  /// meta pages inside the map, which growing the map (another thread's `reserveRoom`, say)
  /// unmaps and maps again: unguarded, a read in between touches unmapped memory.
  private func whileMapped<R>(_ body: () -> R) -> R {
    resizeLock.lockShared()
    defer { resizeLock.unlock() }
    return body()
  }

  // The three below take no lock: for callers that already hold the resize lock (a
  // transaction holds it shared, growing the map exclusively) — it is not re-entrant.

  /// LMDB's view of the environment, read from the meta pages.
  var currentInfo: MDB_envinfo {
    var info = MDB_envinfo()
    mdb_env_info(handle, &info)
    return info
  }

  var currentMapSize: Int { currentInfo.me_mapsize }

  var currentUsedSize: Int {
    var stat = MDB_stat()
    mdb_env_stat(handle, &stat)
    return (currentInfo.me_last_pgno + 1) * Int(stat.ms_psize)
  }

  /// Grows the map, if needed, so that `bytes` more can be written without the transaction
  /// being run twice: a big write (a projection rebuild) that fills the map is aborted and
  /// repeated after the map grows, which would double its cost.
  public func reserveRoom(forBytes bytes: Int) throws(LMDBError) {
    guard usedSize + bytes > mapSize else { return }
    resizeLock.lockExclusive()
    defer { resizeLock.unlock() }
    var next = currentUsedSize + bytes
    next = (next + (1 << 20) - 1) / (1 << 20) * (1 << 20)
    guard next > currentMapSize else { return }
    if let limit = options.maxMapSize { next = min(next, limit) }
    try LMDBError.check(mdb_env_set_mapsize(handle, next), "mdb_env_set_mapsize(\(next))")
  }

  private func grow() throws(LMDBError) {
    resizeLock.lockExclusive()
    defer { resizeLock.unlock() }
    let current = currentMapSize
    let gibibyte = 1 << 30
    var next = current < gibibyte ? current * 2 : current + gibibyte
    next = (next + (1 << 20) - 1) / (1 << 20) * (1 << 20)
    if let limit = options.maxMapSize {
      guard current < limit else { throw LMDBError(code: MDB_MAP_FULL, operation: "grow map") }
      next = min(next, limit)
    }
    try LMDBError.check(mdb_env_set_mapsize(handle, next), "mdb_env_set_mapsize(\(next))")
  }

  private func adoptExternalMapSize() throws(LMDBError) {
    resizeLock.lockExclusive()
    defer { resizeLock.unlock() }
    try LMDBError.check(mdb_env_set_mapsize(handle, 0), "mdb_env_set_mapsize(0)")
  }

  // MARK: Maintenance

  /// Releases reader slots held by processes that no longer exist; returns how many.
  @discardableResult
  public func clearStaleReaders() throws(LMDBError) -> Int {
    var dead: Int32 = 0
    try LMDBError.check(mdb_reader_check(handle, &dead), "mdb_reader_check")
    return Int(dead)
  }

  /// Flushes buffers to disk. `force` syncs even when the environment was opened without sync.
  public func sync(force: Bool = true) throws(LMDBError) {
    try LMDBError.check(mdb_env_sync(handle, force ? 1 : 0), "mdb_env_sync")
  }

  /// Turns sync-related flags on or off for this process at runtime.
  public func setFlags(_ flags: Flags, enabled: Bool) throws(LMDBError) {
    try LMDBError.check(mdb_env_set_flags(handle, flags.rawValue, enabled ? 1 : 0), "mdb_env_set_flags")
  }

  /// Opens (or, with `.create`, creates) a named database, in its own write transaction.
  public func openDatabase(named name: String?, flags: Database.Flags = []) throws -> Database {
    try write { txn in try txn.openDatabase(named: name, flags: flags) }
  }
}
