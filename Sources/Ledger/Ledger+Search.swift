import EntityHistory
import EventLog
import LedgerDomain
import ProjectionEngine
import TransactionIndex

/// Which transactions to list (seed 000's queries).
public enum TransactionFilter: Sendable, Hashable {
  case all
  case category(CategoryID)
  case account(AccountID)
  case period(PeriodID)
  /// Words (or word prefixes) in name, description, notes or tags; all must match.
  case text(String)
}

extension Ledger {
  /// A page of transactions, newest first, filtered and limited to a date range, as known at
  /// `point`. Each page costs O(log n + page size).
  public func transactions(
    _ filter: TransactionFilter, from: CivilDate = .earliest, through: CivilDate = .latest,
    before: TransactionCursor? = nil, after: TransactionCursor? = nil, limit: Int = 50, at point: TimePoint = .now
  ) throws(LedgerError) -> Answer<TransactionPage> {
    try query(at: point) { reader, position in
      let queries = TransactionQueries(reader)
      switch filter {
      case .all:
        return try queries.recent(
          from: from, through: through, before: before, after: after, limit: limit, asKnownAt: position)
      case .category(let id):
        return try queries.byCategory(
          id, from: from, through: through, before: before, after: after, limit: limit, asKnownAt: position)
      case .account(let id):
        return try queries.byAccount(
          id, from: from, through: through, before: before, after: after, limit: limit, asKnownAt: position)
      case .period(let id):
        // A transaction belongs to the period its date falls in (periods never overlap, and
        // one assigned to a period is dated inside it): the period's days, as a close freezes.
        guard let days = periodDays(id) else {
          return TransactionPage(rows: [], olderCursor: nil, newerCursor: nil, position: position)
        }
        return try queries.recent(
          from: max(from, days.lowerBound), through: min(through, days.upperBound), before: before, after: after,
          limit: limit, asKnownAt: position)
      case .text(let text):
        return try queries.search(
          text, from: from, through: through, before: before, after: after, limit: limit, asKnownAt: position)
      }
    }
  }

  /// Every event of one entity's stream with what it changed, as known at `point`.
  public func history(of stream: String, at point: TimePoint = .now) throws(LedgerError) -> Answer<[HistoryEntry]> {
    // Read from the log, not the projections: up to the head even while a bulk load defers them.
    try query(at: point, upToProjections: false) { _, position in
      try EntityHistory(log).history(of: stream, asKnownAt: position)
    }
  }

  /// The days of expense period `id` (an ongoing one's through ``CivilDate/latest``), or nil
  /// for an unknown period.
  public func periodDays(_ id: PeriodID) -> ClosedRange<CivilDate>? {
    guard let period = state.periods[id] else { return nil }
    return period.start...max(period.start, period.end ?? .latest)
  }
}
