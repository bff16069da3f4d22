import LedgerDomain

/// A figure the ledger shows, which ``Ledger/explain(_:at:)`` takes apart into what made it.
public enum Figure: Sendable, Hashable {
  /// An account's balance at the end of a date: its opening balance, its transactions and its
  /// transfers' legs up to that day.
  case balance(AccountID, on: CivilDate)
  /// What a category spent in a month in the ledger's base currency, net of refunds (the
  /// budget sheet's *actual*): its expenses, less the money that came back into it.
  case spent(CategoryID, in: YearMonth)
}
