import LedgerDomain
import QueryResults

/// Which transactions to list: every condition given must hold. One of them (words, else the
/// category, the period, the account, else none) picks the index walked; the others are
/// checked on each row the walk meets, so they combine freely.
public struct TransactionQuery: Sendable, Hashable {
  /// Only this account's transactions.
  public var account: AccountID?
  /// Only those booked to this category (a split transaction when one part is).
  public var category: CategoryID?
  /// Only those dated inside this expense period.
  public var period: PeriodID?
  /// Words (or word prefixes) that the name, description, notes or tags all hold.
  public var words: String?
  /// Only those carrying this tag (ignoring case).
  public var tag: String?
  /// The smallest and largest size of the amount, whatever its direction, in the row's own
  /// currency's units: `minimum` 100 lists a 100.00 expense and a 250.00 income.
  public var minimum: Money?
  public var maximum: Money?
  /// The first and last business day.
  public var from: CivilDate
  public var through: CivilDate

  /// A query for every transaction dated `from` … `through`, to narrow with the properties.
  public init(from: CivilDate = .earliest, through: CivilDate = .latest) {
    self.from = from
    self.through = through
  }

  /// The index walked for this query.
  var index: TransactionFilter {
    if let words { return .text(words) }
    if let category { return .category(category) }
    if let period { return .period(period) }
    if let account { return .account(account) }
    return .all
  }

  /// Whether `row` meets every condition (the index's own included: cheap, and it keeps
  /// this the one place that says what the query means).
  func admits(_ row: TransactionRow, periodDays: ClosedRange<CivilDate>?) -> Bool {
    guard row.date >= from && row.date <= through else { return false }
    if let account, row.account != account { return false }
    if let category, !row.postings.contains(where: { $0.category == category }) { return false }
    if let periodDays, !periodDays.contains(row.date) { return false }
    if let tag = tag?.lowercased(), !row.tags.contains(where: { $0.lowercased() == tag }) { return false }
    if let minimum, row.amount.units < minimum.units { return false }
    if let maximum, row.amount.units > maximum.units { return false }
    return true
  }
}

extension Ledger {
  /// A page of the transactions `query` admits, newest first, `limit` rows after skipping
  /// `offset`, older than `before`, as known at `point`. The page's `olderCursor` is set when
  /// more rows follow. Walks the index the query picks in steps of 200 rows: a page costs
  /// O(log n + rows walked), and a condition few rows meet walks further.
  public func transactions(
    matching query: TransactionQuery, before: TransactionCursor? = nil, limit: Int = 50, skipping offset: Int = 0,
    at point: TimePoint = .now
  ) throws(LedgerError) -> Answer<TransactionPage> {
    // An unknown period has no days: a range past every transaction's date.
    let days: ClosedRange<CivilDate>? = query.period.map { self.periodDays($0) ?? CivilDate.latest...CivilDate.latest }
    var rows: [TransactionRow] = []
    var skipped = 0
    var cursor = before
    var more = false
    var last: Answer<TransactionPage>
    repeat {
      last = try transactions(
        query.index, from: query.from, through: query.through, before: cursor, limit: 200, at: point)
      for row in last.value.rows where query.admits(row, periodDays: days) {
        if skipped < offset {
          skipped += 1
          continue
        }
        if rows.count == limit {
          more = true
          break
        }
        rows.append(row)
      }
      cursor = last.value.olderCursor
    } while cursor != nil && !more
    let page = TransactionPage(
      rows: rows, olderCursor: more ? rows.last.map(TransactionCursor.init) : nil, newerCursor: nil,
      position: last.value.position)
    return Answer(value: page, position: last.position, recordedAt: last.recordedAt)
  }
}
