import BudgetVsActual
import LedgerDomain
import ProjectionEngine
import QueryResults
import RunningBalances
import Schedules

extension Ledger {
  /// Each account's projected balance from `asOf` (today if `nil`) to the end of the month
  /// `months - 1` after it (`months: 1` is to the end of this month): today's balance plus
  /// every open scheduled occurrence — overdue ones on tomorrow's date, as still to be paid.
  /// Only `account` if given.
  ///
  /// With `budgetsFrom`, the unspent part of this month's variable budgets is spent too, from
  /// that account, in equal parts over the days left in the month (whole cents, adding up to
  /// it): what each variable category may still spend, less what its open occurrences due
  /// this month already count.
  public func forecast(
    months: Int, account: AccountID? = nil, budgetsFrom: AccountID? = nil, asOf: CivilDate? = nil,
    at point: TimePoint = .now
  ) throws(LedgerError) -> Answer<CashFlowForecast> {
    let inputs = try forecastInputs(months: months, account: account, budgetsFrom: budgetsFrom, asOf: asOf, at: point)
    let forecast = CashFlowForecast(
      today: inputs.value.today, through: inputs.value.through,
      accounts: inputs.value.balances.map { ($0.account, $0.name, $0.balance) }, movements: inputs.value.movements)
    return Answer(value: forecast, position: inputs.position, recordedAt: inputs.recordedAt)
  }

  /// What a forecast is made of: each account's balance today and the movements it counts.
  struct ForecastInputs {
    var today: CivilDate
    var through: CivilDate
    var balances: [AccountBalance]
    var movements: [CashFlowForecast.Movement]
  }

  /// The balances and movements ``forecast(months:account:budgetsFrom:asOf:at:)`` adds up.
  func forecastInputs(
    months: Int, account: AccountID?, budgetsFrom: AccountID?, asOf: CivilDate?, at point: TimePoint
  ) throws(LedgerError) -> Answer<ForecastInputs> {
    let today = asOf ?? self.today()
    let horizon = (try? today.yearMonth.adding(months: max(months, 1) - 1)) ?? today.yearMonth
    let through = horizon.lastDay
    return try query(at: point) { reader, position in
      let balances = try BalanceQueries(reader).balances(on: today, asKnownAt: position)
        .filter { account == nil || $0.account == account }
      let wanted = Set(balances.map(\.account))
      var movements: [CashFlowForecast.Movement] = []
      // What open occurrences due this month spend per category (they are in the forecast
      // already, so the unspent budgets leave them out).
      var movementsByCategory: [CategoryID: Int64] = [:]
      try ScheduleQueries(reader, cache: scheduleCache).forEachOccurrence(
        dueFrom: Self.lookbackStart(today), through: through, today: today, asKnownAt: position
      ) { _, occurrence in
        guard occurrence.isOpen else { return }
        let terms = occurrence.terms
        if terms.kind == .expense, occurrence.due.yearMonth <= today.yearMonth {
          for posting in terms.splits.isEmpty
            ? terms.category.map { [Split(category: $0, amount: terms.amount)] } ?? []
            : terms.splits
          {
            movementsByCategory[posting.category, default: 0] &+= posting.amount.units
          }
        }
        if wanted.contains(terms.account) {
          movements.append(
            .init(account: terms.account, date: occurrence.due, units: terms.signedUnits, schedule: occurrence.schedule)
          )
        }
        if terms.kind == .transfer, let to = terms.toAccount, wanted.contains(to) {
          movements.append(
            .init(account: to, date: occurrence.due, units: terms.amount.units, schedule: occurrence.schedule))
        }
      }
      if let budgetsFrom, wanted.contains(budgetsFrom) {
        movements += try unspentBudgets(
          reader, position: position, today: today, account: budgetsFrom, scheduled: movementsByCategory)
      }
      return ForecastInputs(today: today, through: through, balances: balances, movements: movements)
    }
  }

  /// This month's variable budgets' unspent parts as outflows from `account`, spread over the
  /// days left in the month.
  private func unspentBudgets(
    _ reader: ProjectionReader, position: UInt64, today: CivilDate, account: AccountID,
    scheduled: [CategoryID: Int64]
  ) throws -> [CashFlowForecast.Movement] {
    let month = today.yearMonth
    guard let tomorrow = try? today.adding(days: 1), tomorrow.yearMonth == month else { return [] }
    let report = try BudgetQueries(reader).month(month, currency: baseCurrency, asKnownAt: position)
    var unspent: Int64 = 0
    for line in report.lines where line.budgetType == .variable && line.difference.isPositive {
      unspent &+= max(0, line.difference.units - (scheduled[line.category] ?? 0))
    }
    let days = tomorrow.days(until: month.lastDay) + 1
    guard unspent > 0, days > 0 else { return [] }
    // Whole minor units per day, adding up to the whole (the first days carry the odd cents).
    let shares = (try? Money(units: unspent, currency: baseCurrency).allocatedInMinorUnits(into: days)) ?? []
    return shares.enumerated().compactMap { offset, share in
      guard let date = try? tomorrow.adding(days: offset) else { return nil }
      return CashFlowForecast.Movement(account: account, date: date, units: -share.units)
    }
  }
}
