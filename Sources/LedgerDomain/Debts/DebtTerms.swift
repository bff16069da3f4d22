/// What kind of debt it is (seed 002's Debt.type).
public enum DebtKind: String, Sendable, Hashable, Codable, CaseIterable {
  case creditCard = "credit-card"
  case studentLoan = "student-loan"
  case autoLoan = "auto-loan"
  case personalLoan = "personal-loan"
  case mortgage, other
}

/// A debt's terms from a date on: rates change, minimums change.
public struct DebtTerms: Sendable, Hashable, Codable {
  /// The annual percentage rate.
  public var apr: AnnualRate
  /// The minimum payment each month, in the account's currency.
  public var minimum: Money
  /// The day of the month a payment is due (1–31), if known.
  public var dueDay: Int?
  /// The loan's term in months, if it has one.
  public var termMonths: Int?

  public init(apr: AnnualRate, minimum: Money, dueDay: Int? = nil, termMonths: Int? = nil) {
    self.apr = apr
    self.minimum = minimum
    self.dueDay = dueDay
    self.termMonths = termMonths
  }
}
