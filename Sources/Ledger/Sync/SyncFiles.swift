import Foundation

/// The files beside a ledger that sync keeps, named after the ledger's path `P`:
///
/// | file | on | holds |
/// |---|---|---|
/// | `P.devices` | a hub | the devices it serves, each token's SHA-256 (``DeviceRegistry``) |
/// | `P.remotes` | a device | the hubs it syncs with, and its token for each (``RemoteList``) |
/// | `P.replica` | a device | the hub's log, byte for byte (an ordinary ledger file) |
/// | `P.outbox` | a device | the commands the hub has not accepted yet (``Outbox``) |
/// | `P.sync-lock` | a device | held by a sync while it replaces `P` |
/// | `P.server` | a device | where the `budget serve` holding `P` open answers (``ServerRecord``) |
///
/// On a device, `P` itself — what every command opens — is the replica plus the outbox's
/// commands, decided by the same rules: the *working* ledger. Until the device's first
/// change it does not exist, and commands read the replica (``holdsOnlyReplica``). All files
/// are 0600.
public struct SyncFiles: Sendable, Hashable {
  /// The ledger's path.
  public var ledger: String

  public init(ledger: String) { self.ledger = ledger }

  public var devices: String { ledger + ".devices" }
  public var remotes: String { ledger + ".remotes" }
  public var replica: String { ledger + ".replica" }
  public var outbox: String { ledger + ".outbox" }
  public var lock: String { ledger + ".sync-lock" }
  public var server: String { ledger + ".server" }

  /// Whether the ledger is a device's working ledger (it was cloned from a hub).
  public var isDevice: Bool { FileManager.default.fileExists(atPath: remotes) }

  /// Whether this is a device that holds only its replica so far: a clone writes the hub's
  /// copy once, and the working ledger `P` is made from the replica by the first change made
  /// on the device (until then it would be the replica's twin, byte for byte).
  public var holdsOnlyReplica: Bool {
    let manager = FileManager.default
    return isDevice && !manager.fileExists(atPath: ledger) && manager.fileExists(atPath: replica)
  }

  /// The name a process writes a working ledger under before linking it into place
  /// (``Ledger/makeWorkingLedger(at:)``).
  func workingCopy(of process: Int32) -> String { ledger + ".making-\(process)" }

  /// Removes the working ledgers' copies that processes killed while making them left behind.
  /// Only while the sync lock is held alone: no command of the device is making one then.
  public func removeAbandonedWorkingCopies() {
    let directory = (ledger as NSString).deletingLastPathComponent
    let prefix = (ledger as NSString).lastPathComponent + ".making-"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory)) ?? []
    for name in names where name.hasPrefix(prefix) {
      unlink(directory.isEmpty ? name : directory + "/" + name)
    }
  }

  /// Writes `data` to `path` as a whole or not at all: a temporary file beside it (0600),
  /// flushed, renamed over it, and the directory flushed — so a crash leaves the old file
  /// or the new, never half of one.
  static func replace(_ path: String, with data: Data) throws {
    let temporary = path + ".tmp-\(getpid())"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw SyncFileError(path: temporary, operation: "create", code: errno) }
    var written = 0
    let failed: Int32? = data.withUnsafeBytes { bytes in
      while written < bytes.count {
        let count = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
        if count < 0 { return errno }
        written += count
      }
      return fsync(descriptor) == 0 ? nil : errno
    }
    close(descriptor)
    if let failed {
      unlink(temporary)
      throw SyncFileError(path: temporary, operation: "write", code: failed)
    }
    guard rename(temporary, path) == 0 else {
      let code = errno
      unlink(temporary)
      throw SyncFileError(path: path, operation: "replace", code: code)
    }
    syncDirectory(of: path)
  }

  /// Flushes the directory holding `path`, so that a rename in it survives a crash.
  public static func syncDirectory(of path: String) {
    let directory = (path as NSString).deletingLastPathComponent
    let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }
}

/// A sync file could not be read or written; nothing was changed.
public struct SyncFileError: Error, Sendable, Hashable, CustomStringConvertible {
  public var path: String
  public var operation: String
  public var code: Int32

  public var description: String {
    "cannot \(operation) \(path): \(String(cString: strerror(code)))"
  }
}
