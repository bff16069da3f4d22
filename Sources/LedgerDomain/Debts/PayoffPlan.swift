/// A debt as a payoff plan sees it: what is owed now, its rate and its minimum payment.
public struct PayoffDebt: Sendable, Hashable {
  public var name: String
  /// What is owed, positive.
  public var balance: Money
  public var rate: AnnualRate
  public var minimum: Money

  public init(name: String, balance: Money, rate: AnnualRate, minimum: Money) {
    self.name = name
    self.balance = balance
    self.rate = rate
    self.minimum = minimum
  }
}

/// Month by month, which debt gets what until every one is paid off — in exact money.
///
/// Each month, for every debt still owed: interest is added (``AnnualRate/monthlyInterest(on:)``:
/// balance × rate ÷ 12, rounded half up to the minor unit); its minimum is paid (or what is
/// left, if less); then the rest of the month's budget goes to the debts in the strategy's
/// order, each paid off before the next gets anything. The budget is every debt's minimum plus
/// the extra, for the whole plan: a paid-off debt's minimum rolls over to the next (the
/// snowball) — except with ``PayoffStrategy/minimumsOnly``, which pays minimums and nothing else.
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
    var balances = debts.map { max($0.balance.units, 0) }
    try checkCoverage(debts, balances: balances, strategy: strategy, extra: extra.units, currency: currency)
    let budget = debts.reduce(extra.units) { $0 + $1.minimum.units }
    var interestPaid = [Int64](repeating: 0, count: debts.count)
    var paid = [Int64](repeating: 0, count: debts.count)
    var payoff = [YearMonth?](repeating: nil, count: debts.count)
    for index in debts.indices where balances[index] == 0 { payoff[index] = try shifted(start, by: -1) }
    var months: [Month] = []
    var month = start
    while balances.contains(where: { $0 > 0 }) {
      guard months.count < horizonMonths else {
        throw .invalidField(
          field: "plan", reason: "the debts are not paid off within 100 years; raise the payments or the extra")
      }
      var interest = [Int64](repeating: 0, count: debts.count)
      var payments = [Int64](repeating: 0, count: debts.count)
      for index in debts.indices where balances[index] > 0 {
        interest[index] = debts[index].rate.monthlyInterest(on: Money(units: balances[index], currency: currency)).units
        balances[index] += interest[index]
      }
      var left = strategy == .minimumsOnly ? Int64.max : budget
      for index in debts.indices where balances[index] > 0 {
        let payment = min(debts[index].minimum.units, balances[index], left)
        payments[index] += payment
        balances[index] -= payment
        left -= payment
      }
      if strategy != .minimumsOnly {
        for index in order(debts, balances: balances, strategy: strategy) where left > 0 && balances[index] > 0 {
          let payment = min(left, balances[index])
          payments[index] += payment
          balances[index] -= payment
          left -= payment
        }
      }
      for index in debts.indices {
        interestPaid[index] += interest[index]
        paid[index] += payments[index]
        if payoff[index] == nil, balances[index] == 0 { payoff[index] = month }
      }
      months.append(
        Month(
          month: month, interest: interest.map { Money(units: $0, currency: currency) },
          payments: payments.map { Money(units: $0, currency: currency) },
          balances: balances.map { Money(units: $0, currency: currency) }))
      month = try shifted(month, by: 1)
    }
    let before = try shifted(start, by: -1)
    let outcomes = debts.indices.map { index in
      Outcome(
        name: debts[index].name, payoffMonth: payoff[index] ?? before,
        interest: Money(units: interestPaid[index], currency: currency),
        paid: Money(units: paid[index], currency: currency))
    }
    return PayoffPlan(
      strategy: strategy, extra: extra, payoffMonth: months.last?.month ?? before,
      totalInterest: Money(units: interestPaid.reduce(0, +), currency: currency),
      totalPaid: Money(units: paid.reduce(0, +), currency: currency), debts: outcomes, months: months)
  }

  /// `month` moved by `months`, or a refusal when that leaves the calendar's years.
  static func shifted(_ month: YearMonth, by months: Int) throws(DomainError) -> YearMonth {
    do { return try month.adding(months: months) } catch {
      throw .invalidField(field: "from", reason: "the plan runs past the calendar's years (\(error))")
    }
  }

  /// Refuses a plan whose payments never catch up with the interest: with minimums only, each
  /// debt's minimum must beat its first month's interest; with a plan, the month's budget must
  /// beat the total interest.
  static func checkCoverage(
    _ debts: [PayoffDebt], balances: [Int64], strategy: PayoffStrategy, extra: Int64, currency: Currency
  ) throws(DomainError) {
    let interest = debts.indices.map {
      debts[$0].rate.monthlyInterest(on: Money(units: balances[$0], currency: currency)).units
    }
    if strategy == .minimumsOnly {
      for index in debts.indices where balances[index] > 0 && debts[index].minimum.units <= interest[index] {
        let short = Money(units: interest[index] - debts[index].minimum.units, currency: currency)
        throw .invalidField(
          field: "minimum",
          reason:
            "the minimum of \(debts[index].minimum) never pays off '\(debts[index].name)': its interest is \(Money(units: interest[index], currency: currency)) a month, \(short) more than the minimum — raise it, or plan with --extra"
        )
      }
      return
    }
    let budget = debts.reduce(extra) { $0 + $1.minimum.units }
    let total = interest.reduce(0, +)
    guard budget > total else {
      // One minor unit (a cent) more than the interest pays something off.
      var cent: Int64 = 1
      for _ in 0..<(4 - min(max(currency.minorUnitDigits, 0), 4)) { cent *= 10 }
      throw .invalidField(
        field: "extra",
        reason:
          "the payments of \(Money(units: budget, currency: currency)) a month never pay the debts off: their interest is \(Money(units: total, currency: currency)) a month; add at least \(Money(units: total - budget + cent, currency: currency)) with --extra"
      )
    }
  }

  /// The indices of `debts` in the order the strategy pays extra to them.
  static func order(_ debts: [PayoffDebt], balances: [Int64], strategy: PayoffStrategy) -> [Int] {
    let indices = Array(debts.indices)
    switch strategy {
    case .snowball, .minimumsOnly:
      return indices.sorted {
        (balances[$0], -debts[$0].rate.tenThousandthsOfPercent, debts[$0].name)
          < (balances[$1], -debts[$1].rate.tenThousandthsOfPercent, debts[$1].name)
      }
    case .avalanche:
      return indices.sorted {
        (-debts[$0].rate.tenThousandthsOfPercent, balances[$0], debts[$0].name)
          < (-debts[$1].rate.tenThousandthsOfPercent, balances[$1], debts[$1].name)
      }
    case .custom(let names):
      let rank = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
      return indices.sorted {
        (rank[debts[$0].name] ?? Int.max, debts[$0].name) < (rank[debts[$1].name] ?? Int.max, debts[$1].name)
      }
    }
  }
}
