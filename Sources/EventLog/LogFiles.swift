#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The two files a log lives in — the data file at its path and LMDB's lock file beside it
/// (the path + `-lock`) — made safe to open before LMDB opens them.
///
/// LMDB opens both files by name, follows symbolic links, and writes its lock table into the
/// lock file from offset 0 (truncating it first when it is the first to open it). A lock
/// file that is a symbolic link, or a hard link to another file, would have LMDB overwrite
/// whatever it leads to; so ``prepare(path:)`` refuses such a lock file, and otherwise creates
/// it as a regular file of its own (`O_NOFOLLOW`, mode 0600), so that LMDB finds one there.
///
/// A ledger holds financial data. A data or lock file that others may read or write — a file
/// made by hand with `touch`, copied with a lax umask — is made 0600. The file is fixed
/// rather than refused (as `ssh` refuses a key others can read) because the ledger is the
/// user's own: refusing would lock them out of their data for no gain, while fixing it takes
/// away the exposure at once; the caller is told, so that they know it was exposed.
enum LogFiles {
  /// The mode both files get: read and write for the owner only.
  static let mode: mode_t = 0o600

  /// The lock file LMDB keeps beside the data file at `path`.
  static func lockPath(for path: String) -> String { path + "-lock" }

  /// Checks the lock file, creates it if it is missing, and tightens both files' modes.
  ///
  /// - Returns: what was changed, one sentence each, for the user to be told.
  /// - Throws: ``EventLogError/unsafeFile(path:reason:)`` when the lock file is a symbolic
  ///   link, is not a regular file, or has another name (a hard link).
  static func prepare(path: String) throws(EventLogError) -> [String] {
    var notes: [String] = []
    if let note = tightenMode(of: path) { notes.append(note) }
    let lock = lockPath(for: path)
    if let note = try prepareLock(at: lock) { notes.append(note) }
    return notes
  }

  /// Opens (creating it if missing) the lock file without following a symbolic link, checks
  /// it is a regular file with one name, and tightens its mode.
  private static func prepareLock(at lock: String) throws(EventLogError) -> String? {
    let descriptor = open(lock, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, mode)
    guard descriptor >= 0 else {
      if errno == ELOOP {
        throw .unsafeFile(
          path: lock,
          reason:
            "is a symbolic link; LMDB would write its lock table into the file it points at. Remove it (rm '\(lock)') — the ledger makes a new one when it opens"
        )
      }
      // A read-only directory or file system: LMDB says what is wrong when it tries.
      return nil
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw .unsafeFile(
        path: lock, reason: "is not a regular file; remove it (rm '\(lock)') — the ledger makes a new one when it opens"
      )
    }
    guard status.st_nlink <= 1 else {
      throw .unsafeFile(
        path: lock,
        reason:
          "has \(status.st_nlink) names (it is a hard link); LMDB would write its lock table into a file that is also elsewhere. Remove this name (rm '\(lock)') — the ledger makes a new one when it opens"
      )
    }
    return tighten(descriptor, status: status, path: lock)
  }

  /// Makes an existing data file 0600 if others may read or write it; nothing if it does not
  /// exist (LMDB creates it 0600) or is not a regular file (LMDB says what is wrong).
  private static func tightenMode(of path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return tighten(descriptor, status: status, path: path)
  }

  /// `fchmod`s the open file to 0600 when its group or others have any permission, and says
  /// so; `nil` when it was already private.
  private static func tighten(_ descriptor: Int32, status: stat, path: String) -> String? {
    let permissions = status.st_mode & 0o7777
    guard permissions & 0o077 != 0 else { return nil }
    let was = String(permissions, radix: 8)
    guard fchmod(descriptor, mode) == 0 else {
      let reason = String(cString: strerror(errno))
      return
        "warning: \(path) has mode 0\(was): others may read or change it, and it could not be made 0600 (\(reason)); run: chmod 600 '\(path)'"
    }
    return "note: \(path) had mode 0\(was) (others could read or change it); made it 0600"
  }
}
