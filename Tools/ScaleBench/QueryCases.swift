import BudgetVsActual
import CategoryTotals
import Foundation
import Ledger
import LedgerDomain
import ProjectionEngine
import RunningBalances
import TransactionIndex

/// One question's parameters, as both sides get them.
enum QueryParameter: Sendable {
  case month(YearMonth)
  case page(account: Int, cursor: LogCursor)
  case balance(account: Int, date: CivilDate)
  case asKnownAt(YearMonth, position: UInt64)
  case search(String)
}

/// The in-process query cases: random parameters from a fixed seed, each question asked
/// `count` times after a short warm-up, every call timed on its own.
struct QueryRunner {
  let ledger: Ledger
  let world: DatasetWorld
  let spec: DatasetSpec
  let count: Int
  var random: SeededGenerator

  init(ledger: Ledger, world: DatasetWorld, spec: DatasetSpec, count: Int) {
    self.ledger = ledger
    self.world = world
    self.spec = spec
    self.count = count
    random = SeededGenerator(seed: spec.seed &+ 7)
  }

  static func hex(_ id: EntityID) -> String {
    func word(_ value: UInt64) -> String {
      let digits = String(value, radix: 16)
      return String(repeating: "0", count: 16 - digits.count) + digits
    }
    return word(id.high) + word(id.low)
  }

  static func bytes(_ id: EntityID) -> [UInt8] {
    (0..<8).map { UInt8(truncatingIfNeeded: id.high >> (56 - 8 * $0)) } + (0..<8).map { UInt8(truncatingIfNeeded: id.low >> (56 - 8 * $0)) }
  }

  static func monthIndex(_ month: YearMonth) -> Int { month.year * 12 + month.month - 1 }

  mutating func randomMonth() -> YearMonth {
    let months = spec.years * 12
    return (try? spec.firstDay.yearMonth.adding(months: random.below(months))) ?? spec.firstDay.yearMonth
  }

  mutating func randomDate() -> CivilDate {
    (try? spec.firstDay.adding(days: random.below(spec.firstDay.days(until: DatasetSpec.today) + 1))) ?? spec.firstDay
  }

  /// Walks every account's log from the newest row to the first, page by page, timing each
  /// page and keeping every cursor (the only way to get cursors: `LogCursor` has no public
  /// initializer).
  func walkLogs() throws -> (cursors: [[LogCursor]], walk: PagingWalk) {
    var cursors: [[LogCursor]] = []
    var times: [Double] = []
    for account in world.accounts {
      var pool: [LogCursor] = []
      var before: LogCursor?
      repeat {
        let start = ContinuousClock.now
        let page = try ledger.transactionLog(account: account.id, before: before, limit: 50).value
        times.append(Stopwatch.seconds(ContinuousClock.now - start))
        before = page.olderCursor
        if let before { pool.append(before) }
      } while before != nil
      cursors.append(pool)
    }
    return (cursors, PagingWalk(pages: times.count, latency: LatencyStats(seconds: times)))
  }

  /// Times `body` over `parameters` (after `warmUp` untimed calls); returns the latencies and
  /// the digests of the first 20 answers.
  func measure(_ parameters: [QueryParameter], warmUp: Int = 50, _ body: (QueryParameter) throws -> String) throws -> (LatencyStats, [String]) {
    for parameter in parameters.prefix(warmUp) { _ = try body(parameter) }
    var times: [Double] = []
    times.reserveCapacity(parameters.count)
    var digests: [String] = []
    for parameter in parameters {
      let start = ContinuousClock.now
      let digest = try body(parameter)
      times.append(Stopwatch.seconds(ContinuousClock.now - start))
      if digests.count < 20 { digests.append(digest) }
    }
    return (LatencyStats(seconds: times), digests)
  }

  /// Search words: 50 % a payee word (thousands of hits), 35 % any vocabulary word (from
  /// none to thousands of hits), 15 % a three-letter prefix.
  mutating func searchWord() -> String {
    let u = random.unit()
    if u < 0.5 {
      let category = world.categories[random.below(world.categories.count)]
      let payee = category.payees[random.below(category.payees.count)]
      return String(payee.split(separator: " ")[0]).lowercased()
    }
    let word = world.vocabulary[random.below(world.vocabulary.count)]
    return u < 0.85 ? word : String(word.prefix(3))
  }

