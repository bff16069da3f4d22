import Interchange
import LedgerDomain

/// The mapping stage of an import (see `ImportCommand.CSV`): CSV records — read from the file a
/// chunk at a time — into rows, with the
/// rows an earlier version's import recorded picked out. A class, handed from task to task
/// as the pipeline moves on — one stage uses it at a time — so that its memory of the rows
/// so far (the idempotency keys' occurrence counts, a million entries) is never copied: a
/// copy per batch made a million-row import quadratic.
final class RowMapper: @unchecked Sendable {
  // Unchecked: the import's pipeline awaits each use before the next one starts.
  private let chunks: CSVChunks
  private var session: CSVImporter.Session
  private let imported: ImportedRows
  private let before: LedgerState
  private let anyUndone: Bool

  /// One batch of rows, the lines among them an earlier version's import recorded, and those
  /// whose key is recorded.
  struct Mapped: Sendable {
    var rows: [ImportRow] = []
    var importedBefore: Set<Int> = []
    var recorded: Set<Int> = []
  }
  /// Per date prefix of the keys, whether any key starts with it.
  private var knownDates: [Substring: Bool] = [:]

  init(chunks: CSVChunks, session: CSVImporter.Session, imported: ImportedRows, before: LedgerState, anyUndone: Bool) {
    self.chunks = chunks
    self.session = session
    self.imported = imported
    self.before = before
    self.anyUndone = anyUndone
  }

  /// Makes room for `rows` rows' identities at once.
  func reserveCapacity(rows: Int) { session.reserveCapacity(rows: rows) }

  /// Reads and maps chunk `index` of the file; chunks are mapped in order.
  func map(chunk index: Int) throws -> Mapped {
    let records = chunks.records(ofChunk: index)
    guard !records.isEmpty else { return Mapped() }
    let rows = try userFacing {
      try imported.redirectingUndone(session.rows(records), state: before, anyUndone: anyUndone)
    }
    return Mapped(
      rows: rows, importedBefore: try userFacing { try imported.lines(of: rows, currentKeys: false) },
      recorded: try userFacing { try imported.recordedLines(of: rows, known: &knownDates) })
  }
}
