import LMDB

/// How hard a commit works to survive a power cut or an operating-system crash.
///
/// A *process* crash (including `kill -9`) never loses a committed append in any mode: the
/// data is already in the OS page cache. The modes differ for system crashes only.
public enum Durability: Sendable, Hashable {
  /// fsync data and meta pages on every commit. A committed append survives anything
  /// short of a disk failure. The default.
  case durable
  /// fsync data pages but not the meta page (`MDB_NOMETASYNC`). A system crash may lose the
  /// last committed transaction(s), never corrupts the file.
  case noMetaSync
  /// No fsync at all (`MDB_NOSYNC`); for bulk loads that can be redone. A system crash may
  /// lose recent commits and, on file systems that reorder writes, corrupt the file. Call
  /// ``EventLog/flush()`` when the load is done.
  case noSync

  var environmentFlags: Environment.Flags {
    switch self {
    case .durable: []
    case .noMetaSync: .noMetaSync
    case .noSync: .noSync
    }
  }
}
