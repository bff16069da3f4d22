import Foundation

#if canImport(Glibc)
  import Glibc
  // `stat`'s fields, as Glibc's module map places them.
  import CDispatch
#endif

/// `LEDGER.sessions`: the web app's logins and the login codes not yet used, shared by
/// `budget serve` and the commands that list, end and mint them (`budget sessions`,
/// `budget login-link`). Mode 0600, a regular file of this user's — as `LEDGER.token`, whose
/// holder can read the ledger. Every change is made under an exclusive `flock`, readers take a
/// shared one, so that a server and a command never lose each other's change.
enum SessionFile {
  /// What identifies one version of the file: a change by anyone gives another.
  struct Stamp: Sendable, Equatable {
    var inode: UInt64
    var size: Int64
    var seconds: Int
    var nanoseconds: Int
  }

  /// The file's contents (empty when there is no file) and its stamp.
  static func read(_ path: String) throws(SessionFileError) -> (SessionFileContents, Stamp?) {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    if descriptor < 0, errno == ENOENT { return (SessionFileContents(), nil) }
    let opened = try checked(descriptor, path: path)
    defer { close(opened) }
    flock(opened, LOCK_SH)
    return (decode(try readAll(opened, path: path)), stamp(of: opened))
  }

  /// Applies `change` to the contents under the exclusive lock and writes them back.
  /// - Returns: what `change` returned, the new contents and their stamp.
  static func update<Result>(
    _ path: String, _ change: (inout SessionFileContents) -> Result
  ) throws(SessionFileError) -> (Result, SessionFileContents, Stamp?) {
    let descriptor = try checked(
      open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600), path: path)
    defer { close(descriptor) }
    guard flock(descriptor, LOCK_EX) == 0 else { throw SessionFileError(path: path, errno: errno, doing: "lock") }
    var contents = decode(try readAll(descriptor, path: path))
    let result = change(&contents)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let bytes: [UInt8]
    do { bytes = Array(try encoder.encode(contents)) } catch {
      throw SessionFileError(path: path, reason: "cannot encode it: \(error)")
    }
    guard ftruncate(descriptor, 0) == 0 else { throw SessionFileError(path: path, errno: errno, doing: "write") }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes {
        pwrite(descriptor, $0.baseAddress! + written, $0.count - written, off_t(written))
      }
      guard count > 0 else { throw SessionFileError(path: path, errno: errno, doing: "write") }
      written += count
    }
    guard fsync(descriptor) == 0 else { throw SessionFileError(path: path, errno: errno, doing: "write") }
    return (result, contents, stamp(of: descriptor))
  }

  /// The stamp of the file at `path` now, or nil when there is none.
  static func stamp(at path: String) -> Stamp? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return Stamp(status)
  }

  private static func stamp(of descriptor: Int32) -> Stamp? {
    var status = stat()
    return fstat(descriptor, &status) == 0 ? Stamp(status) : nil
  }

  /// `descriptor`, if it is open on a regular file of this user's that no one else may read.
  private static func checked(_ descriptor: Int32, path: String) throws(SessionFileError) -> Int32 {
    guard descriptor >= 0 else {
      if errno == ELOOP { throw SessionFileError(path: path, reason: "it is a symbolic link; remove it") }
      throw SessionFileError(path: path, errno: errno, doing: "open")
    }
    var status = stat()
    let problem: String? =
      if fstat(descriptor, &status) != 0 { "cannot read its status" } else if status.st_mode & S_IFMT != S_IFREG {
        "it is not a regular file; remove it"
      } else if status.st_uid != geteuid() {
        "it belongs to another user; remove it"
      } else if status.st_mode & 0o077 != 0 {
        "other users can read it (mode \(String(status.st_mode & 0o777, radix: 8))); run chmod 600 \(path), "
          + "and budget sessions logout --all if others may have used it"
      } else { nil }
    if let problem {
      close(descriptor)
      throw SessionFileError(path: path, reason: problem)
    }
    return descriptor
  }

  private static func readAll(_ descriptor: Int32, path: String) throws(SessionFileError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(bytes.count)) }
      guard count >= 0 else { throw SessionFileError(path: path, errno: errno, doing: "read") }
      if count == 0 { return bytes }
      bytes += chunk[..<count]
      guard bytes.count <= 4 * 1024 * 1024 else {
        throw SessionFileError(path: path, reason: "it is too big to be ours")
      }
    }
  }

  /// The contents, or none when the file is empty or unreadable (every browser then logs in
  /// again: a session is worth less than a server that refuses to start).
  private static func decode(_ bytes: [UInt8]) -> SessionFileContents {
    guard !bytes.isEmpty, let contents = try? JSONDecoder().decode(SessionFileContents.self, from: Data(bytes)),
      contents.version == 1
    else { return SessionFileContents() }
    return contents
  }
}

extension SessionFile.Stamp {
  init(_ status: stat) {
    self.init(
      inode: UInt64(status.st_ino), size: Int64(status.st_size), seconds: Int(status.st_mtim.tv_sec),
      nanoseconds: Int(status.st_mtim.tv_nsec))
  }
}

/// Why the sessions file cannot be used.
public struct SessionFileError: Error, Sendable, Equatable, CustomStringConvertible {
  public let path: String
  public let reason: String

  init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  init(path: String, errno code: Int32, doing operation: String) {
    self.init(path: path, reason: "cannot \(operation) it: \(String(cString: strerror(code)))")
  }

  public var description: String { "sessions file \(path): \(reason)" }
}
