import LedgerDomain
import QueryResults

extension Ledger {
  /// `figure` as the reports show it, with the entries that make it up — each transaction,
  /// transfer leg and opening balance, oldest first — read at one log position, so that the
  /// parts add up to the figure also when the slider is in the past.
  ///
  /// - Throws: ``LedgerError/rejected(_:)`` for an account or category the ledger does not
  ///   know at that position.
  public func explain(_ figure: Figure, at point: TimePoint = .now) throws(LedgerError) -> Explanation {
    switch figure {
    case .balance(let account, let date): try explainBalance(of: account, on: date, at: point)
    case .spent(let category, let month): try explainSpending(of: category, in: month, at: point)
    case .left(let category, let month): try explainLeft(of: category, in: month, at: point)
    case .available(let category, let month): try explainAvailable(of: category, in: month, at: point)
    case .carried(let category, let month): try explainCarried(into: category, in: month, at: point)
    case .remaining(let month): try explainRemaining(in: month, at: point)
    case .cashflow(let month): try explainCashflow(in: month, at: point)
    case .forecast(let account, let month, let withBudgets, let from):
      try explainForecast(of: account, in: month, withBudgets: withBudgets, from: from, at: point)
    case .goal(let goal, let date): try explainGoal(goal, on: date, at: point)
    }
  }

  func explainBalance(
    of account: AccountID, on date: CivilDate, at point: TimePoint
  ) throws(LedgerError) -> Explanation {
    let balances = try balances(on: date, at: point)
    guard let balance = balances.value.first(where: { $0.account == account })?.balance else {
      throw .rejected(.notFound(kind: "account", reference: account.description, suggestion: nil))
    }
    let at = TimePoint.position(balances.position)
    var parts: [Explanation.Part] = []
    var cursor: LogCursor? = .endOf(date)
    while let before = cursor {
      let page = try transactionLog(account: account, before: before, limit: 1_000, at: at).value
      for row in page.rows {
        let kind: Explanation.Part.Kind =
          switch row.kind {
          case .opening: .opening
          case .transaction: .transaction
          case .transfer: .transfer
          }
        parts.append(Explanation.Part(kind: kind, id: row.id, date: row.date, amount: row.amount))
      }
      cursor = page.olderCursor
    }
    return Explanation(
      figure: .balance(account, on: date), total: balance, parts: parts.reversed(), position: balances.position,
      recordedAt: balances.recordedAt)
  }

  func explainSpending(
    of category: CategoryID, in month: YearMonth, at point: TimePoint
  ) throws(LedgerError) -> Explanation {
    try requireCategory(category)
    let currency = baseCurrency
    let totals = try categoryTotals(.month(month), at: point)
    let at = TimePoint.position(totals.position)
    let row = totals.value.rows.first { $0.category == category && $0.spent.currency == currency }
    var parts: [Explanation.Part] = []
    var cursor: TransactionCursor?
    repeat {
      let page = try transactions(
        .category(category), from: month.firstDay, through: month.lastDay, before: cursor, limit: 1_000, at: at
      ).value
      for transaction in page.rows where transaction.amount.currency == currency {
        let booked = transaction.postings.filter { $0.category == category }.reduce(0) { $0 &+ $1.amount.units }
        guard booked != 0 else { continue }
        parts.append(
          Explanation.Part(
            kind: .transaction, id: transaction.id.raw, date: transaction.date,
            amount: Money(units: transaction.type == .expense ? booked : -booked, currency: currency)))
      }
      cursor = page.olderCursor
    } while cursor != nil
    return Explanation(
      figure: .spent(category, in: month), total: row?.netSpending ?? .zero(currency), parts: parts.reversed(),
      position: totals.position, recordedAt: totals.recordedAt)
  }
}
