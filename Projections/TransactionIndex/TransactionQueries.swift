import EventLog
import LedgerDomain
import ProjectionEngine

/// Questions answered by the transaction-index tables: the transaction list by date, by
/// category, account or period, and full-text search. Every list is newest first and paged
/// with cursors both ways; a page costs O(log n + page size) (search: see ``search(_:before:after:limit:asKnownAt:)``).
/// `asKnownAt` is a log position: the answer is what the ledger showed right after it.
public struct TransactionQueries {
  let reader: ProjectionReader
  let name = TransactionIndexProjector.name
  /// How far a search counts postings (``WordSearch/countCap``); tests lower it to 1 so that
  /// words are sought in the index rather than loaded (but for those starting several
  /// indexed words, which are then loaded as broad prefixes are).
  var searchCountCap = WordSearch.countCap
  /// How many postings a search's walk of an indexed word steps over before it seeks
  /// (``LiveKeyWalk``); tests set 0 (always seek) and 1 to reach both paths.
  var searchStepLimit = LiveKeyWalk.defaultStepLimit

  /// Queries over the snapshot `reader` sees.
  public init(_ reader: ProjectionReader) { self.reader = reader }

  /// The transaction `id` as it stood at `asKnownAt`; `nil` if it did not exist or was deleted.
  public func transaction(_ id: TransactionID, asKnownAt: UInt64 = .max) throws -> TransactionRow? {
    try row(id.raw, asKnownAt: asKnownAt).map(TransactionRow.init)
  }

  /// Every transaction dated `from` … `through`, newest first.
  public func recent(
    from: CivilDate = .earliest, through: CivilDate = .latest, before: TransactionCursor? = nil,
    after: TransactionCursor? = nil, limit: Int = 50, asKnownAt: UInt64 = .max
  ) throws -> TransactionPage {
    try indexPage(
      "by-date", owner: nil, from: from, through: through, before: before, after: after, limit: limit,
      asKnownAt: asKnownAt)
  }

  /// The transactions booked to `category` dated `from` … `through`, newest first. A split
  /// transaction is listed under each of its categories.
  public func byCategory(
    _ category: CategoryID, from: CivilDate = .earliest, through: CivilDate = .latest, before: TransactionCursor? = nil,
    after: TransactionCursor? = nil, limit: Int = 50, asKnownAt: UInt64 = .max
  ) throws -> TransactionPage {
    try indexPage(
      "by-category", owner: category.raw, from: from, through: through, before: before, after: after, limit: limit,
      asKnownAt: asKnownAt)
  }

  /// The transactions of `account` dated `from` … `through`, newest first.
  public func byAccount(
    _ account: AccountID, from: CivilDate = .earliest, through: CivilDate = .latest, before: TransactionCursor? = nil,
    after: TransactionCursor? = nil, limit: Int = 50, asKnownAt: UInt64 = .max
  ) throws -> TransactionPage {
    try indexPage(
      "by-account", owner: account.raw, from: from, through: through, before: before, after: after, limit: limit,
      asKnownAt: asKnownAt)
  }

  /// The transactions assigned to `period`, newest first.
  public func byPeriod(
    _ period: PeriodID, before: TransactionCursor? = nil, after: TransactionCursor? = nil, limit: Int = 50,
    asKnownAt: UInt64 = .max
  ) throws -> TransactionPage {
    try indexPage(
      "by-period", owner: period.raw, from: .earliest, through: .latest, before: before, after: after, limit: limit,
      asKnownAt: asKnownAt)
  }

  /// The transactions whose name, description, notes or tags contain every word of `text`,
  /// newest first. Matching ignores case, and a query word matches any word it starts
  /// ("groc" finds "Groceries"). The words' postings are intersected by date starting from
  /// the rarest word (a prefix counted with every indexed word it starts), each list walked
  /// one way, stepping through near postings and seeking past far ones, and the walk stops at
  /// the page asked for (``WordSearch``): a page costs at most O(k log n) per transaction the
  /// rarest word proposes until the page is full, k being the number of indexed words the
  /// query words start. Empty text (no words) gives an empty page.
  public func search(
    _ text: String, from: CivilDate = .earliest, through: CivilDate = .latest, before: TransactionCursor? = nil,
    after: TransactionCursor? = nil, limit: Int = 50, asKnownAt: UInt64 = .max
  ) throws -> TransactionPage {
    let terms = TextTokens.words(text)
    guard !terms.isEmpty else {
      return TransactionPage(rows: [], olderCursor: nil, newerCursor: nil, position: answeredAt(asKnownAt))
    }
    let search = try WordSearch(queries: self, terms: terms, asKnownAt: asKnownAt)
    return try page(
      low: TransactionKeys.startOf(day: from.daysSinceEpoch),
      high: TransactionKeys.startOf(day: through.daysSinceEpoch + 1), before: before, after: after, limit: limit,
      asKnownAt: asKnownAt, fetch: search.fetch)
  }

