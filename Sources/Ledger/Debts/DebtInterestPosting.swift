import LedgerDomain

/// What posting a month's interest on a debt takes: the charge, and the commands to run
/// together (the interest category first, when the ledger has none).
public struct DebtInterestPosting: Sendable {
  public var charge: Money
  public var month: YearMonth
  public var usesRule: Bool
  public var transaction: TransactionID
  public var commands: [LedgerCommand]
}
