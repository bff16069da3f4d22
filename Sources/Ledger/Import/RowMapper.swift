import EventLog
import LedgerDomain

/// The mapping stage of an import (see ``Ledger/importTransactions(_:options:reporting:)``):
/// the file's rows, mapped a batch at a time by its format (``ImportRowMapper``), sorted out
/// for the rules — with the rows an earlier import recorded picked out. Owned by the
/// pipeline's mapping task alone, and mutated in place there: its memory of the rows so far
/// (the idempotency keys' occurrence counts, a million entries) must never be copied — a copy
/// per batch made a million-row import quadratic.
struct RowMapper {
  private var file: any ImportRowMapper
  private let imported: ImportedRows
  private let before: LedgerState
  private let anyUndone: Bool

  /// One batch, sorted out for the rules: the rows to load with their lines, the rows the
  /// mapping refused (with their lines), and how many an earlier version's import recorded.
  struct Mapped: Sendable {
    var count = 0
    var rows: [BulkLoad.Row] = []
    var lines: [Int] = []
    var rejected: [ImportRowError] = []
    var skipped = 0
    /// The indices (in `rows`) of the rows that are refunds (``LedgerState/isRefund(_:)``).
    var refunds: [Int] = []
  }
  /// Per date prefix of the keys, whether any key starts with it.
  private var knownDates: [Substring: Bool] = [:]

  init(file: any ImportRowMapper, imported: ImportedRows, before: LedgerState, anyUndone: Bool) {
    self.file = file
    self.imported = imported
    self.before = before
    self.anyUndone = anyUndone
  }

  /// Makes room for `rows` rows' identities at once.
  mutating func reserveCapacity(rows: Int) { file.reserveCapacity(rows: rows) }

  /// What a mapped row's result is left holding once its transaction is moved out.
  private static let movedOut = ImportRowError(line: 0, message: "")

  /// Reads and maps batch `index` of the file; batches are mapped in order.
  mutating func map(batch index: Int) throws -> Mapped {
    let read = file.rows(ofBatch: index)
    guard !read.isEmpty else { return Mapped() }
    var rows = try imported.redirectingUndone(read, state: before, anyUndone: anyUndone)
    let importedBefore = try imported.legacyLines(of: rows)
    let recorded = try imported.recordedLines(of: rows, known: &knownDates)
    var mapped = Mapped(count: rows.count)
    mapped.rows.reserveCapacity(rows.count)
    mapped.lines.reserveCapacity(rows.count)
    // By index, each row's transaction moved out (the rows go after this), not copied.
    for index in rows.indices {
      let line = rows[index].line
      var result = Result<AddTransaction, ImportRowError>.failure(Self.movedOut)
      swap(&result, &rows[index].result)
      switch consume result {
      case .failure(let error): mapped.rejected.append(error)
      case .success where importedBefore.contains(line): mapped.skipped += 1
      case .success(let added):
        // Only income (few rows of a statement) is looked up.
        if added.type == .income, before.isRefund(added) { mapped.refunds.append(mapped.rows.count) }
        mapped.rows.append(
          BulkLoad.Row(added, idempotencyKey: try IdempotencyKey(rows[index].key), isRecorded: recorded.contains(line)))
        mapped.lines.append(line)
      }
    }
    return mapped
  }
}
