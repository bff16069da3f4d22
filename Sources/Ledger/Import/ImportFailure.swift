/// Why an import stopped: the ledger could not be read or written.
public enum ImportFailure: Error, Sendable, Equatable, CustomStringConvertible {
  /// The ledger failed before any row was recorded.
  case ledger(LedgerError)
  /// The ledger failed after some batches were recorded: those stay (each was all or
  /// nothing), as the summary counts; importing the file again adds the rest.
  case interrupted(ImportSummary, LedgerError)

  /// What stopped the import.
  public var error: LedgerError {
    switch self {
    case .ledger(let error), .interrupted(_, let error): error
    }
  }

  public var description: String {
    switch self {
    case .ledger(let error): error.description
    case .interrupted(let summary, let error):
      "\(error) (stopped after adding \(summary.added) rows; importing the file again adds the rest)"
    }
  }
}
