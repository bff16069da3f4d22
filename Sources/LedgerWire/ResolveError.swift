import LedgerDomain

/// Why a reference — a name, an id, or 4+ characters of an id — named no entity, or more than
/// one. ``description`` is the sentence both front ends start from: the server maps the error
/// to a 404 or 422 (400 for a malformed reference), the CLI to a user error with a hint of
/// which command to run.
public enum ResolveError: Error, CustomStringConvertible {
  /// Nothing of `kind` is called or identified by `reference`; `suggestion` is the nearest
  /// name, for "did you mean".
  case notFound(kind: String, reference: String, suggestion: String?)
  /// A prefix of an id shorter than the 4 characters that tell ids apart.
  case tooShort(kind: String, reference: String)
  /// Several entities of `kind` match; `matches` describes the first few, one line each.
  case ambiguous(kind: String, reference: String, count: Int, matches: [String])
  /// `reference` names a row of an account's log that is not a transaction.
  case notATransaction(reference: String, NotATransaction)
  /// No account is named and none or several are open.
  case noOpenAccount
  case severalOpenAccounts(names: [String])
  /// `reference` is not in the form `expected` (a month as YYYY-MM).
  case malformed(kind: String, reference: String, expected: String)
  /// What the ledger's rules said about the reference (an archived category, a period name
  /// shared by two periods).
  case refused(DomainError)

  /// What a row of an account's log that is not a transaction is.
  public enum NotATransaction: Sendable {
    /// A leg of this transfer, with its accounts' names.
    case transfer(TransferMade, from: String, to: String)
    /// A leg of a cancelled transfer.
    case cancelledTransfer
    /// The opening balance of the account so called.
    case openingBalance(account: String)
  }

  /// The refusal in one sentence, without a front end's hint of what to run.
  public var description: String {
    switch self {
    case .notFound(let kind, let reference, let suggestion):
      DomainError.notFound(kind: kind, reference: reference, suggestion: suggestion).description
    case .tooShort(let kind, let reference):
      "\(kind) id '\(reference)' is too short; give at least 4 characters"
    case .ambiguous(let kind, let reference, let count, _):
      "\(kind) id '\(reference)' is ambiguous (\(count) match); give more characters"
    case .notATransaction(let reference, .transfer(let transfer, let from, let to)):
      "'\(reference)' is a transfer, not a transaction: \(transfer.amount.formatted()) \(transfer.amount.currency.code) "
        + "from '\(from)' to '\(to)' on \(transfer.date)\(transfer.note.map { " (\($0))" } ?? "")"
    case .notATransaction(let reference, .cancelledTransfer):
      "'\(reference)' is a transfer that was cancelled"
    case .notATransaction(let reference, .openingBalance(let account)):
      "'\(reference)' is the opening balance of account '\(account)', not a transaction"
    case .noOpenAccount: "there is no open account"
    case .severalOpenAccounts(let names): "several accounts are open (\(names.joined(separator: ", ")))"
    case .malformed(let kind, let reference, let expected): "\(kind) must be \(expected), not '\(reference)'"
    case .refused(let error): error.description
    }
  }
}
