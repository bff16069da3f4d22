import LedgerDomain
import QueryResults

extension Ledger {
  /// What goal `id` has left to save at the end of `date`, part by part: its target, less
  /// each entry of its savings account's balance or each transaction booked to its category
  /// from the month the goal began; what it holds beyond the target, if any, so that the parts still
  /// add up to what the goal shows (never below zero). With a target date, the months that
  /// share it and the monthly need, as the goal reports them.
  func explainGoal(_ id: GoalID, on date: CivilDate, at point: TimePoint) throws(LedgerError) -> Explanation {
    // One position for the goal and its parts: the point's, read once.
    let anchor = try query(at: point) { _, position in position }
    let pinned = TimePoint.position(anchor.position)
    let summary = try goal(id, on: date, at: pinned)
    let record = summary.record
    let forecast = summary.forecast
    let currency = forecast.target.currency
    var parts = [Explanation.Part(kind: .target, id: id.raw, date: record.startDate, amount: forecast.target)]
    var saved: [Explanation.Part] = []
    switch record.funding {
    case .account(let account):
      saved = try explainBalance(of: account, on: date, at: pinned).parts
    case .category(let category):
      // As the goal counts it: every month from the one it began in, the last one whole when
      // the day is its end or not in the past.
      let whole = date >= today() || date == date.yearMonth.lastDay
      var month = record.startDate.yearMonth
      while month <= date.yearMonth {
        let spent = try explainSpending(of: category, in: month, at: pinned).parts
        saved += month < date.yearMonth || whole ? spent : spent.filter { $0.date <= date }
        do { month = try month.next } catch { break }
      }
    }
    parts += saved.map { part in
      var taken = part
      taken.amount = Money(units: -part.amount.units, currency: currency)
      return taken
    }
    let beyond = forecast.saved.units &- forecast.target.units
    if beyond > 0 {
      parts.append(
        Explanation.Part(kind: .beyondTarget, id: id.raw, date: date, amount: Money(units: beyond, currency: currency)))
    }
    let perMonth = record.settings.targetDate.flatMap { target in
      forecast.monthlyNeed.map { need in
        let months = (target.year * 12 + target.month) - (date.year * 12 + date.month) + 1
        return Explanation.PerMonth(months: date > target ? 1 : max(months, 1), need: need)
      }
    }
    return Explanation(
      figure: .goal(id, on: date), total: forecast.left, parts: parts, position: anchor.position,
      recordedAt: anchor.recordedAt, perMonth: perMonth)
  }
}
