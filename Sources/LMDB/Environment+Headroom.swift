import CLMDB

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Environment {
  /// The size of the data file on disk, in bytes (its end of file, not the map size).
  public var fileSize: Int {
    var descriptor: Int32 = -1
    guard mdb_env_get_fd(handle, &descriptor) == MDB_SUCCESS else { return 0 }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return 0 }
    return Int(status.st_size)
  }

  /// The bytes an unprivileged user may still write on the file system that holds the
  /// file; `nil` if it cannot be told.
  public var freeDiskSpace: Int? {
    var stats = statvfs()
    guard statvfs(path, &stats) == 0 else { return nil }
    return Int(stats.f_bavail) * Int(stats.f_frsize)
  }

  /// Extends the data file with zeros up to `end` bytes (capped at the map size), flushed to
  /// disk, and returns the file's size afterwards.
  ///
  /// Why: a commit that writes pages past the end of the file makes the file system allocate
  /// blocks and grow the file, so its fsync must also write that metadata (allocation,
  /// extents, size) and wait for it — a good part of a durable commit that grows the file.
  /// Pages written into blocks that already exist and hold zeros cost a plain data flush. Zeros are written, not
  /// `fallocate`d: allocated but unwritten blocks still change metadata when first written.
  ///
  /// Safe against every writer of the file, in any process: it runs while holding LMDB's
  /// writer lock (inside an empty write transaction) and writes only past the current end of
  /// the file, where LMDB keeps no page. Nothing is written if the file already reaches `end`.
  @discardableResult
  public func extendFile(withZerosTo end: Int) throws(LMDBError) -> Int {
    do {
      return try write { _ throws(LMDBError) -> Int in
        var descriptor: Int32 = -1
        try LMDBError.check(mdb_env_get_fd(handle, &descriptor), "mdb_env_get_fd")
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw LMDBError(code: errno, operation: "fstat(\(path))") }
        let start = Int(status.st_size)
        let target = min(end, currentMapSize)  // the transaction holds the resize lock
        guard target > start else { return start }
        let chunk = 1 << 20
        let zeros = [UInt8](repeating: 0, count: min(chunk, target - start))
        var offset = start
        while offset < target {
          let count = min(zeros.count, target - offset)
          let written = zeros.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, count, off_t(offset)) }
          guard written > 0 else { throw LMDBError(code: written < 0 ? errno : EIO, operation: "extend \(path)") }
          offset += written
        }
        #if canImport(Darwin)
          let flushed = fsync(descriptor)
        #else
          let flushed = fdatasync(descriptor)
        #endif
        guard flushed == 0 else { throw LMDBError(code: errno, operation: "flush \(path)") }
        return offset
      }
    } catch let error as LMDBError {
      throw error
    } catch {
      throw LMDBError(code: EIO, operation: "extend \(path)")
    }
  }
}
