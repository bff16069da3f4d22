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
    let flags: UInt32 = compacting ? UInt32(MDB_CP_COMPACT) : 0
    try LMDBError.check(mdb_env_copyfd2(handle, descriptor, flags), "mdb_env_copyfd2(\(path))")
    guard fsync(descriptor) == 0 else { throw LMDBError(code: errno, operation: "fsync(\(path))") }
  }
}
