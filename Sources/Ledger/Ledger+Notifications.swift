import LedgerDomain
import Notifications
import ProjectionEngine
import QueryResults

extension Ledger {
  /// Every category whose spending stands at a threshold of its month's budget (75 %, 90 %,
  /// all of it, past it), as known at `point`: newest first.
  public func budgetNotices(at point: TimePoint = .now) throws(LedgerError) -> Answer<[BudgetNotice]> {
    try query(at: point) { reader, position in try NotificationQueries(reader).budgetNotices(asKnownAt: position) }
  }

  /// The line a person reads for `notice`, with the month's figures as they stood when it was
  /// reached: `Food has used 90 % of its budget for 2024-03 (405.00 of 450.00)`.
  public func message(for notice: BudgetNotice) -> String {
    let name = state.categories[notice.category]?.name ?? "a deleted category"
    let figures = " (\(notice.actual.formatted(grouping: true)) of \(notice.available.formatted(grouping: true)))"
    switch notice.threshold {
    case .percent75, .percent90:
      return "\(name) has used \(notice.threshold.name) % of its budget for \(notice.month)\(figures)"
    case .percent100: return "\(name) has used all of its budget for \(notice.month)\(figures)"
    case .overspent: return "\(name) is over its budget for \(notice.month)\(figures)"
    }
  }

  /// The budget notices the events at `positions` brought about, each with its line: the
  /// highest threshold each category's month reached, as known right after them.
  func budgetWarnings(for positions: ClosedRange<UInt64>) throws(LedgerError) -> [LedgerWarning] {
    let notices = try query(at: .position(positions.upperBound)) { reader, position in
      try NotificationQueries(reader).budgetNotices(asKnownAt: position, reachedWithin: positions)
    }.value
    var highest: [String: BudgetNotice] = [:]
    for notice in notices {
      let key = "\(notice.category) \(notice.month)"
      if let kept = highest[key], kept.threshold >= notice.threshold { continue }
      highest[key] = notice
    }
    return highest.values.sorted { ($0.month, $0.threshold) < ($1.month, $1.threshold) }.map { notice in
      LedgerWarning(
        code: .budgetThreshold, message: message(for: notice), subject: notice.category.raw)
    }
  }
}