  // MARK: Paging

  /// An index entry found by a fetch, with the row if the fetch already read it.
  struct Hit {
    var suffix: [UInt8]
    var row: TransactionAdded?
  }

  /// A page of `table` (keys `owner ‖ day ‖ id`, or `day ‖ id` without an owner).
  private func indexPage(
    _ table: String, owner: EntityID?, from: CivilDate, through: CivilDate, before: TransactionCursor?,
    after: TransactionCursor?, limit: Int, asKnownAt: UInt64
  ) throws -> TransactionPage {
    let prefix = owner.map { TransactionKeys.id($0) } ?? []
    return try page(
      low: TransactionKeys.startOf(day: from.daysSinceEpoch),
      high: TransactionKeys.startOf(day: through.daysSinceEpoch + 1),
      before: before, after: after, limit: limit, asKnownAt: asKnownAt
    ) { direction, lower, upper, count in
      var hits: [Hit] = []
      try reader.scan(name, table, from: prefix + lower, to: prefix + upper, asKnownAt: asKnownAt, direction: direction)
      { key, _ in
        hits.append(Hit(suffix: Array(key.suffix(TransactionKeys.suffixSize)), row: nil))
        return hits.count < count ? .continue : .stop
      }
      return hits
    }
  }

  /// A page between the `day ‖ id` suffixes `low` (inclusive) and `high` (exclusive), before
  /// or after a cursor. `fetch(direction, lower, upper, count)` finds up to `count` entries
  /// in `lower ..< upper`, nearest the start of `direction` first.
  func page(
    low: [UInt8], high: [UInt8], before: TransactionCursor?, after: TransactionCursor?, limit: Int, asKnownAt: UInt64,
    fetch: (ReadDirection, [UInt8], [UInt8], Int) throws -> [Hit]
  ) throws -> TransactionPage {
    let position = answeredAt(asKnownAt)
    guard limit > 0 else { return TransactionPage(rows: [], olderCursor: nil, newerCursor: nil, position: position) }
    var hits: [Hit]
    var hasOlder = false
    var hasNewer = false
    // Whether there is a page on the other side is asked only beyond where the fetch started:
    // it found nothing between there and its first hit. Before a cursor, the cursor's own
    // row answers at once; on the first page nothing is newer.
    if let after {
      let start = TransactionKeys.larger(low, TransactionKeys.successor(after.suffix))
      hits = try fetch(.forward, start, high, limit + 1)
      hasNewer = hits.count > limit
      hits = Array(hits.prefix(limit).reversed())
      if !hits.isEmpty { hasOlder = try !fetch(.backward, low, start, 1).isEmpty }
    } else {
      let end = before.map { TransactionKeys.smaller(high, $0.suffix) } ?? high
      hits = try fetch(.backward, low, end, limit + 1)
      hasOlder = hits.count > limit
      hits = Array(hits.prefix(limit))
      if !hits.isEmpty, end.lexicographicallyPrecedes(high) { hasNewer = try !fetch(.forward, end, high, 1).isEmpty }
    }
    var rows: [TransactionRow] = []
    rows.reserveCapacity(hits.count)
    for hit in hits {
      guard let id = TransactionKeys.decodeSuffix(hit.suffix)?.id,
        let row = try hit.row ?? self.row(id, asKnownAt: asKnownAt)
      else { continue }
      rows.append(TransactionRow(row))
    }
    return TransactionPage(
      rows: rows, olderCursor: hasOlder ? rows.last.map(TransactionCursor.init) : nil,
      newerCursor: hasNewer ? rows.first.map(TransactionCursor.init) : nil, position: position)
  }

  /// The stored state of transaction `id` at `asKnownAt`.
  func row(_ id: EntityID, asKnownAt: UInt64) throws -> TransactionAdded? {
    try reader.value(name, "transactions", key: TransactionKeys.id(id), asKnownAt: asKnownAt).flatMap(
      TransactionRowCodec.decode)
  }

  private func answeredAt(_ asKnownAt: UInt64) -> UInt64 { Swift.min(asKnownAt, reader.head.position) }
}
