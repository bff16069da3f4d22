import LedgerWire

extension ResolveError {
  /// The refusal as the command line says it: the shared sentence, and which command to run.
  var userMessage: String {
    switch self {
    case .notFound(kind: "transaction", let reference, _):
      "transaction '\(reference.lowercased())' not found; list ids with: budget tx list"
    case .ambiguous(_, _, let count, let matches):
      description + ":\n" + matches.map { "  \($0)" }.joined(separator: "\n") + (count > matches.count ? "\n  …" : "")
    case .notATransaction(let reference, .transfer):
      description + "; to change it, cancel it with `budget tx delete \(reference)` and make it again"
    case .notATransaction(let reference, .cancelledTransfer):
      description + "; see what happened to it with `budget history tx \(reference)`"
    case .notATransaction(_, .openingBalance(let account)):
      description + "; change it with `budget account opening \(quotedIfNeeded(account)) AMOUNT`"
    case .noOpenAccount: description + "; open one with: budget account open NAME --type checking"
    case .severalOpenAccounts: description + "; choose one with --account NAME"
    default: description
    }
  }
}
