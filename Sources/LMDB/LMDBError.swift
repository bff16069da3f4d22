import CLMDB

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failure reported by LMDB or by the operating system underneath it.
///
/// Carries the raw LMDB (or `errno`) code so callers can branch on it, and a message a person
/// can read: which operation failed and what the code means.
public struct LMDBError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The LMDB return code (`MDB_*`) or a POSIX `errno` value.
  public let code: Int32
  /// The operation that failed, e.g. `"mdb_put"`.
  public let operation: String

  public init(code: Int32, operation: String) {
    self.code = code
    self.operation = operation
  }

  public var description: String {
    let reason: String
    switch code {
    case MDB_MAP_FULL:
      reason = "the ledger reached its configured size limit"
    case ENOSPC:
      reason = "the disk is full; free some space and try again"
    case EACCES:
      reason = "permission denied"
    case ENOENT:
      reason = "no such file or directory"
    case MDB_CORRUPTED:
      reason = "the file is damaged or cut short; restore it from a backup or copy it again"
    default:
      reason = String(cString: mdb_strerror(code))
    }
    return "\(operation) failed: \(reason) (LMDB code \(code))"
  }

  /// The memory map (or a configured size limit) is full.
  public var isMapFull: Bool { code == MDB_MAP_FULL }
  /// The file system has no space left.
  public var isDiskFull: Bool { code == ENOSPC }
  /// Another process grew the map beyond the size this process mapped.
  public var isMapResized: Bool { code == MDB_MAP_RESIZED }

  /// Throws an ``LMDBError`` when `code` is not `MDB_SUCCESS`.
  @inlinable @inline(__always)
  static func check(_ code: Int32, _ operation: @autoclosure () -> String) throws(LMDBError) {
    if code != MDB_SUCCESS { throw LMDBError(code: code, operation: operation()) }
  }
}
