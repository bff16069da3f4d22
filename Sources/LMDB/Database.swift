import CLMDB

/// A handle to a named database inside an ``Environment``.
///
/// Handles are opened once, when the environment is set up, and stay valid until the
/// environment closes. They are plain values and can be shared freely.
public struct Database: Sendable, Hashable {
  @usableFromInline let dbi: MDB_dbi

  @usableFromInline init(dbi: MDB_dbi) { self.dbi = dbi }

  /// Options for opening a named database.
  public struct Flags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Create the database if it does not exist.
    public static let create = Flags(rawValue: UInt32(MDB_CREATE))
    /// Keys are compared as reversed byte strings.
    public static let reverseKey = Flags(rawValue: UInt32(MDB_REVERSEKEY))
    /// Several sorted values per key.
    public static let duplicateSort = Flags(rawValue: UInt32(MDB_DUPSORT))
  }
}
