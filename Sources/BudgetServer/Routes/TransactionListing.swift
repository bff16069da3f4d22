import Hummingbird
import Ledger
import LedgerDomain
import LedgerWire
import QueryResults

/// `GET /transactions` (and `/transactions/search`): the running-balance log of one account
/// or of all accounts, or — with a category, period, month, date range, words, tag or amount
/// bounds — the rows of the transaction index that meet them all (``TransactionQuery``). Pages by the cursor `before` (a page's `nextBefore`) and `limit`; an
/// `offset` skips rows after the cursor (kept for the clients that paged by it); `asOf` hides
/// rows dated after it and `asKnownAt` answers as the ledger was then.
struct TransactionListing {
  let api: LedgerAPI

  func list(_ request: Request, search: String?) throws -> Response {
    let query = QueryParameters(request)
    let limit = try query.int("limit", default: 50, range: 1...1000)
    let offset = try query.int("offset", default: 0, range: 0...1_000_000)
    let before = try query.string("before").map { text in
      guard let cursor = PageCursor(text) else {
        throw APIError.badRequest(
          "before must be a page's nextBefore, DATE/ID (got '\(text)')", field: "before")
      }
      return cursor
    }
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
    let currency = try api.state().baseCurrency
    let amount = { (name: String) throws -> Money? in
      try query.string(name).map { try api.money($0, currency, field: name) }
    }
    var matching = TransactionQuery(from: from, through: through)
    (matching.account, matching.category, matching.period) = (account, category, period)
    (matching.words, matching.tag) = (words, query.string("tag"))
    (matching.minimum, matching.maximum) = (try amount("min"), try amount("max"))
    if let minimum = matching.minimum, let maximum = matching.maximum, minimum.units > maximum.units {
      throw APIError.badRequest("min (\(minimum)) is more than max (\(maximum)); give min ≤ max", field: "min")
    }
    let filtered =
      category != nil || period != nil || month != nil || words != nil || query.string("from") != nil
      || query.string("to") != nil || matching.tag != nil || matching.minimum != nil || matching.maximum != nil
    if filtered {
      return try index(matching, page: (before, limit, offset), time: time)
    }
    return try log(account: account, through: through, page: (before, limit, offset), time: time)
  }

  /// Where a page starts, how many rows it holds, and how many it skips first.
  typealias Paging = (before: PageCursor?, limit: Int, offset: Int)

  /// Running-balance rows, newest first, skipping rows after `through`.
  private func log(account: AccountID?, through: CivilDate, page paging: Paging, time: TimeQuery) throws -> Response {
    let (limit, offset) = (paging.limit, paging.offset)
    var rows: [LogRow] = []
    var skipped = 0
    var cursor = paging.before?.log
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
    let pending = try api.ledger.pendingRowIDs()
    let page = Wire.TransactionPage(
      position: position, recordedAt: recordedAt,
      rows: rows.map { Wire.TransactionRow(log: $0, of: account, state: state, pending: pending) },
      next: more ? rows.last.map { PageCursor(date: $0.date, id: $0.id) } : nil)
    return try api.answer(page, position: position)
  }

  /// Rows of the transaction index that `matching` admits (no running balance).
  private func index(_ matching: TransactionQuery, page paging: Paging, time: TimeQuery) throws -> Response {
    let answer = try api.ledger.transactions(
      matching: matching, before: paging.before?.index, limit: paging.limit, skipping: paging.offset, at: time.point)
    // Names as known at the answer's point, as the amounts are (not as they are now).
    let state = try api.snapshots.state(at: time.point).state
    let pending = try api.ledger.pendingRowIDs()
    let page = Wire.TransactionPage(
      position: answer.position, recordedAt: answer.recordedAt,
      rows: answer.value.rows.map { Wire.TransactionRow(index: $0, state: state, pending: pending) },
      next: answer.value.olderCursor.map { PageCursor(date: $0.date, id: $0.id.raw) })
    return try api.answer(page, position: answer.position)
  }
}
