import LedgerDomain
import QueryResults

extension Ledger {
  /// A month's net cash flow and its transactions: each one of the month in the base currency
  /// with money booked to a category, income adding and expenses (a refund: income) taking
  /// away — what the cash flow report adds up from the category totals.
  func explainCashflow(in month: YearMonth, at point: TimePoint) throws(LedgerError) -> Explanation {
    let currency = baseCurrency
    let report = try cashflow(from: month, through: month, at: point)
    let at = TimePoint.position(report.position)
    var parts: [Explanation.Part] = []
    var cursor: TransactionCursor?
    repeat {
      let page = try transactions(
        .all, from: month.firstDay, through: month.lastDay, before: cursor, limit: 1_000, at: at
      )
      .value
      for transaction in page.rows where transaction.amount.currency == currency {
        let booked = transaction.postings.reduce(0) { $0 &+ $1.amount.units }
        guard booked != 0 else { continue }
        parts.append(
          Explanation.Part(
            kind: .transaction, id: transaction.id.raw, date: transaction.date,
            amount: Money(units: transaction.type == .income ? booked : -booked, currency: currency)))
      }
      cursor = page.olderCursor
    } while cursor != nil
    return Explanation(
      figure: .cashflow(in: month), total: report.value.first?.net ?? .zero(currency), parts: parts.reversed(),
      position: report.position, recordedAt: report.recordedAt)
  }

  /// An account's forecast balance at the end of `month`: its balance on `from` (else today), then each
  /// movement the forecast counts up to that day, on the day it counts it (an overdue bill
  /// tomorrow) — the same inputs ``forecast(months:account:budgetsFrom:asOf:at:)`` adds up.
  ///
  /// - Throws: ``LedgerError/rejected(_:)`` for an account the ledger does not know, or a
  ///   month before this one.
  func explainForecast(
    of account: AccountID, in month: YearMonth, withBudgets: Bool, from: CivilDate?, at point: TimePoint
  ) throws(LedgerError) -> Explanation {
    let today = from ?? self.today()
    let months = month.monthsSince(today.yearMonth) + 1
    guard (1...120).contains(months) else {
      throw .rejected(
        .invalidField(
          field: "month",
          reason: "a forecast runs from this month, \(today.yearMonth), up to 120 months on; \(month) is not in it"))
    }
    let inputs = try forecastInputs(
      months: months, account: account, budgetsFrom: withBudgets ? account : nil, asOf: today, at: point)
    guard let start = inputs.value.balances.first(where: { $0.account == account }) else {
      throw .rejected(.notFound(kind: "account", reference: account.description, suggestion: nil))
    }
    let forecast = CashFlowForecast(
      today: today, through: inputs.value.through, accounts: [(account, start.name, start.balance)],
      movements: inputs.value.movements)
    let tomorrow = (try? today.adding(days: 1)) ?? today
    var parts = [Explanation.Part(kind: .balance, id: account.raw, date: today, amount: start.balance)]
    // Each on the day the forecast counts it: an overdue one tomorrow, maybe past the month.
    let counted = inputs.value.movements.filter { $0.account == account && $0.date <= inputs.value.through }
      .map { (movement: $0, date: max($0.date, tomorrow)) }.filter { $0.date <= month.lastDay }
      .sorted { $0.date < $1.date }
    for (movement, date) in counted {
      parts.append(
        Explanation.Part(
          kind: movement.schedule == nil ? .budgets : .scheduled, id: movement.schedule?.raw, date: date,
          amount: Money(units: movement.units, currency: start.balance.currency)))
    }
    let total = forecast.accounts.first?.months.first { $0.month == month }?.balance ?? start.balance
    return Explanation(
      figure: .forecast(account, in: month, withBudgets: withBudgets, from: from), total: total, parts: parts,
      position: inputs.position, recordedAt: inputs.recordedAt)
  }
}
