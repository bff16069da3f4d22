/// The month-by-month arithmetic of a payoff plan, in ``Money`` units of one currency.
///
/// Each month uses the terms in force in it (``PayoffDebt/terms(in:)``): interest is added to
/// every debt still owed, every debt gets its minimum (or what is left, if less), and the rest
/// of the month's budget — every debt's minimum this month plus the extra — goes to the debts
/// in the strategy's order, each paid off before the next gets anything.
struct PayoffRun {
  var interest: [Int64]
  var paid: [Int64]
  var payoff: [YearMonth?]
  /// The months, when recorded; otherwise only the last one.
  var months: [PayoffPlan.Month]
  /// The month the last debt is paid off (nil when nothing was owed).
  var last: YearMonth?

  /// Runs the plan from `start` until every debt is paid off, or answers nil when that is
  /// after `limit` (or after 100 years). `recording` keeps every month (a search needs none).
  static func run(
    debts: [PayoffDebt], strategy: PayoffStrategy, extra: Int64, from start: YearMonth, until limit: YearMonth?,
    recording: Bool, currency: Currency
  ) throws(DomainError) -> PayoffRun? {
    let count = debts.count
    var balances = debts.map { max($0.balance.units, 0) }
    var rates = debts.map(\.rate.tenThousandthsOfPercent)
    var minimums = debts.map(\.minimum.units)
    var cursors = [Int](repeating: 0, count: count)
    let ranks = PayoffPlan.ranks(debts, strategy: strategy)
    var result = PayoffRun(
      interest: .init(repeating: 0, count: count), paid: .init(repeating: 0, count: count),
      payoff: .init(repeating: nil, count: count), months: [], last: nil)
    let before = try PayoffPlan.shifted(start, by: -1)
    for index in 0..<count where balances[index] == 0 { result.payoff[index] = before }
    var month = start
    var elapsed = 0
    while balances.contains(where: { $0 > 0 }) {
      if let limit, month > limit { return nil }
      guard elapsed < PayoffPlan.horizonMonths else { return nil }
      for index in 0..<count {
        let changes = debts[index].changes
        while cursors[index] < changes.count, changes[cursors[index]].month <= month {
          rates[index] = changes[cursors[index]].rate.tenThousandthsOfPercent
          minimums[index] = changes[cursors[index]].minimum.units
          cursors[index] += 1
        }
      }
      var interest = [Int64](repeating: 0, count: count)
      var payments = [Int64](repeating: 0, count: count)
      for index in 0..<count where balances[index] > 0 {
        let rate = AnnualRate(tenThousandthsOfPercent: rates[index])
        interest[index] = rate.monthlyInterest(on: Money(units: balances[index], currency: currency)).units
        balances[index] += interest[index]
      }
      var left = strategy == .minimumsOnly ? Int64.max : PayoffPlan.budget(minimums, extra: extra)
      for index in 0..<count where balances[index] > 0 {
        let payment = min(minimums[index], balances[index], left)
        payments[index] += payment
        balances[index] -= payment
        left -= payment
      }
      while strategy != .minimumsOnly, left > 0,
        let index = PayoffPlan.first(balances: balances, rates: rates, ranks: ranks, strategy: strategy)
      {
        let payment = min(left, balances[index])
        payments[index] += payment
        balances[index] -= payment
        left -= payment
      }
      for index in 0..<count {
        result.interest[index] += interest[index]
        result.paid[index] += payments[index]
        if result.payoff[index] == nil, balances[index] == 0 { result.payoff[index] = month }
      }
      if recording {
        result.months.append(
          PayoffPlan.Month(
            month: month, interest: interest.map { Money(units: $0, currency: currency) },
            payments: payments.map { Money(units: $0, currency: currency) },
            balances: balances.map { Money(units: $0, currency: currency) }))
      }
      result.last = month
      month = try PayoffPlan.shifted(month, by: 1)
      elapsed += 1
    }
    return result
  }
}
