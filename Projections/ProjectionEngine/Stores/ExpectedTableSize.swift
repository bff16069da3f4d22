/// How big a table being rebuilt is expected to get — as big as its current generation — so
/// that its memory is reserved once rather than doubled on the way. A doubling copies every
/// row into memory the process has not touched yet, which costs more than the copy itself on
/// a machine that hands out fresh pages slowly; reserved room a fold never writes costs
/// address space, not memory.
public struct ExpectedTableSize: Sendable, Hashable {
  /// Rows, versions included.
  public var rows: Int
  /// Bytes of the pages holding the rows: an upper bound of their values' bytes.
  public var bytes: Int

  public init(rows: Int = 0, bytes: Int = 0) {
    self.rows = rows
    self.bytes = bytes
  }

  /// Rows to make room for: a rebuild puts a few more rows than the table keeps (of two puts
  /// of one key in one commit, the table keeps the later), so the room has a margin.
  var rowsToReserve: Int { rows == 0 ? 0 : rows + rows / 8 + 1_024 }
}
