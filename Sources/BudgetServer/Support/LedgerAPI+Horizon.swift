import LedgerDomain

extension LedgerAPI {
  /// How many years after this one a report may reach: as far as a payoff plan looks
  /// (``PayoffPlan/horizonMonths``). A report's cost grows with the months it covers, so a
  /// date like 9999-12-31 — thousands of years, worked out month by month — is refused
  /// instead.
  static let horizonYears = PayoffPlan.horizonMonths / 12

  /// The last day a report may reach: the end of the year ``horizonYears`` after today's.
  var horizon: CivilDate { (try? YearMonth(year: today.year + Self.horizonYears, month: 12))?.lastDay ?? .latest }

  /// `date`, or a 400 naming the horizon when it lies beyond it.
  func withinHorizon(_ date: CivilDate, field: String) throws -> CivilDate {
    guard date > horizon else { return date }
    throw APIError.badRequest(
      "\(field) \(date) is more than \(Self.horizonYears) years after today (\(today)): ask for \(horizon) or earlier",
      field: field)
  }

  /// `month`, or a 400 naming the horizon when it lies beyond it.
  func withinHorizon(_ month: YearMonth, field: String) throws -> YearMonth {
    guard month > horizon.yearMonth else { return month }
    throw APIError.badRequest(
      "\(field) \(month) is more than \(Self.horizonYears) years after today (\(today)): ask for \(horizon.yearMonth) or earlier",
      field: field)
  }
}
