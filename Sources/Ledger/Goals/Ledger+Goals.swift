import CategoryTotals
import EventLog
import LedgerDomain
import ProjectionEngine
import RunningBalances
import TransactionIndex

/// A goal as reports show it: its settings and its progress on a day.
public struct GoalSummary: Sendable, Hashable {
  public var id: GoalID
  public var record: GoalRecord
  /// The funding account's or category's name.
  public var fundingName: String
  /// The day the progress is as of.
  public var asOf: CivilDate
  public var forecast: GoalForecast

  public var name: String { record.name }
}

extension Ledger {
  /// Every goal (archived ones only with `includingArchived`) with its progress at the end of
  /// `date`, by name. Progress is read from the read models — the funding account's balance,
  /// or the funding category's monthly totals — never from a scan of the transactions,
  /// except for the days of `date`'s month up to it when the month had more days after it
  /// (time travel within a month, for a category goal).
  ///
  /// As known at an earlier `point`, the goals are the ones the log held then (folded from the
  /// goal, account, category, transaction and transfer streams up to that position).
  public func goals(
    on date: CivilDate, includingArchived: Bool = false, at point: TimePoint = .now
  ) throws(LedgerError) -> [GoalSummary] {
    var state = self.state
    var point = point
    if point != .now {
      let position = try query(at: point) { _, position in position }.value
      state = try goalState(upTo: position)
      point = .position(position)
    }
    let selected = state.goals.filter { includingArchived || !$0.value.isArchived }
    guard !selected.isEmpty else { return [] }
    let today = self.today()
    let base = baseCurrency
    return try query(at: point) { reader, position in
      var progress = GoalProgressReader(reader: reader, position: position, today: today, currency: base)
      return try selected.map { id, record in
        var record = record
        // An entry whose movement was deleted or cancelled lists no money: it is left out
        // (and comes back if the movement is restored).
        record.entries = try record.entries.filter { try progress.moves($0, transfers: state.transferRecords) }
        let (saved, lastThree) = try progress.amounts(of: record, on: date)
        let forecast = GoalForecast(
          target: record.settings.target, saved: saved, targetDate: record.settings.targetDate, on: date,
          lastThreeMonths: lastThree)
        return GoalSummary(
          id: id, record: record, fundingName: Self.fundingName(record.funding, state), asOf: date, forecast: forecast)
      }.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }.value
  }

  /// The goals, accounts and categories as the log held them at `position`, with the
  /// transactions and transfers the goals' entries link (and no other: a ledger's history of
  /// transactions is not folded to answer for its goals).
  private func goalState(upTo position: UInt64) throws(LedgerError) -> LedgerState {
    var state = try self.state(ofStreamsOf: [GoalID.self, AccountID.self, CategoryID.self], upTo: position)
    let movements = Set(
      state.goals.values.flatMap(\.entries).compactMap { $0.transaction?.stream ?? $0.transfer?.stream })
    guard !movements.isEmpty else { return state }
    let recorded: [RecordedEvent]
    do {
      recorded = try log.events(ofStreamsWithPrefixes: movements.sorted(), upTo: position)
    } catch {
      throw .log(error)
    }
    for event in recorded { state.apply(try StoredEvent.decode(event)) }
    return state
  }

  /// One goal's progress at the end of `date`.
  public func goal(_ id: GoalID, on date: CivilDate, at point: TimePoint = .now) throws(LedgerError) -> GoalSummary {
    guard let summary = try goals(on: date, includingArchived: true, at: point).first(where: { $0.id == id }) else {
      throw .rejected(.notFound(kind: "goal", reference: id.description, suggestion: nil))
    }
    return summary
  }

  static func fundingName(_ funding: GoalFunding, _ state: LedgerState) -> String {
    switch funding {
    case .account(let id): state.accounts[id]?.name ?? id.description
    case .category(let id): state.categories[id]?.name ?? id.description
    }
  }
}

