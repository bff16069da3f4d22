import LedgerDomain

/// A debt's statement as `budget debt statement --json` and the API show it: money as exact
/// decimal strings; a month with no interest posted has no `interestCharged`, one not over yet
/// no `minimumMet`.
public struct DebtStatementReport: Codable, Sendable, Hashable {
  public struct Month: Codable, Sendable, Hashable {
    public var month: String
    public var openingOwed: String
    public var interestCharged: String?
    public var expectedInterest: String
    public var charges: String
    public var payments: String
    public var interestPaid: String
    public var principalPaid: String
    public var minimum: String
    /// Absent for a month not over yet.
    public var minimumMet: Bool?
    public var closingOwed: String
  }

  public var name: String
  public var currency: String
  public var interestCharged: String
  public var interestPaid: String
  public var principalPaid: String
  public var months: [Month]

  public init(name: String, _ statement: DebtStatement) {
    self.name = name
    currency = statement.interestPaid.currency.code
    interestCharged = statement.interestCharged.formatted()
    interestPaid = statement.interestPaid.formatted()
    principalPaid = statement.principalPaid.formatted()
    months = statement.months.map {
      Month(
        month: $0.month.description, openingOwed: $0.openingOwed.formatted(),
        interestCharged: $0.interestCharged?.formatted(), expectedInterest: $0.expectedInterest.formatted(),
        charges: $0.charges.formatted(), payments: $0.payments.formatted(), interestPaid: $0.interestPaid.formatted(),
        principalPaid: $0.principalPaid.formatted(), minimum: $0.minimum.formatted(), minimumMet: $0.minimumMet,
        closingOwed: $0.closingOwed.formatted())
    }
  }
}
