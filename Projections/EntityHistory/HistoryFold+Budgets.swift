import LedgerDomain

extension HistoryFold {
  mutating func budgetSet(_ e: BudgetSet, at position: UInt64) throws -> [String] {
    let old = budgets[e.category]
    budgets[e.category] = (e.amount, e.span)
    return [
      Wording.change(
        "budget \(try names.label(e.category, at: position))", old.map(Self.budget) ?? Wording.none, Self.budget((e.amount, e.span)))
    ]
  }

  /// The move, and each category's budget before → after.
  mutating func budgetMoved(_ e: BudgetMoved, at position: UInt64) throws -> [String] {
    let from = try names.label(e.from, at: position)
    let to = try names.label(e.to, at: position)
    var lines = ["moved \(e.amount) from \(from) to \(to)"]
    for (category, label, sign) in [(e.from, from, Int64(-1)), (e.to, to, Int64(1))] {
      let old = budgets[category] ?? (Money.zero(e.amount.currency), .month)
      let amount = Money(units: old.amount.units &+ sign &* e.amount.units, currency: old.amount.currency)
      budgets[category] = (amount, old.span)
      lines.append(Wording.change("budget \(label)", Self.budget(old), Self.budget((amount, old.span))))
    }
    return lines
  }

  mutating func incomePlanned(_ e: IncomePlanned) -> [String] {
    let old = income[e.source]
    income[e.source] = e.amount
    let span = e.month.map { " for \($0)" } ?? " for \(e.year)"
    return [Wording.change("income \(Wording.quoted(e.source))\(span)", Wording.text(old), e.amount.description)]
  }

  private static func budget(_ value: (amount: Money, span: BudgetSpan)) -> String {
    value.span == .quarter ? "\(value.amount) a quarter" : value.amount.description
  }
}
