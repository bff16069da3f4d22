/// A debt's months as its account recorded them: what was owed, the interest charged, what was
/// paid and how each payment splits into **interest and principal**, and whether the minimum
/// was met (docs/goals-and-debts.md, "Statements").
///
/// The split follows one rule: a month's payments pay that month's interest charge first, then
/// principal; interest a month's payments did not cover is paid first the next month. The
/// interest charge is the one the account **recorded** (a statement's actual interest, posted
/// as a transaction in the debt's interest category — `budget debt interest`), else the month
/// is open: the **expected** interest by the rule — opening owed × APR ÷ 12, rounded half up to
/// the minor unit (``AnnualRate/monthlyInterest(on:)``) — is shown but not counted, since what
/// is owed (the account's balance) does not hold it.
public struct DebtStatement: Sendable, Hashable {
  /// One month of the account.
  public struct Month: Sendable, Hashable {
    public var month: YearMonth
    public var openingOwed: Money
    /// Interest posted on the account this month; `nil` when none was.
    public var interestCharged: Money?
    /// The rule's interest on the opening owed, for comparison (and for a month not posted).
    public var expectedInterest: Money
    /// New borrowing: purchases on a card, fees — everything owed more except interest.
    public var charges: Money
    public var payments: Money
    public var interestPaid: Money
    public var principalPaid: Money
    public var minimum: Money
    /// Whether the payments reached the minimum in force (or what was owed, if less); `nil`
    /// for a month not over yet.
    public var minimumMet: Bool?
    public var closingOwed: Money
  }

  /// What happened on the account in one month: its flows, signed as the account sees them.
  public struct Flows: Sendable, Hashable {
    public var month: YearMonth
    /// Money into the account (payments, refunds), as a positive amount.
    public var payments: Money
    /// Interest posted this month, as a positive amount; `nil` when none was.
    public var interest: Money?
    /// Every other amount owed more, as a positive amount.
    public var charges: Money

    public init(month: YearMonth, payments: Money, interest: Money?, charges: Money) {
      self.month = month
      self.payments = payments
      self.interest = interest
      self.charges = charges
    }
  }

  public var months: [Month]
  public var interestPaid: Money
  public var principalPaid: Money
  public var interestCharged: Money

  /// The statement from `openingOwed` (what was owed before the first month, positive) through
  /// `flows`, one per month in order, each month under `terms(month)`, as of the end of `asOf`.
  public static func make(
    openingOwed: Money, flows: [Flows], terms: (YearMonth) -> DebtTerms, asOf: CivilDate
  ) -> DebtStatement {
    let currency = openingOwed.currency
    let zero = Money.zero(currency)
    var owed = openingOwed.units
    var unpaidInterest: Int64 = 0
    var months: [Month] = []
    var totals = (interest: Int64(0), principal: Int64(0), charged: Int64(0))
    for flow in flows {
      let monthTerms = terms(flow.month)
      let opening = owed
      let expected = monthTerms.apr.monthlyInterest(on: Money(units: max(opening, 0), currency: currency))
      let charged = flow.interest?.units ?? 0
      unpaidInterest += charged
      let paidToInterest = min(flow.payments.units, unpaidInterest)
      unpaidInterest -= paidToInterest
      let paidToPrincipal = flow.payments.units - paidToInterest
      owed = opening + charged + flow.charges.units - flow.payments.units
      let due = min(monthTerms.minimum.units, max(opening + charged + flow.charges.units, 0))
      months.append(
        Month(
          month: flow.month, openingOwed: Money(units: opening, currency: currency),
          interestCharged: flow.interest, expectedInterest: expected, charges: flow.charges, payments: flow.payments,
          interestPaid: Money(units: paidToInterest, currency: currency),
          principalPaid: Money(units: paidToPrincipal, currency: currency), minimum: monthTerms.minimum,
          minimumMet: flow.month.lastDay <= asOf ? flow.payments.units >= due : nil,
          closingOwed: Money(units: owed, currency: currency)))
      totals.interest += paidToInterest
      totals.principal += paidToPrincipal
      totals.charged += charged
    }
    return DebtStatement(
      months: months, interestPaid: Money(units: totals.interest, currency: currency),
      principalPaid: Money(units: totals.principal, currency: currency),
      interestCharged: months.isEmpty ? zero : Money(units: totals.charged, currency: currency))
  }
}
