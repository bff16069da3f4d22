import EventLog
import LedgerDomain
import ProjectionEngine

/// Questions answered by the running-balances tables, on both time axes: `date` is business
/// time ("balance on 15 March"), `asKnownAt` a log position ("as the ledger showed it then").
public struct BalanceQueries {
  let reader: ProjectionReader
  let name = RunningBalancesProjector.name

  public init(_ reader: ProjectionReader) { self.reader = reader }

  /// Every account's name, type, role and currency, by name.
  public func accounts(asKnownAt: UInt64 = .max) throws -> [AccountInfo] {
    var accounts: [AccountInfo] = []
    try reader.scan(
      name, "accounts", from: [UInt8](repeating: 0, count: 16), to: [UInt8](repeating: 0xFF, count: 16),
      asKnownAt: asKnownAt
    ) { key, value in
      guard let row = AccountRow(value) else { return .continue }
      accounts.append(
        AccountInfo(
          account: AccountID(raw: EntityID(key)), name: row.name, type: row.type,
          currency: (try? Currency(code: row.currency)) ?? .eur, role: row.role))
      return .continue
    }
    return accounts.sorted { $0.name < $1.name }
  }

  /// Every account's balance at the end of `date`, with its role as known at `asKnownAt`.
  public func balances(on date: CivilDate, asKnownAt: UInt64 = .max) throws -> [AccountBalance] {
    try accounts(asKnownAt: asKnownAt).map { info in
      AccountBalance(
        account: info.account, name: info.name,
        balance: Money(
          units: try units(of: info.account.raw, through: date, asKnownAt: asKnownAt), currency: info.currency),
        role: info.role)
    }
  }

  /// The balance of `account` at the end of `date`: year, month and day rows summed.
  public func balance(
    of account: AccountID, on date: CivilDate, currency: Currency, asKnownAt: UInt64 = .max
  ) throws -> Money {
    Money(units: try units(of: account.raw, through: date, asKnownAt: asKnownAt), currency: currency)
  }

  /// The total of every account in `currency` at the end of `date`.
  public func total(in currency: Currency, on date: CivilDate, asKnownAt: UInt64 = .max) throws -> Money {
    var total: Int64 = 0
    for account in try accounts(in: currency, asKnownAt: asKnownAt) {
      total &+= try units(of: account, through: date, asKnownAt: asKnownAt)
    }
    return Money(units: total, currency: currency)
  }

  /// The ids of the accounts in `currency`, as known at `asKnownAt`.
  func accounts(in currency: Currency, asKnownAt: UInt64) throws -> [EntityID] {
    try accounts(asKnownAt: asKnownAt).filter { $0.currency == currency }.map(\.account.raw)
  }

  func units(of account: EntityID, through date: CivilDate, asKnownAt: UInt64) throws -> Int64 {
    var total: Int64 = 0
    func add(_ table: String, from lower: [UInt8], to upper: [UInt8]) throws {
      try reader.scan(name, table, from: lower, to: upper, asKnownAt: asKnownAt) { _, value in
        total &+= Int64(units: value)
        return .continue
      }
    }
    try add("year", from: BalanceKeys.year(account, 0), to: BalanceKeys.year(account, date.year))
    try add(
      "month", from: BalanceKeys.month(account, YearMonth.first(of: date.year)),
      to: BalanceKeys.month(account, date.yearMonth))
    try add("day", from: BalanceKeys.day(account, date.yearMonth.firstDay), to: BalanceKeys.day(account, date.nextDay))
    return total
  }

