/// Why a command was refused. Every case reads as a sentence a user can act on; nothing was
/// changed.
public enum DomainError: Error, Sendable, Hashable, CustomStringConvertible {
  case ledgerNotCreated
  case ledgerAlreadyCreated(name: String)
  /// A field's value breaks a rule; `reason` says which and how to fix it.
  case invalidField(field: String, reason: String)
  case notFound(kind: String, reference: String, suggestion: String?)
  case accountClosed(name: String)
  case currencyMismatch(field: String, expected: Currency, found: Currency)
  case dateInFuture(CivilDate, today: CivilDate)
  case categoryArchived(name: String)
  case categoryNameTaken(name: String)
  case categoryInUse(name: String, transactions: Int)
  case categoryCycle(name: String)
  case periodOverlaps(name: String, other: String, otherStart: CivilDate, otherEnd: CivilDate?)
  case periodClosed(name: String, date: CivilDate)
  case periodAlreadyClosed(name: String)
  case periodNotClosed(name: String)
  case transactionDeleted(TransactionID)
  case staleVersion(entity: String, expected: UInt64, actual: UInt64)
  case splitsDoNotAddUp(total: Money, sum: Money)
  case sameAccountTransfer(name: String)
  /// Money dated before its account existed: `what` ("the transaction", "the transfer") is
  /// dated `date`, before `account` was opened on `opened`.
  case datedBeforeOpening(what: String, date: CivilDate, account: String, opened: CivilDate)
  case insufficientBudget(category: String, month: YearMonth, available: Money)
  case nothingToChange
  /// The amounts recorded would add up past what the ledger sums exactly (about 922 trillion
  /// in all): a sum would wrap around.
  case sumsTooLarge

  public var description: String {
    switch self {
    case .ledgerNotCreated:
      return "this ledger has not been set up yet; create it first (budget init)"
    case .ledgerAlreadyCreated(let name):
      return "this ledger is already set up as '\(name)'"
    case .invalidField(let field, let reason):
      return "\(field): \(reason)"
    case .notFound(let kind, let reference, let suggestion):
      let hint = suggestion.map { " — did you mean '\($0)'?" } ?? ""
      return "\(kind) '\(reference)' not found\(hint)"
    case .accountClosed(let name):
      return "account '\(name)' is closed; use an open account"
    case .currencyMismatch(let field, let expected, let found):
      return "\(field) is in \(found) but must be in \(expected)"
    case .dateInFuture(let date, let today):
      return "the date \(date) is in the future (today is \(today)); record it on or after that day"
    case .categoryArchived(let name):
      return "category '\(name)' is archived; restore it first or pick another category"
    case .categoryNameTaken(let name):
      return "a category named '\(name)' already exists; choose another name"
    case .categoryInUse(let name, let count):
      return
        "category '\(name)' has \(count) transaction\(count == 1 ? "" : "s") and cannot be deleted; archive it instead"
    case .categoryCycle(let name):
      return "category '\(name)' cannot be placed under itself or one of its own sub-categories"
    case .periodOverlaps(let name, let other, let start, let end):
      return
        "period '\(name)' overlaps period '\(other)' (\(start) to \(end.map(String.init(describing:)) ?? "ongoing")); periods may not overlap"
    case .periodClosed(let name, let date):
      return "\(date) is in closed period '\(name)'; reopen it first (budget period reopen '\(name)' --reason ...)"
    case .periodAlreadyClosed(let name):
      return "period '\(name)' is already closed"
    case .periodNotClosed(let name):
      return "period '\(name)' is not closed, so it cannot be reopened"
    case .transactionDeleted(let id):
      return "transaction \(id) was deleted; restore it first to change it"
    case .staleVersion(let entity, let expected, let actual) where expected > actual:
      return
        "\(entity) is at version \(actual); there is no version \(expected) yet (the version you gave) — reload it and give the version shown"
    case .staleVersion(let entity, let expected, let actual):
      return
        "\(entity) has changed since version \(expected), which you gave (it is at version \(actual) now: budget history shows what changed); reload it and try again"
    case .splitsDoNotAddUp(let total, let sum):
      return "the splits add up to \(sum) but the transaction is \(total); make them add up to the total"
    case .sumsTooLarge:
      return
        "the amounts in this ledger would add up to more than 922,337,203,685,477.5807 in all, past what it can sum exactly; nothing was recorded — keep such amounts in a ledger of their own"
    case .sameAccountTransfer(let name):
      return "a transfer needs two different accounts, but both are '\(name)'"
    case .datedBeforeOpening(let what, let date, let account, let opened):
      return
        "\(what) is dated \(date), before '\(account)' was opened on \(opened); date it on or after \(opened), or use an account that was open by then"
    case .insufficientBudget(let category, let month, let available):
      return "category '\(category)' has only \(available) budgeted in \(month); move at most that"
    case .nothingToChange:
      return "nothing to change: give at least one new value"
    }
  }
}
