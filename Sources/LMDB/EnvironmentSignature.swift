#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Recognises the files of an LMDB environment — its data file or its lock file — by the
/// magic number LMDB writes into them, whatever they are called.
///
/// A command that writes a file (a backup, an export) uses this to refuse a destination that
/// is a ledger: renaming a new file over a ledger another process has open would leave that
/// process writing into a deleted file, and everything it acknowledged afterwards would be
/// lost.
///
/// The data file begins with two meta pages; each starts with a page header (16 bytes on a
/// 64-bit build, 12 on a 32-bit one) followed by the meta record, whose first field is
/// `MDB_MAGIC`, `0xBEEFC0DE`. The second meta page follows the first after one page (the
/// OS page size when the file was made), so a file whose first page was damaged is still
/// recognised by its second. The lock file starts with the same magic number (its
/// `mtb_magic` field). LMDB writes both in the machine's byte order; both orders are
/// accepted.
public enum EnvironmentSignature {
  /// `MDB_MAGIC`.
  public static let magic: UInt32 = 0xBEEF_C0DE

  /// Where the magic number can sit: the lock file's header, then the meta record of each
  /// meta page, for the page sizes LMDB is used with.
  static let offsets: [Int] = {
    var offsets = [0]
    for page in [0, 4096, 8192, 16384, 32768, 65536] {
      offsets += [page + 12, page + 16]
    }
    return offsets
  }()

  /// Whether `bytes` — the start of a file — are those of an LMDB data or lock file.
  public static func matches(_ bytes: UnsafeRawBufferPointer) -> Bool {
    offsets.contains { offset in
      guard offset + 4 <= bytes.count else { return false }
      let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
      return word == magic || word.byteSwapped == magic
    }
  }

  /// Whether the file at `path` (symbolic links followed) is an LMDB data or lock file.
  ///
  /// `false` for a file that does not exist, is not a regular file, or cannot be read: a file
  /// this process cannot read is one it could not tell apart, and is refused by the caller's
  /// other checks (it exists).
  public static func identifies(fileAt path: String) -> Bool {
    // O_NONBLOCK: a FIFO planted at the path must not hang the check.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
    let length = (offsets.max() ?? 0) + 4
    var buffer = [UInt8](repeating: 0, count: length)
    let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, length, 0) }
    guard read > 0 else { return false }
    return buffer.withUnsafeBytes { matches(UnsafeRawBufferPointer(rebasing: $0.prefix(read))) }
  }
}