/// Reads goals' progress from the read models in one snapshot, each month's totals and each
/// day's balances read once for all goals.
struct GoalProgressReader {
  let reader: ProjectionReader
  let position: UInt64
  let today: CivilDate
  let currency: Currency
  private var balances: [CivilDate: [AccountID: Money]] = [:]
  private var months: [YearMonth: [CategoryID: Int64]] = [:]

  init(reader: ProjectionReader, position: UInt64, today: CivilDate, currency: Currency) {
    self.reader = reader
    self.position = position
    self.today = today
    self.currency = currency
  }

  /// What `record` has saved at the end of `date`, and the net amount it saved in the three
  /// full calendar months before `date`'s month.
  mutating func amounts(of record: GoalRecord, on date: CivilDate) throws -> (saved: Money, lastThree: Money) {
    let month = date.yearMonth
    let first = try month.adding(months: -3)
    switch record.funding {
    case .account(let account):
      let saved = try balance(account, on: date)
      let end = try balance(account, on: month.previous.lastDay)
      let start = try balance(account, on: first.previous.lastDay)
      let goalCurrency = record.settings.target.currency
      return (
        Money(units: saved, currency: goalCurrency), Money(units: end &- start, currency: goalCurrency)
      )
    case .category(let category):
      let saved = try categoryNet(category, from: record.startDate, through: date)
      var lastThree: Int64 = 0
      var each = first
      while each < month {
        if each >= record.startDate.yearMonth { lastThree &+= try monthNet(category, each) }
        each = try each.next
      }
      return (Money(units: saved, currency: currency), Money(units: lastThree, currency: currency))
    }
  }

  /// Whether `entry`'s transaction or transfer still moves money: not deleted (the
  /// transaction index's row, one look-up in this snapshot — not the transaction's history),
  /// not cancelled.
  func moves(_ entry: GoalEntry, transfers: [TransferID: TransferMade]) throws -> Bool {
    if let id = entry.transaction { return try TransactionQueries(reader).transaction(id, asKnownAt: position) != nil }
    if let id = entry.transfer { return transfers[id] != nil }
    return false
  }

  private mutating func balance(_ account: AccountID, on date: CivilDate) throws -> Int64 {
    if let known = balances[date] { return known[account]?.units ?? 0 }
    var all: [AccountID: Money] = [:]
    for row in try BalanceQueries(reader).balances(on: date, asKnownAt: position) { all[row.account] = row.balance }
    balances[date] = all
    return all[account]?.units ?? 0
  }

  /// Spent less received in `category` over whole `month`.
  private mutating func monthNet(_ category: CategoryID, _ month: YearMonth) throws -> Int64 {
    if let known = months[month] { return known[category] ?? 0 }
    let nets = try CategoryQueries(reader).nets(month, currency: currency, asKnownAt: position)
    months[month] = nets
    return nets[category] ?? 0
  }

  /// Spent less received in `category` from `start`'s month (whole) through `date`: the
  /// monthly totals, and for `date`'s month — when days of it after `date` could have
  /// transactions — the index's transactions up to `date`.
  private mutating func categoryNet(
    _ category: CategoryID, from start: CivilDate, through date: CivilDate
  ) throws
    -> Int64
  {
    var total: Int64 = 0
    var month = start.yearMonth
    let last = date.yearMonth
    while month < last {
      total &+= try monthNet(category, month)
      month = try month.next
    }
    guard month == last else { return total }
    if date >= today || date == last.lastDay { return total &+ (try monthNet(category, last)) }
    var cursor: TransactionCursor?
    repeat {
      let page = try TransactionQueries(reader).recent(
        from: last.firstDay, through: date, before: cursor, limit: 4_096, asKnownAt: position)
      for row in page.rows {
        for posting in row.postings where posting.category == category && posting.amount.currency == currency {
          total &+= row.type == .expense ? posting.amount.units : -posting.amount.units
        }
      }
      cursor = page.olderCursor
    } while cursor != nil
    return total
  }
}
