import Hummingbird
import Ledger
import LedgerDomain
import LedgerWire
import QueryResults

/// `GET /transactions` (and `/transactions/search`): the running-balance log of one account
/// or of all accounts, or — with a category, period, month, date range or words — rows of the
/// transaction index. Pages by `offset` / `limit`; `asOf` hides rows dated after it and
/// `asKnownAt` answers as the ledger was then.
struct TransactionListing {
  let api: LedgerAPI

  func list(_ request: Request, search: String?) throws -> Response {
    let query = QueryParameters(request)
    let limit = try query.int("limit", default: 50, range: 1...1000)
    let offset = try query.int("offset", default: 0, range: 0...1_000_000)
    let time = try query.time()
    // Resolve names with a short-lived copy of the state; the queries below run without one.
    let (account, category, period) = try { () throws -> (AccountID?, CategoryID?, PeriodID?) in
      let resolver = Resolver(state: try api.state())
      return (
        try query.string("account").map { try resolver.account($0, .body("account")).id },
        try query.string("category").map { try resolver.categoryToRead($0, .body("category")) },
        try query.string("period").map { try resolver.period($0, .body("period")) }
      )
    }()
    let month = try query.month("month")
    let words = search ?? query.string("q")
    var from = try query.date("from") ?? month?.firstDay ?? .earliest
    var through = try query.date("to") ?? month?.lastDay ?? .latest
    if let asOf = time.asOf { through = min(through, asOf) }
    if from > through {
      guard query.string("from") == nil || query.string("to") == nil else {
        throw APIError.badRequest(
          "from (\(from)) is after to (\(through)); give a range that runs forward", field: "from")
      }
      from = through
    }
    let filtered =
      category != nil || period != nil || month != nil || words != nil || query.string("from") != nil
      || query.string("to") != nil
    if filtered {
      let filter: TransactionFilter =
        words.map { .text($0) } ?? category.map { .category($0) } ?? period.map { .period($0) } ?? account.map {
          .account($0)
        } ?? .all
      // The index walks one filter; the others are checked on each row, so they all apply.
      let match = RowMatch(
        account: account, category: category,
        periodDays: period.map { api.ledger.periodDays($0) ?? .latest ... .latest })
      return try index(filter, from: from, through: through, limit: limit, offset: offset, time: time, match: match)
    }
    return try log(account: account, through: through, limit: limit, offset: offset, time: time)
  }

  /// Running-balance rows, newest first, skipping rows after `through`.
  private func log(account: AccountID?, through: CivilDate, limit: Int, offset: Int, time: TimeQuery) throws -> Response
  {
    var rows: [LogRow] = []
    var skipped = 0
    var cursor: LogCursor?
    var position: UInt64 = 0
    var recordedAt: Int64 = 0
    var more = false
    repeat {
      let answer = try api.ledger.transactionLog(account: account, before: cursor, limit: 200, at: time.point)
      position = answer.position
      recordedAt = answer.recordedAt
      for row in answer.value.rows where row.date <= through {
        if skipped < offset { skipped += 1; continue }
        if rows.count == limit { more = true; break }
        rows.append(row)
      }
      cursor = answer.value.olderCursor
    } while cursor != nil && !more
    // Names as known at the answer's point, as the amounts are (not as they are now).
    let state = try api.snapshots.state(at: time.point).state
    let accountName = account.flatMap { state.accounts[$0]?.name } ?? ""
    let page = TransactionPageDTO(
      position: position, recordedAt: recordedAt == 0 ? nil : Wire.timestamp(recordedAt),
      rows: try marked(rows.map { TransactionRowDTO(log: $0, state: state, accountName: accountName) }, rows.map(\.id)),
      nextOffset: more ? offset + limit : nil)
    return try api.answer(page, position: position)
  }

  /// Rows of the transaction index (no running balance).
  private func index(
    _ filter: TransactionFilter, from: CivilDate, through: CivilDate, limit: Int, offset: Int, time: TimeQuery,
    match: RowMatch
  ) throws -> Response {
    var rows: [TransactionRow] = []
    var skipped = 0
    var cursor: TransactionCursor?
    var position: UInt64 = 0
    var recordedAt: Int64 = 0
    var more = false
    repeat {
      let answer = try api.ledger.transactions(
        filter, from: from, through: through, before: cursor, limit: 200, at: time.point)
      position = answer.position
      recordedAt = answer.recordedAt
      for row in answer.value.rows
      where row.date >= from && row.date <= through && match.matches(row) {
        if skipped < offset { skipped += 1; continue }
        if rows.count == limit { more = true; break }
        rows.append(row)
      }
      cursor = answer.value.olderCursor
    } while cursor != nil && !more
    // Names as known at the answer's point, as the amounts are (not as they are now).
    let state = try api.snapshots.state(at: time.point).state
    let page = TransactionPageDTO(
      position: position, recordedAt: recordedAt == 0 ? nil : Wire.timestamp(recordedAt),
      rows: try marked(rows.map { TransactionRowDTO(index: $0, state: state) }, rows.map(\.id.raw)),
      nextOffset: more ? offset + limit : nil)
    return try api.answer(page, position: position)
  }

  /// `rows` (whose ids are `ids`), those that changes made on this device and not yet on its
  /// hub record or change marked `pending`.
  private func marked(_ rows: [TransactionRowDTO], _ ids: [EntityID]) throws -> [TransactionRowDTO] {
    let pending = try api.ledger.pendingRowIDs()
    guard !pending.isEmpty else { return rows }
    return zip(rows, ids).map { row, id in
      var row = row
      if pending.contains(id) { row.pending = true }
      return row
    }
  }
}

/// The filters of a listing that a row of the index must all meet. A period is its days: a
/// transaction belongs to the period its date falls in (``Ledger/periodDays(_:)``).
struct RowMatch {
  var account: AccountID?
  var category: CategoryID?
  var periodDays: ClosedRange<CivilDate>?

  func matches(_ row: TransactionRow) -> Bool {
    (account == nil || row.account == account) && (periodDays.map { $0.contains(row.date) } ?? true)
      && (category == nil || row.postings.contains { $0.category == category })
  }
}
