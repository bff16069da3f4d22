#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An advisory lock (`flock`) on a file of its own, held until ``release()`` or deinit:
/// what keeps two processes from rewriting the same sync file, or one from replacing a
/// working ledger another is using.
public final class FileLock: Sendable {
  private let descriptor: Int32

  /// How the lock is shared.
  public enum Mode: Sendable {
    /// Many holders at once (a command using the working ledger).
    case shared
    /// One holder (a sync replacing the working ledger, an edit of a sync file).
    case exclusive
  }

  /// Takes the lock on `path` (created 0600 if missing); `nil` when `wait` is false and
  /// another process holds it in a conflicting mode.
  public init?(path: String, mode: Mode, wait: Bool = true) throws(SyncFileError) {
    let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw SyncFileError(path: path, operation: "open", code: errno) }
    var operation = mode == .shared ? LOCK_SH : LOCK_EX
    if !wait { operation |= LOCK_NB }
    while flock(descriptor, operation) != 0 {
      if errno == EINTR { continue }
      let code = errno
      close(descriptor)
      if code == EWOULDBLOCK { return nil }
      throw SyncFileError(path: path, operation: "lock", code: code)
    }
    self.descriptor = descriptor
  }

  /// Converts the lock to `mode`, waiting for other holders when it becomes exclusive — how a
  /// device's server, which shares the lock while it serves, takes it alone to replace its
  /// working ledger, and then shares it again.
  public func change(to mode: Mode) throws(SyncFileError) {
    while flock(descriptor, mode == .shared ? LOCK_SH : LOCK_EX) != 0 {
      if errno == EINTR { continue }
      throw SyncFileError(path: "sync lock", operation: "lock", code: errno)
    }
  }

  deinit { close(descriptor) }
}
