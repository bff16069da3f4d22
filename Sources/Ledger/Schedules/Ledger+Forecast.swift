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
  public func forecast(
    months: Int, account: AccountID? = nil, asOf: CivilDate? = nil, at point: TimePoint = .now
  ) throws(LedgerError) -> Answer<CashFlowForecast> {
    let today = asOf ?? self.today()
    let horizon = (try? today.yearMonth.adding(months: max(months, 1) - 1)) ?? today.yearMonth
    let through = horizon.lastDay
    return try query(at: point) { reader, position in
      let balances = try BalanceQueries(reader).balances(on: today, asKnownAt: position)
        .filter { account == nil || $0.account == account }
      let wanted = Set(balances.map(\.account))
      var movements: [CashFlowForecast.Movement] = []
      try ScheduleQueries(reader, cache: scheduleCache).forEachOccurrence(
        dueFrom: Self.lookbackStart(today), through: through, today: today, asKnownAt: position
      ) { _, occurrence in
        guard occurrence.isOpen else { return }
        let terms = occurrence.terms
        if wanted.contains(terms.account) {
          movements.append(.init(account: terms.account, date: occurrence.due, units: terms.signedUnits))
        }
        if terms.kind == .transfer, let to = terms.toAccount, wanted.contains(to) {
          movements.append(.init(account: to, date: occurrence.due, units: terms.amount.units))
        }
      }
      return CashFlowForecast(
        today: today, through: through,
        accounts: balances.map { ($0.account, $0.name, $0.balance) }, movements: movements)
    }
  }
}
