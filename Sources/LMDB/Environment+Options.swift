import CLMDB

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Environment {
  /// Flags passed to `mdb_env_open`.
  public struct Flags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The path names a file, not a directory (a `-lock` file sits beside it).
    public static let noSubdirectory = Flags(rawValue: UInt32(MDB_NOSUBDIR))
    /// Do not fsync the meta page on commit: a system crash may undo the last transaction,
    /// but never corrupts the file.
    public static let noMetaSync = Flags(rawValue: UInt32(MDB_NOMETASYNC))
    /// Do not fsync on commit at all: a system crash may lose recent transactions and, on
    /// file systems that reorder writes, corrupt the file. A process crash loses nothing.
    public static let noSync = Flags(rawValue: UInt32(MDB_NOSYNC))
    /// Open read-only.
    public static let readOnly = Flags(rawValue: UInt32(MDB_RDONLY))
    /// Turn off OS read-ahead (useful when the database is larger than RAM).
    public static let noReadAhead = Flags(rawValue: UInt32(MDB_NORDAHEAD))
  }

  /// How an environment is opened.
  public struct Options: Sendable {
    public var flags: Flags
    /// The map size to start with; it grows on demand.
    public var initialMapSize: Int
    /// An upper bound for automatic growth; `nil` means grow while the disk allows.
    public var maxMapSize: Int?
    public var maxDatabases: Int
    public var maxReaders: Int
    /// Permissions of newly created files. Ledgers hold financial data: owner only.
    public var fileMode: mode_t

    public init(
      flags: Flags = [.noSubdirectory],
      initialMapSize: Int = 64 << 20,
      maxMapSize: Int? = nil,
      maxDatabases: Int = 32,
      maxReaders: Int = 254,
      fileMode: mode_t = 0o600
    ) {
      self.flags = flags
      self.initialMapSize = initialMapSize
      self.maxMapSize = maxMapSize
      self.maxDatabases = maxDatabases
      self.maxReaders = maxReaders
      self.fileMode = fileMode
    }
  }
}