  /// Runs every query case; returns them with the SQLite parameter file's lines.
  mutating func run(cursors: [[LogCursor]]) throws -> (cases: [QueryCase], sqliteLines: [String], ourDigests: [String: [String]]) {
    let currency = Currency.eur
    var cases: [QueryCase] = []
    var lines: [String] = []
    var digests: [String: [String]] = [:]
    let head = ledger.position

    let months = (0..<count).map { _ in QueryParameter.month(randomMonth()) }
    for case .month(let month) in months {
      let next = try month.next
      lines.append("budget\t\(month.firstDay.daysSinceEpoch)\t\(next.firstDay.daysSinceEpoch)\t\(Self.monthIndex(month))")
    }
    func budgetDigest(_ report: BudgetMonthReport) -> String {
      let budgeted = report.lines.reduce(Int64(0)) { $0 + $1.assigned.units }
      let spent = report.lines.reduce(Int64(0)) { $0 + $1.actual.units }
      return "\(budgeted)/\(spent)/\(report.lines.count)"
    }
    progress("  budget sheet (Ledger.budgetSheet) × \(count)")
    var (stats, checks) = try measure(months) { parameter in
      guard case .month(let month) = parameter else { return "" }
      return budgetDigest(try ledger.budgetSheet(month).value.report)
    }
    cases.append(QueryCase(id: "budget-sheet", title: "budget sheet for a month (Ledger.budgetSheet)", ours: stats, targetMs: 0.5, sqliteKind: "budget",
                           notes: ["summary + per-category report + available funds; SQLite answers only the per-category part"]))
    digests["budget-sheet"] = checks
    progress("  budget vs actual (BudgetQueries.month) × \(count)")
    (stats, checks) = try measure(months) { parameter in
      guard case .month(let month) = parameter else { return "" }
      return budgetDigest(try ledger.query { reader, position in try BudgetQueries(reader).month(month, currency: currency, asKnownAt: position) }.value)
    }
    cases.append(QueryCase(id: "budget-month", title: "budget vs actual for a month (BudgetQueries.month)", ours: stats, targetMs: 0.5, sqliteKind: "budget"))
    digests["budget-month"] = checks

    progress("  category totals for a month × \(count)")
    let totalsMonths = (0..<count).map { _ in QueryParameter.month(randomMonth()) }
    for case .month(let month) in totalsMonths {
      lines.append("totals\t\(month.firstDay.daysSinceEpoch)\t\(try month.next.firstDay.daysSinceEpoch)")
    }
    (stats, checks) = try measure(totalsMonths) { parameter in
      guard case .month(let month) = parameter else { return "" }
      let rows = try ledger.categoryTotals(.month(month)).value.rows.filter { $0.spent.currency == currency }
      return "\(rows.reduce(Int64(0)) { $0 + $1.spent.units })/\(rows.reduce(Int64(0)) { $0 + $1.received.units })/\(rows.reduce(0) { $0 + $1.count })"
    }
    cases.append(QueryCase(id: "category-totals", title: "category totals for a month", ours: stats, targetMs: nil, sqliteKind: "totals"))
    digests["category-totals"] = checks

    progress("  log page of 50 with running balances × \(count)")
    var pages: [QueryParameter] = []
    for _ in 0..<count {
      let account = random.below(world.accounts.count)
      let pool = cursors[account]
      guard !pool.isEmpty else { continue }
      pages.append(.page(account: account, cursor: pool[random.below(pool.count)]))
    }
    for case .page(let account, let cursor) in pages {
      lines.append("page\t\(account + 1)\t\(cursor.date.daysSinceEpoch)\t\(Self.hex(cursor.id))")
    }
    (stats, checks) = try measure(pages) { parameter in
      guard case .page(let account, let cursor) = parameter else { return "" }
      let page = try ledger.transactionLog(account: world.accounts[account].id, before: cursor, limit: 50).value
      var hash = FNV()
      for row in page.rows {
        hash.add(Self.bytes(row.id))
        hash.add(row.balance.units)
      }
      return "\(page.rows.count)/\(hash.hex)"
    }
    cases.append(QueryCase(id: "log-page", title: "log page of 50 with running balances", ours: stats, targetMs: 1, sqliteKind: "page-window",
                           notes: ["random cursors from a walk of every account's log; SQLite: window function (page-sum variant in the notes)"]))
    digests["log-page"] = checks

    progress("  balance on a date × \(count)")
    let balances = (0..<count).map { _ in QueryParameter.balance(account: random.below(world.accounts.count), date: randomDate()) }
    for case .balance(let account, let date) in balances { lines.append("balance\t\(account + 1)\t\(date.daysSinceEpoch)") }
    (stats, checks) = try measure(balances) { parameter in
      guard case .balance(let account, let date) = parameter else { return "" }
      let money = try ledger.query { reader, position in
        try BalanceQueries(reader).balance(of: world.accounts[account].id, on: date, currency: currency, asKnownAt: position)
      }.value
      return "\(money.units)"
    }
    cases.append(QueryCase(id: "balance", title: "balance of an account on a date", ours: stats, targetMs: 0.5, sqliteKind: "balance"))
    digests["balance"] = checks

    progress("  as-known-at budget sheet × \(count)")
    let known = (0..<count).map { _ in QueryParameter.asKnownAt(randomMonth(), position: 1 + random.next(upperBound: head)) }
    (stats, _) = try measure(known) { parameter in
      guard case .asKnownAt(let month, let position) = parameter else { return "" }
      return budgetDigest(try ledger.budgetSheet(month, at: .position(position)).value.report)
    }
    cases.append(QueryCase(id: "as-known-at", title: "budget sheet as known at a random position", ours: stats, targetMs: 5, sqliteKind: nil,
                           notes: ["no SQLite equivalent: the seed schema keeps no history"]))

    progress("  full-text search page × \(count)")
    let words = (0..<count).map { _ in QueryParameter.search(searchWord()) }
    for case .search(let word) in words { lines.append("search\t\(word)") }
    (stats, checks) = try measure(words) { parameter in
      guard case .search(let word) = parameter else { return "" }
      let page = try ledger.transactions(.text(word), limit: 50).value
      var hash = FNV()
      for row in page.rows { hash.add(Self.bytes(row.id.raw)) }
      return "\(page.rows.count)/\(hash.hex)"
    }
    cases.append(QueryCase(id: "search", title: "full-text search, first page of 50", ours: stats, targetMs: nil, sqliteKind: "search",
                           notes: ["SQLite: LIKE '% word%' on ' ' || name || ' ' || description, newest first"]))
    digests["search"] = checks
    return (cases, lines, digests)
  }
}
