#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why ``OutputFile`` refused a destination, or could not write it.
///
/// Every case names the path and says what to do instead.
public enum OutputFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The destination is the ledger the command protects.
  case isLedger(path: String)
  /// The destination is another name — a symbolic or hard link — for the ledger the command
  /// protects.
  case isLinkToLedger(path: String, ledger: String)
  /// The destination is the lock file LMDB keeps beside a ledger.
  case isLockFile(path: String, ledger: String)
  /// The destination is an LMDB file — another ledger, or a ledger's lock file.
  case isEnvironment(path: String)
  /// The destination is a directory.
  case isDirectory(path: String)
  /// The destination is a device, a named pipe or a socket (`kind` says which).
  case isSpecialFile(path: String, kind: String)
  /// The destination exists and `--force` was not given.
  case exists(path: String)
  /// Writing failed: `step` says which step, `code` is the `errno`.
  case writeFailed(path: String, step: String, code: Int32)

  public var description: String {
    switch self {
    case .isLedger(let path):
      return "'\(path)' is the ledger itself; writing there would replace it — choose another file name"
    case .isLinkToLedger(let path, let ledger):
      return
        "'\(path)' is another name for the ledger '\(ledger)'; writing there would replace it — choose another file name"
    case .isLockFile(let path, let ledger):
      return
        "'\(path)' is the lock file of the ledger '\(ledger)'; it is never replaced, even with --force — choose another file name"
    case .isEnvironment(let path):
      return
        "'\(path)' already exists and is a ledger (an LMDB data or lock file); budget never replaces one, even with --force — choose another file name"
    case .isDirectory(let path):
      return "'\(path)' is a directory; give the path of a file"
    case .isSpecialFile(let path, let kind):
      return
        "'\(path)' is \(kind), not a file; budget writes only regular files, even with --force — give the name of a new file, or of an existing regular file to replace"
    case .exists(let path):
      return "'\(path)' exists; pass --force to replace it, or choose another name"
    case .writeFailed(let path, let step, let code):
      return "cannot write '\(path)': \(step) failed (\(String(cString: strerror(code)))); nothing was written there"
    }
  }
}
