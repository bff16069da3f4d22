extension PayoffPlan {
  /// The smallest extra a month, in whole minor units (cents), with which `strategy` pays every
  /// debt off by the end of `target` — a "debt free by" date.
  ///
  /// A binary search over whole cents on the exact plan, between no extra and an extra that
  /// pays everything off in the first month (what is owed plus that month's interest). It keeps
  /// "the lower bound misses the date, the upper one meets it", so the answer always meets the
  /// date and one cent less does not.
  ///
  /// Why it is the smallest: the payoff month never comes later with a larger extra. Given two
  /// extras `e ≤ e'` and, at a month's start, every balance under `e'` at most its balance
  /// under `e`: interest (`balance × rate ÷ 12`, rounded half up) and each minimum
  /// (`max(balance − minimum, 0)` left) keep that order debt by debt; what is left of the
  /// budget is at least as large under `e'` (the same minimums plus a larger extra, less
  /// minimum payments that are no larger); and when the rest goes to the debts in a fixed order
  /// — custom, and avalanche while the rates differ — debt `k` ends the month owing
  /// `clamp(owed by debts 1…k − left, 0, its own owing)`, which grows with what is owed and
  /// shrinks with what is left. By induction every balance under `e'` stays at most its
  /// balance under `e`, so when `e` pays everything off, `e'` has too. Snowball's order follows
  /// the balances, and the argument does not carry over word for word (a debt another extra
  /// made smaller can jump the queue); `PayoffTargetTests` checks on random debts that the
  /// payoff month still never comes later with more extra. Minimums only pays no extra at all.
  ///
  /// - Throws: ``DomainError/invalidField(field:reason:)`` for `target` before `start`, for
  ///   minimums only when they miss the date, and for what ``make(debts:strategy:extra:from:)``
  ///   refuses about the debts themselves.
  public static func extraNeeded(
    debts: [PayoffDebt], strategy: PayoffStrategy, by target: YearMonth, from start: YearMonth
  ) throws(DomainError) -> Money {
    let currency = try validated(debts, extra: .zero(debts.first?.balance.currency ?? .eur))
    guard target >= start else {
      throw .invalidField(
        field: "by", reason: "\(target) is before the plan's first month, \(start); give \(start) or later")
    }
    let unit = minorUnit(currency)
    let meets = { (cents: Int64) throws(DomainError) -> Bool in
      try PayoffRun.run(
        debts: debts, strategy: strategy, extra: cents * unit, from: start, until: target, recording: false,
        currency: currency) != nil
    }
    if try meets(0) { return .zero(currency) }
    guard strategy != .minimumsOnly else {
      throw .invalidField(
        field: "by",
        reason:
          "paying minimums only does not pay the debts off by \(target), and an extra changes nothing there; plan with snowball or avalanche"
      )
    }
    let owed = debts.reduce(Int64(0)) { total, debt in
      let balance = Money(units: max(debt.balance.units, 0), currency: currency)
      return total + balance.units + debt.terms(in: start).rate.monthlyInterest(on: balance).units
    }
    var low: Int64 = 0
    var high = (owed + unit - 1) / unit
    guard try meets(high) else {
      throw .invalidField(field: "by", reason: "the debts cannot be paid off by \(target)")
    }
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if try meets(middle) { high = middle } else { low = middle }
    }
    return Money(units: high * unit, currency: currency)
  }
}
