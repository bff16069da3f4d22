import LedgerDomain

extension ImportJob {
  /// Decides every row against a private copy of the state; nothing is written. A row is
  /// already imported when its key is recorded, as the import itself finds it.
  ///
  /// The file is mapped a batch at a time, and the rows decided are counted into the state's
  /// sums the rules bound, not kept in it — as an import run by a process that ends with it
  /// decides them (``BulkLoad``): checking a file holds a batch of its rows in memory, not
  /// every row as a transaction.
  func check(imported: ImportedRows) throws -> ImportSummary {
    let before = ledger.state
    var state = before
    var mapper = source.makeMapper()
    let anyUndone = ImportedRows.anyDeletedImport(in: before)
    var summary = ImportSummary()
    let context = DecisionContext(today: ledger.today())
    var knownDates: [Substring: Bool] = [:]
    for batch in 0..<source.batchCount {
      let rows = try imported.redirectingUndone(
        mapper.rows(ofBatch: batch), state: before, anyUndone: anyUndone)
      let importedBefore = try imported.legacyLines(of: rows).union(
        imported.recordedLines(of: rows, known: &knownDates))
      for row in rows {
        switch row.result {
        case .failure(let error): summary.reject(line: error.line, error.message)
        case .success where importedBefore.contains(row.line): summary.skipped += 1
        case .success(let added):
          do throws(DomainError) {
            for event in try decide(.addTransaction(added), state: state, context: context) { state.tally(event) }
            summary.added += 1
            if state.isRefund(added) { summary.refunds += 1 }
          } catch {
            summary.reject(line: row.line, "\(error)")
          }
        }
      }
    }
    return summary
  }
}
