extension PayoffPlan {
  /// Refuses a plan whose payments never catch up with the interest in its first month: with
  /// minimums only, each debt's minimum must beat its interest; with a plan, the month's budget
  /// must beat the total interest. (Terms changed later can still make a plan run past 100
  /// years; ``make(debts:strategy:extra:from:)`` refuses that too.)
  static func checkCoverage(
    _ debts: [PayoffDebt], balances: [Int64], strategy: PayoffStrategy, extra: Int64, month: YearMonth,
    currency: Currency
  ) throws(DomainError) {
    let terms = debts.map { $0.terms(in: month) }
    let interest = debts.indices.map {
      terms[$0].rate.monthlyInterest(on: Money(units: balances[$0], currency: currency)).units
    }
    if strategy == .minimumsOnly {
      for index in debts.indices where balances[index] > 0 && terms[index].minimum.units <= interest[index] {
        let short = Money(units: interest[index] - terms[index].minimum.units, currency: currency)
        throw .invalidField(
          field: "minimum",
          reason:
            "the minimum of \(terms[index].minimum) never pays off '\(debts[index].name)': its interest is \(Money(units: interest[index], currency: currency)) a month, \(short) more than the minimum — raise it, or plan with --extra"
        )
      }
      return
    }
    let budget = terms.reduce(extra) { $0 + $1.minimum.units }
    let total = interest.reduce(0, +)
    guard budget > total else {
      // One minor unit (a cent) more than the interest pays something off.
      throw .invalidField(
        field: "extra",
        reason:
          "the payments of \(Money(units: budget, currency: currency)) a month never pay the debts off: their interest is \(Money(units: total, currency: currency)) a month; add at least \(Money(units: total - budget + minorUnit(currency), currency: currency)) with --extra"
      )
    }
  }

  /// The currency's minor unit in ``Money`` units: 100 for cents.
  static func minorUnit(_ currency: Currency) -> Int64 {
    var unit: Int64 = 1
    for _ in 0..<(4 - min(max(currency.minorUnitDigits, 0), 4)) { unit *= 10 }
    return unit
  }

  /// The indices of `debts` in the order the strategy pays extra to them, by the balances and
  /// the rates in force this month.
  static func order(
    _ debts: [PayoffDebt], balances: [Int64], rates: [Int64], strategy: PayoffStrategy
  ) -> [Int] {
    let indices = Array(debts.indices)
    switch strategy {
    case .snowball, .minimumsOnly:
      return indices.sorted {
        (balances[$0], -rates[$0], debts[$0].name) < (balances[$1], -rates[$1], debts[$1].name)
      }
    case .avalanche:
      return indices.sorted {
        (-rates[$0], balances[$0], debts[$0].name) < (-rates[$1], balances[$1], debts[$1].name)
      }
    case .custom(let names):
      let rank = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
      return indices.sorted {
        (rank[debts[$0].name] ?? Int.max, debts[$0].name) < (rank[debts[$1].name] ?? Int.max, debts[$1].name)
      }
    }
  }
}
