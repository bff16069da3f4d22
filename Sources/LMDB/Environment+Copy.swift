import CLMDB

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Environment {
  /// Writes a consistent copy of the environment's data file to a new file at `path` (mode
  /// 0600, refused if something is there), as of one read snapshot — writers go on meanwhile.
  /// With `compacting`, free pages are left out and the copy is as small as it can be.
  public func copy(to path: String, compacting: Bool = true) throws(LMDBError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw LMDBError(code: errno, operation: "open(\(path))") }
    defer { close(descriptor) }
    try copy(toDescriptor: descriptor, compacting: compacting)
    guard fsync(descriptor) == 0 else { throw LMDBError(code: errno, operation: "fsync(\(path))") }
  }

  /// Writes the same copy, front to back, to an open file, pipe or socket; blocks until the
  /// last byte is written (or the reader goes away: the write then fails with `EPIPE`, so
  /// `SIGPIPE` must be ignored). Nothing is flushed: that is the caller's business.
  public func copy(toDescriptor descriptor: Int32, compacting: Bool = true) throws(LMDBError) {
    let flags: UInt32 = compacting ? UInt32(MDB_CP_COMPACT) : 0
    try LMDBError.check(mdb_env_copyfd2(handle, descriptor, flags), "mdb_env_copyfd2")
  }
}