  /// A page of `account`'s log (or of every account in a currency, with `account: nil`),
  /// newest first, each row with the balance after it. Starts at the newest row, or just
  /// before / after a cursor. Costs a balance lookup plus the page per account, whatever the
  /// history: the accounts' logs are merged in (date, id) order, and the balance of several
  /// accounts is the sum of theirs.
  public func log(
    account: AccountID?, currency: Currency, before: LogCursor? = nil, after: LogCursor? = nil, limit: Int = 50,
    asKnownAt: UInt64 = .max
  ) throws -> LogPage {
    let owners = try account.map { [$0.raw] } ?? accounts(in: currency, asKnownAt: asKnownAt)
    var entries: [LogEntry] = []
    for owner in owners {
      entries += try page(of: owner, before: before, after: after, limit: limit, asKnownAt: asKnownAt)
    }
    // Newest first; a page after a cursor is the `limit` oldest rows newer than it.
    entries.sort { ($0.date, $0.id) > ($1.date, $1.id) }
    entries = after == nil ? Array(entries.prefix(limit)) : Array(entries.suffix(limit))
    guard let newest = entries.first, let oldest = entries.last else {
      return LogPage(rows: [], olderCursor: nil, newerCursor: nil)
    }
    // Across all accounts both legs of a transfer are in the view (a transfer stays in one
    // currency) and cancel out: the running total counts neither, so it never shows a
    // total that existed only between two legs listed apart.
    let legsCancel = account == nil
    func counted(_ entry: LogEntry) -> Int64 { legsCancel && entry.kind == .transfer ? 0 : entry.units }
    // Balance after the newest row: end of its day, minus that day's later rows.
    var running: Int64 = 0
    var hasOlder = false
    var hasNewer = false
    for owner in owners {
      running &+= try units(of: owner, through: newest.date, asKnownAt: asKnownAt)
      let afterNewest = Self.successor(BalanceKeys.entry(owner, newest.date, newest.id))
      try reader.scan(
        name, "entries", from: afterNewest,
        to: BalanceKeys.entry(owner, newest.date.nextDay, EntityID(high: 0, low: 0)), asKnownAt: asKnownAt
      ) { key, value in
        running &-= counted(Self.entry(key, value))
        return .continue
      }
      let (low, high) = Self.bounds(of: owner)
      hasOlder =
        try hasOlder || exists(from: low, to: BalanceKeys.entry(owner, oldest.date, oldest.id), asKnownAt: asKnownAt)
      hasNewer = try hasNewer || exists(from: afterNewest, to: high, asKnownAt: asKnownAt)
    }
    var rows: [LogRow] = []
    for entry in entries {
      rows.append(
        LogRow(
          date: entry.date, id: entry.id, kind: entry.kind, amount: Money(units: entry.units, currency: currency),
          balance: Money(units: running, currency: currency)))
      running &-= counted(entry)
    }
    return LogPage(
      rows: rows, olderCursor: hasOlder ? LogCursor(date: oldest.date, id: oldest.id) : nil,
      newerCursor: hasNewer ? LogCursor(date: newest.date, id: newest.id) : nil)
  }

  /// Up to `limit` of `owner`'s entries just before `before` (newest first) or just after
  /// `after` (oldest first), or its newest.
  private func page(
    of owner: EntityID, before: LogCursor?, after: LogCursor?, limit: Int, asKnownAt: UInt64
  ) throws -> [LogEntry] {
    let (low, high) = Self.bounds(of: owner)
    var entries: [LogEntry] = []
    func collect(from lower: [UInt8], to upper: [UInt8], direction: ReadDirection) throws {
      try reader.scan(name, "entries", from: lower, to: upper, asKnownAt: asKnownAt, direction: direction) {
        key, value in
        entries.append(Self.entry(key, value))
        return entries.count < limit ? .continue : .stop
      }
    }
    if let after {
      try collect(from: Self.successor(BalanceKeys.entry(owner, after.date, after.id)), to: high, direction: .forward)
    } else {
      try collect(from: low, to: before.map { BalanceKeys.entry(owner, $0.date, $0.id) } ?? high, direction: .backward)
    }
    return entries
  }

  /// The first and last possible entry keys of `owner`.
  private static func bounds(of owner: EntityID) -> (low: [UInt8], high: [UInt8]) {
    (
      BalanceKeys.entry(owner, .earliest, EntityID(high: 0, low: 0)),
      BalanceKeys.entry(owner, .latest, EntityID(high: .max, low: .max))
    )
  }

  private func exists(from lower: [UInt8], to upper: [UInt8], asKnownAt: UInt64) throws -> Bool {
    var found = false
    try reader.scan(name, "entries", from: lower, to: upper, asKnownAt: asKnownAt) { _, _ in
      found = true
      return .stop
    }
    return found
  }

  typealias LogEntry = (date: CivilDate, id: EntityID, units: Int64, kind: EntryKind)

  static func entry(_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) -> LogEntry {
    func word(_ at: Int) -> UInt64 { KeyBuilder.word(key, at: at) }
    let day = Int(KeyBuilder.signed(word(16)))
    return (
      (try? CivilDate(daysSinceEpoch: day)) ?? .earliest, EntityID(high: word(24), low: word(32)), Int64(units: value),
      EntryKind(rawValue: value.count > 8 ? value[8] : 0) ?? .transaction
    )
  }

  /// The smallest key greater than `key`.
  static func successor(_ key: [UInt8]) -> [UInt8] {
    var next = key
    for index in next.indices.reversed() {
      if next[index] < 0xFF { next[index] += 1; return next }
      next[index] = 0
    }
    return key
  }
}

extension EntityID {
  init(_ bytes: UnsafeRawBufferPointer) {
    self.init(high: KeyBuilder.word(bytes, at: 0), low: KeyBuilder.word(bytes, at: 8))
  }
}

extension YearMonth {
  static func first(of year: Int) -> YearMonth { (try? YearMonth(year: year, month: 1)) ?? YearMonth.first(of: 1) }
}
