extension LedgerEvent {
  /// The magnitude this event adds to the amounts the ledger sums up (balances, totals,
  /// budgets, in any currency): an added, amended or transferred amount, an opening balance,
  /// a budget set, moved or planned. Zero for events that carry no amount, and for a deletion
  /// or a restore (which take out or bring back an amount counted when it was added).
  ///
  /// Every sum any report makes — now or as known at any earlier point — is a signed sum of
  /// amounts counted here, so while their total (``LedgerState/turnover``) fits in an
  /// `Int64`, no sum can overflow.
  public var turnover: Int64 {
    switch self {
    case .accountOpened(let e): e.openingBalance.units.magnitudeClamped
    case .openingBalanceChanged(let e): e.balance.units.magnitudeClamped
    case .transactionAdded(let e): e.turnover
    case .transactionAmended(let e): e.amount?.units.magnitudeClamped ?? 0
    case .transferMade(let e): e.amount.units.magnitudeClamped
    case .budgetSet(let e): e.amount.units.magnitudeClamped
    case .budgetMoved(let e): e.amount.units.magnitudeClamped
    case .incomePlanned(let e): e.amount.units.magnitudeClamped
    default: 0
    }
  }
}

extension TransactionAdded {
  /// What the transaction adds to the ledger's turnover (``LedgerEvent/turnover``).
  var turnover: Int64 { amount.units.magnitudeClamped }
}

extension Int64 {
  /// The magnitude, with `Int64.min`'s (one more than `Int64.max`) taken as `Int64.max`.
  var magnitudeClamped: Int64 { self == .min ? .max : Swift.abs(self) }

  /// `self + other` for non-negative values, `Int64.max` when that overflows.
  func addingClamped(_ other: Int64) -> Int64 {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? .max : sum
  }
}
