import BudgetVsActual
import CategoryTotals
import EventLog
import LedgerDomain
import ProjectionEngine
import RunningBalances
import Schedules
import TransactionIndex

/// Seed 001 Sheet 1 for a month: the zero-based summary, budget vs actual per category, and
/// the money currently available in the accounts.
public struct BudgetSheet: Sendable, Hashable {
  public var summary: BudgetSummary
  public var report: BudgetMonthReport
  /// Total of the budget accounts (``AccountRole/budget``) in the base currency at the end of
  /// `fundsDate`: money the budget can assign. A credit card's debt lowers it; a loan or an
  /// investment (a tracking account) is not in it.
  public var availableFunds: Money
  public var fundsDate: CivilDate
  /// The accounts ``availableFunds`` adds up, each with its balance then, by name.
  public var fundsAccounts: [AccountBalance] = []
  /// The tracking accounts, in any currency, with their balances then, by name: none of
  /// them is in ``availableFunds`` — for the sheet to say so.
  public var trackingAccounts: [AccountBalance] = []
  /// What budget accounts in other currencies hold then, one total per currency (none of it
  /// is in ``availableFunds``, which adds no currency to another): for the sheet to say so.
  public var otherCurrencyFunds: [Money]
  /// What was spent in the month in other currencies, net of refunds, one total per currency:
  /// budgets are in the base currency, so none of it is in the lines' actuals — for the sheet
  /// to say so.
  public var otherCurrencySpending: [Money]
  /// The goals whose monthly need is on the sheet (``BudgetGoalLine``).
  public var goals: [BudgetGoalLine] = []
}

/// Income, expenses and the difference for one month. Each category counts in its own
/// direction: a refund booked to an expense category lowers `expenses` (it is not income), and
/// money taken back from an income category lowers `income`; `net` is what came in less what
/// went out, either way.
public struct CashflowRow: Sendable, Hashable {
  public var month: YearMonth
  public var income: Money
  public var expenses: Money
  public var net: Money
}

extension Ledger {
  /// The budget sheet for `month`, as known at `point`. Available funds are taken at the
  /// end of the month, or today if the month is not over — or on `asOf`, a day of the month
  /// the sheet is asked as of — from the budget accounts, with each account's role as known
  /// at `point`.
  public func budgetSheet(
    _ month: YearMonth, asOf: CivilDate? = nil, at point: TimePoint = .now
  ) throws(LedgerError) -> Answer<BudgetSheet> {
    let currency = baseCurrency
    let fundsDate = min(asOf.map { min($0, month.lastDay) } ?? month.lastDay, today())
    return try query(at: point) { reader, position in
      var (summary, report) = try BudgetQueries(reader).sheet(month, currency: currency, asKnownAt: position)
      // The bills due in the month join the categories' own due dates, each under its name.
      try ScheduleQueries(reader, cache: scheduleCache).forEachOccurrence(
        dueFrom: month.firstDay, through: month.lastDay, today: today(), asKnownAt: position
      ) { _, occurrence in
        let terms = occurrence.terms
        guard terms.kind == .expense, occurrence.status != .skipped, occurrence.status != .paused,
          let category = terms.category ?? terms.splits.first?.category
        else { return }
        summary.dueDates.append(DueDate(category: category, name: terms.name, date: occurrence.due))
      }
      summary.dueDates.sort { ($0.date, $0.name) < ($1.date, $1.name) }
      let goals = try addGoalLines(
        month: month, summary: &summary, report: &report, reader: reader, position: position)
      let balances = try BalanceQueries(reader).balances(on: fundsDate, asKnownAt: position)
      let counted = balances.filter { $0.role == .budget && $0.balance.currency == currency }
      var others: [Currency: Money] = [:]
      for balance in balances where balance.role == .budget && balance.balance.currency != currency {
        let sum = others[balance.balance.currency] ?? .zero(balance.balance.currency)
        others[balance.balance.currency] = (try? sum.adding(balance.balance)) ?? sum
      }
      var spending: [Currency: Money] = [:]
      for row in try CategoryQueries(reader).totals(.month(month), asKnownAt: position).rows
      where row.spent.currency != currency && row.kind != .income {
        let sum = spending[row.spent.currency] ?? .zero(row.spent.currency)
        spending[row.spent.currency] = (try? sum.adding(row.netSpending)) ?? sum
      }
      return BudgetSheet(
        summary: summary, report: report,
        availableFunds: Money(units: counted.reduce(0) { $0 &+ $1.balance.units }, currency: currency),
        fundsDate: fundsDate, fundsAccounts: counted, trackingAccounts: balances.filter { $0.role == .tracking },
        otherCurrencyFunds: others.values.sorted { $0.currency.code < $1.currency.code },
        otherCurrencySpending: spending.values.filter(\.isPositive).sorted { $0.currency.code < $1.currency.code },
        goals: goals)
    }
  }

  /// Spent and received per category for a month, year or period, optionally rolled up into
  /// parent groups, as known at `point`.
  public func categoryTotals(
    _ scope: TotalsScope, rolledUp: Bool = false, at point: TimePoint = .now
  ) throws(LedgerError)
    -> Answer<CategoryTotalsReport>
  {
    // An expense period is its days (see ``transactions(_:from:through:before:after:limit:at:)``),
    // which need not be whole months: summed from its transactions, as the index lists them.
    if case .period(let id) = scope, let days = periodDays(id) {
      return try query(at: point) { reader, position in
        let transactions = TransactionQueries(reader)
        var sums = CategorySums()
        var before: TransactionCursor?
        repeat {
          let page = try transactions.recent(
            from: days.lowerBound, through: days.upperBound, before: before, limit: 4_096, asKnownAt: position)
          for row in page.rows { try sums.add(type: row.type, postings: row.postings) }
          before = page.olderCursor
        } while before != nil
        return try CategoryQueries(reader).report(scope, sums: sums, rolledUp: rolledUp, asKnownAt: position)
      }
    }
    return try query(at: point) { reader, position in
      let queries = CategoryQueries(reader)
      return rolledUp
        ? try queries.rolledUp(scope, asKnownAt: position) : try queries.totals(scope, asKnownAt: position)
    }
  }

  /// How many transactions post to each category over all time, as known at `point` (from
  /// the category totals: no fold of the history).
  public func categoryTransactionCounts(at point: TimePoint = .now) throws(LedgerError) -> Answer<[CategoryID: Int]> {
    try query(at: point) { reader, position in try CategoryQueries(reader).transactionCounts(asKnownAt: position) }
  }

  /// Income, expenses and net per month from `first` through `last`, in the base currency.
  public func cashflow(
    from first: YearMonth, through last: YearMonth, at point: TimePoint = .now
  ) throws(LedgerError)
    -> Answer<[CashflowRow]>
  {
    let currency = baseCurrency
    return try query(at: point) { reader, position in
      let queries = CategoryQueries(reader)
      var rows: [CashflowRow] = []
      var month = first
      while month <= last {
        var income: Int64 = 0, expenses: Int64 = 0
        for row in try queries.month(month, asKnownAt: position).rows where row.spent.currency == currency {
          if row.kind == .income { income &+= row.net.units } else { expenses &+= row.netSpending.units }
        }
        rows.append(
          CashflowRow(
            month: month, income: Money(units: income, currency: currency),
            expenses: Money(units: expenses, currency: currency),
            net: Money(units: income &- expenses, currency: currency)))
        guard let next = try? month.next else { break }
        month = next
      }
      return rows
    }
  }
}
