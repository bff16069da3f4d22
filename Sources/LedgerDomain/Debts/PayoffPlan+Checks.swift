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
    let budget = budget(terms.map(\.minimum.units), extra: extra)
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

  /// A month's budget: the minimums plus the extra, held at the largest amount rather than
  /// overflowing (an extra that large pays everything anyway).
  static func budget(_ minimums: [Int64], extra: Int64) -> Int64 {
    minimums.reduce(extra) { total, minimum in
      let (sum, overflow) = total.addingReportingOverflow(minimum)
      return overflow ? Int64.max : sum
    }
  }

  /// The currency's minor unit in ``Money`` units: 100 for cents.
  static func minorUnit(_ currency: Currency) -> Int64 {
    var unit: Int64 = 1
    for _ in 0..<(4 - min(max(currency.minorUnitDigits, 0), 4)) { unit *= 10 }
    return unit
  }

  /// Each debt's place in the strategy's fixed part of the order: by name for snowball and
  /// avalanche (their last tie-break), the order given then the name for custom.
  static func ranks(_ debts: [PayoffDebt], strategy: PayoffStrategy) -> [Int] {
    let byName: [Int]
    if case .custom(let names) = strategy {
      let rank = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
      byName = debts.indices.sorted {
        (rank[debts[$0].name] ?? Int.max, debts[$0].name) < (rank[debts[$1].name] ?? Int.max, debts[$1].name)
      }
    } else {
      byName = debts.indices.sorted { (debts[$0].name, $0) < (debts[$1].name, $1) }
    }
    var ranks = [Int](repeating: 0, count: debts.count)
    for (place, index) in byName.enumerated() { ranks[index] = place }
    return ranks
  }

  /// The debt still owed that the strategy pays extra to first, by the balances and the rates
  /// in force this month (`ranks` from ``ranks(_:strategy:)``), or nil when none is owed.
  ///
  /// Asked again after each debt is paid off in full, it walks the debts in the strategy's
  /// order (a paid-off debt leaves, the others keep their order) without sorting: the order is
  /// asked for every month of every plan a search tries.
  static func first(balances: [Int64], rates: [Int64], ranks: [Int], strategy: PayoffStrategy) -> Int? {
    var best: Int?
    for index in balances.indices where balances[index] > 0 {
      guard let current = best else {
        best = index
        continue
      }
      let precedes: Bool
      switch strategy {
      case .snowball, .minimumsOnly:
        precedes =
          (balances[index], -rates[index], ranks[index]) < (balances[current], -rates[current], ranks[current])
      case .avalanche:
        precedes =
          (-rates[index], balances[index], ranks[index]) < (-rates[current], balances[current], ranks[current])
      case .custom:
        precedes = ranks[index] < ranks[current]
      }
      if precedes { best = index }
    }
    return best
  }
}
