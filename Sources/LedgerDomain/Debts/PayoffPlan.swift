/// Month by month, which debt gets what until every one is paid off — in exact money.
///
/// Each month uses the terms in force in it (``PayoffDebt/changes``). For every debt still
/// owed: interest is added (``AnnualRate/monthlyInterest(on:)``: balance × rate ÷ 12, rounded
/// half up to the minor unit); its minimum is paid (or what is left, if less); then the rest of
/// the month's budget goes to the debts in the strategy's order, each paid off before the next
/// gets anything. The budget is every debt's minimum that month plus the extra, paid-off debts
/// included: a paid-off debt's minimum rolls over to the next (the snowball) — except with
/// ``PayoffStrategy/minimumsOnly``, which pays minimums and nothing else.
public struct PayoffPlan: Sendable, Hashable {
  /// One month of the plan, per debt in the order given.
  public struct Month: Sendable, Hashable {
    public var month: YearMonth
    public var interest: [Money]
    public var payments: [Money]
    /// What is owed at the month's end.
    public var balances: [Money]
  }

  /// One debt's outcome.
  public struct Outcome: Sendable, Hashable {
    public var name: String
    public var payoffMonth: YearMonth
    public var interest: Money
    public var paid: Money
  }

  public var strategy: PayoffStrategy
  public var extra: Money
  /// The month the last debt is paid off.
  public var payoffMonth: YearMonth
  public var totalInterest: Money
  public var totalPaid: Money
  public var debts: [Outcome]
  public var months: [Month]

  /// The longest plan worked out: 100 years.
  public static let horizonMonths = 1_200

  /// Works out the plan for `debts` from `start` (the first month paid), with `extra` beyond
  /// the minimums each month.
  ///
  /// - Throws: ``DomainError/invalidField(field:reason:)`` for debts in several currencies, a
  ///   minimum of zero, a negative extra, or a plan that never ends: a budget that does not
  ///   cover the interest (how much it falls short), or one over 100 years.
  public static func make(
    debts: [PayoffDebt], strategy: PayoffStrategy, extra: Money, from start: YearMonth
  ) throws(DomainError) -> PayoffPlan {
    let currency = try validated(debts, extra: extra)
    let balances = debts.map { max($0.balance.units, 0) }
    try checkCoverage(
      debts, balances: balances, strategy: strategy, extra: extra.units, month: start, currency: currency)
    guard
      let run = try PayoffRun.run(
        debts: debts, strategy: strategy, extra: extra.units, from: start, until: nil, recording: true,
        currency: currency)
    else {
      throw .invalidField(
        field: "plan", reason: "the debts are not paid off within 100 years; raise the payments or the extra")
    }
    let before = try shifted(start, by: -1)
    let outcomes = debts.indices.map { index in
      Outcome(
        name: debts[index].name, payoffMonth: run.payoff[index] ?? before,
        interest: Money(units: run.interest[index], currency: currency),
        paid: Money(units: run.paid[index], currency: currency))
    }
    return PayoffPlan(
      strategy: strategy, extra: extra, payoffMonth: run.last ?? before,
      totalInterest: Money(units: run.interest.reduce(0, +), currency: currency),
      totalPaid: Money(units: run.paid.reduce(0, +), currency: currency), debts: outcomes, months: run.months)
  }

  /// The debts' one currency, or a refusal: debts in several currencies, a minimum of zero or
  /// below (now or from a later month), a negative extra.
  static func validated(_ debts: [PayoffDebt], extra: Money) throws(DomainError) -> Currency {
    guard let currency = debts.first?.balance.currency else {
      throw .invalidField(field: "debts", reason: "there are no debts to plan; add one with budget debt add")
    }
    for debt in debts where debt.balance.currency != currency || debt.minimum.currency != currency {
      throw .invalidField(
        field: "debts",
        reason: "'\(debt.name)' is in \(debt.balance.currency), others in \(currency); plan each currency apart")
    }
    guard extra.units >= 0, extra.currency == currency else {
      throw .invalidField(field: "extra", reason: "the extra payment must be zero or more, in \(currency)")
    }
    for debt in debts where debt.minimum.units <= 0 {
      throw .invalidField(
        field: "minimum", reason: "'\(debt.name)' has no minimum payment; set one with budget debt terms")
    }
    for debt in debts {
      for change in debt.changes where change.minimum.currency != currency || change.minimum.units <= 0 {
        throw .invalidField(
          field: "minimum",
          reason:
            "'\(debt.name)' has a minimum of \(change.minimum) from \(change.month); give one above zero in \(currency)"
        )
      }
    }
    return currency
  }

  /// `month` moved by `months`, or a refusal when that leaves the calendar's years.
  static func shifted(_ month: YearMonth, by months: Int) throws(DomainError) -> YearMonth {
    do { return try month.adding(months: months) } catch {
      throw .invalidField(field: "from", reason: "the plan runs past the calendar's years (\(error))")
    }
  }
}
