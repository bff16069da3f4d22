import LMDB

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file a command makes — a backup, an export, a restored ledger — written so that it can
/// never take a ledger's place, and never leaves half a file behind.
///
/// A destination is refused, with or without `force`, when it is:
/// - a protected ledger (the one the command reads) or that ledger's `-lock` file, by any
///   name: the paths are compared by device and inode, so a symbolic or hard link to either
///   is caught as well as the path itself;
/// - any LMDB file — another ledger, or a lock file — recognised by its header
///   (``EnvironmentSignature``), or a name ending in `-lock` beside an LMDB file;
/// - a device, a named pipe or a socket (`/dev/null` included): a rename would put a plain
///   file in its place.
///
/// Renaming a new file over a ledger that a server has open would not stop the server: it
/// would go on acknowledging writes into the deleted file, and lose them all.
///
/// Any other existing file is replaced only with `force`. The bytes go to a temporary file in
/// the destination's directory (mode 0600, created exclusively, so never through a link),
/// which is synced and then renamed over the destination, and the directory is synced: a
/// write that is interrupted leaves the destination as it was. A destination that is a
/// symbolic link is itself replaced; the file it pointed at is not written.
public struct OutputFile: Sendable {
  /// Where the file goes.
  public let path: String
  /// The ledgers (their data files) the file must not replace; their lock files too.
  public let protectedLedgers: [String]
  /// Whether an existing file that is not a ledger may be replaced.
  public let force: Bool

  /// Checks that `path` may be written, so that a command can refuse before doing its work.
  ///
  /// - Throws: ``OutputFileError`` saying why `path` may not be written.
  public init(_ path: String, protecting protectedLedgers: [String] = [], force: Bool = false) throws(OutputFileError) {
    self.path = path
    self.protectedLedgers = protectedLedgers
    self.force = force
    try check()
  }

  /// Checks the destination again, as it is now (see the type's rules).
  public func check() throws(OutputFileError) {
    if path.hasSuffix("-lock"), EnvironmentSignature.identifies(fileAt: String(path.dropLast("-lock".count))) {
      throw .isLockFile(path: path, ledger: String(path.dropLast("-lock".count)))
    }
    var link = stat()
    guard lstat(path, &link) == 0 else { return }  // nothing there (or nothing this process may see)
    if let kind = Self.specialKind(link.st_mode) { throw .isSpecialFile(path: path, kind: kind) }
    var target = stat()
    if stat(path, &target) == 0 {
      for ledger in protectedLedgers {
        if Self.sameFile(target, ledger) {
          let isItself = link.st_mode & S_IFMT != S_IFLNK && Self.canonical(path) == Self.canonical(ledger)
          throw isItself ? .isLedger(path: path) : .isLinkToLedger(path: path, ledger: ledger)
        }
        if Self.sameFile(target, ledger + "-lock") { throw .isLockFile(path: path, ledger: ledger) }
      }
      if target.st_mode & S_IFMT == S_IFDIR { throw .isDirectory(path: path) }
    }
    if EnvironmentSignature.identifies(fileAt: path) { throw .isEnvironment(path: path) }
    if !force { throw .exists(path: path) }
  }

  /// Writes `bytes` as the whole file: to a temporary file beside it, synced, then renamed
  /// into place (the destination checked once more just before).
  public func write(_ bytes: some Collection<UInt8>) throws(OutputFileError) {
    let temporary = try makeTemporaryFile()
    let written = Result { () throws(OutputFileError) in
      try Self.writeAll(bytes, to: temporary.descriptor, path: path)
      guard fsync(temporary.descriptor) == 0 else { throw .writeFailed(path: path, step: "fsync", code: errno) }
    }
    close(temporary.descriptor)
    do throws(OutputFileError) {
      try written.get()
      try moveIntoPlace(from: temporary.path)
    } catch {
      unlink(temporary.path)
      throw error
    }
  }

  /// Renames `staged` — a complete file in the destination's directory — into place, after
  /// checking the destination once more, and syncs the directory so that the rename survives
  /// a power cut.
  public func moveIntoPlace(from staged: String) throws(OutputFileError) {
    try check()
    guard rename(staged, path) == 0 else { throw .writeFailed(path: path, step: "rename", code: errno) }
    let directory = open(Self.directory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard directory >= 0 else { return }
    fsync(directory)
    close(directory)
  }

  /// What a file of `mode` is, when it is neither a regular file, a directory nor a symbolic
  /// link — a device, a named pipe or a socket, which a rename would replace with a plain file.
  static func specialKind(_ mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFIFO: "a named pipe"
    case S_IFSOCK: "a socket"
    default: nil
    }
  }

  /// The directory `path` is in (`.` for a bare name).
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// A new file beside the destination, made with `mkstemp` (exclusively, mode 0600).
  private func makeTemporaryFile() throws(OutputFileError) -> (path: String, descriptor: Int32) {
    let name = path.split(separator: "/").last.map(String.init) ?? "output"
    var template = Array("\(Self.directory(of: path))/.\(name).XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw .writeFailed(path: path, step: "creating a temporary file", code: errno) }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    fchmod(descriptor, 0o600)
    let pathBytes = template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return (String(decoding: pathBytes, as: UTF8.self), descriptor)
  }

  private static func writeAll(
    _ bytes: some Collection<UInt8>, to descriptor: Int32, path: String
  ) throws(OutputFileError) {
    let failure: Int32? =
      bytes.withContiguousStorageIfAvailable { writeAll($0, to: descriptor) }
      ?? Array(bytes).withUnsafeBufferPointer { writeAll($0, to: descriptor) }
    if let failure { throw .writeFailed(path: path, step: "write", code: failure) }
  }

  /// Writes every byte, retrying short writes and interruptions; the `errno` of a failure.
  private static func writeAll(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32? {
    var offset = 0
    while offset < buffer.count {
      let written = writeBytes(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += written
    }
    return nil
  }

  /// `path` with every symbolic link resolved, or `nil` if it does not resolve.
  private static func canonical(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Whether `status` is the file at `path` (symbolic links followed).
  private static func sameFile(_ status: stat, _ path: String) -> Bool {
    var other = stat()
    guard stat(path, &other) == 0 else { return false }
    return status.st_dev == other.st_dev && status.st_ino == other.st_ino
  }
}

/// `write(2)`, under a name ``OutputFile/write(_:)`` does not hide.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
