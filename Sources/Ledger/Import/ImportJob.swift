import LedgerDomain

/// One run of ``Ledger/importTransactions(_:options:reporting:)``: the ledger, the rows, how
/// they are recorded, and the correlation id every event of the import carries — one for the
/// whole import, so that undo takes it back as one user action, with what followed from it.
struct ImportJob<Source: ImportSource>: Sendable {
  let ledger: Ledger
  let source: Source
  let options: ImportOptions
  let correlationId: String

  init(ledger: Ledger, source: Source, options: ImportOptions) {
    self.ledger = ledger
    self.source = source
    self.options = options
    correlationId = UndoneCommand.importCorrelationId(file: options.fileName)
  }
}
