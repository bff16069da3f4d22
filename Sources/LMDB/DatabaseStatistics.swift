/// The size of a named database, as `mdb_stat` reports it.
public struct DatabaseStatistics: Sendable, Hashable {
  /// Key/value pairs stored.
  public var entries: Int
  public var pageSize: Int
  public var branchPages: Int
  public var leafPages: Int
  /// Pages of values too big for a leaf page.
  public var overflowPages: Int

  public init(entries: Int, pageSize: Int, branchPages: Int, leafPages: Int, overflowPages: Int) {
    self.entries = entries
    self.pageSize = pageSize
    self.branchPages = branchPages
    self.leafPages = leafPages
    self.overflowPages = overflowPages
  }

  /// Bytes of the pages holding keys and values: an upper bound of what the rows take.
  public var dataBytes: Int { (leafPages + overflowPages) * pageSize }
}
