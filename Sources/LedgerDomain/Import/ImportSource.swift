/// The rows of a file to import — a bank statement, read by a file format such as CSV — as an
/// import reads them: how many there are, in how many batches, and a mapper that turns them
/// into ``ImportRow``s one batch at a time, so that the file is never held as transactions
/// whole.
public protocol ImportSource: Sendable {
  /// The rows in the file.
  var rowCount: Int { get }
  /// The batches the rows come in; each is recorded all or nothing.
  var batchCount: Int { get }
  /// A mapper for one run of the import: owned by one task, asked for batch 0, 1, … in
  /// order. Its memory of the rows so far (how often each row occurred, for their keys) is
  /// kept in place, never copied.
  func makeMapper() -> any ImportRowMapper
}

/// Turns a file's batches of rows into ``ImportRow``s, in order (see ``ImportSource``).
public protocol ImportRowMapper {
  /// Makes room for `rows` rows at once.
  mutating func reserveCapacity(rows: Int)
  /// The rows of batch `index` (`0..<batchCount`), asked for in order.
  mutating func rows(ofBatch index: Int) -> [ImportRow]
}
