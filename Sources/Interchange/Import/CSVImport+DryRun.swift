import Ledger
import LedgerDomain

extension CSVImport {
  /// Decides every row against a private copy of the state; nothing is written. A row is
  /// already imported when its key is recorded, as the import itself finds it.
  func check(imported: ImportedRows) throws -> ImportSummary {
    var state = ledger.state
    var session = session
    let rows = try imported.redirectingUndone(
      session.rows((0..<chunks.chunkCount).flatMap { chunks.records(ofChunk: $0) }), state: state,
      anyUndone: ImportedRows.anyDeletedImport(in: state))
    var summary = ImportSummary()
    let context = DecisionContext(today: ledger.today())
    var knownDates: [Substring: Bool] = [:]
    let importedBefore = try imported.legacyLines(of: rows).union(imported.recordedLines(of: rows, known: &knownDates))
    for row in rows {
      switch row.result {
      case .failure(let error): summary.reject(line: error.line, error.message)
      case .success where importedBefore.contains(row.line): summary.skipped += 1
      case .success(let added):
        do throws(DomainError) {
          state.apply(try decide(.addTransaction(added), state: state, context: context))
          summary.added += 1
          if state.isRefund(added) { summary.refunds += 1 }
        } catch {
          summary.reject(line: row.line, "\(error)")
        }
      }
    }
    return summary
  }
}
