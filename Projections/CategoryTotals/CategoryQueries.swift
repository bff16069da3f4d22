import EventLog
import LedgerDomain
import ProjectionEngine
import SharedRows

/// Questions answered by the category-totals tables. Every answer is as known at a log
/// position (`asKnownAt`, default now) and says which position that was.
public struct CategoryQueries {
  let reader: ProjectionReader
  let name = CategoryTotalsProjector.name

  public init(_ reader: ProjectionReader) { self.reader = reader }

  /// Every category (including archived ones), in sort order.
  public func categories(asKnownAt: UInt64 = .max) throws -> CategoryList {
    let at = position(asKnownAt)
    let records = try categoryRecords(at)
    let infos = records.map { id, record in
      CategoryInfo(
        category: id, name: record.name, kind: record.kind, budgetType: record.budgetType, parent: record.parent,
        archived: record.archived, sortOrder: record.sortOrder, icon: record.icon, color: record.color)
    }
    return CategoryList(
      categories: infos.sorted { ($0.sortOrder, $0.name, $0.category) < ($1.sortOrder, $1.name, $1.category) },
      asKnownAt: at)
  }

  /// Spent and received per category in `month`.
  public func month(_ month: YearMonth, asKnownAt: UInt64 = .max) throws -> CategoryTotalsReport {
    try totals(.month(month), asKnownAt: asKnownAt)
  }

  /// Spent less received per category in `month`, in `currency` only: the stored rows with no
  /// names, roll-ups or order — for a caller that sums months (a savings goal's progress), where
  /// ``month(_:asKnownAt:)``'s report would be read and sorted once per month.
  public func nets(_ month: YearMonth, currency: Currency, asKnownAt: UInt64 = .max) throws -> [CategoryID: Int64] {
    let range = TotalsKeys.range(of: .month(month))
    let prefix = range.lower.count - 19
    let code = currency.code
    var nets: [CategoryID: Int64] = [:]
    try reader.scan(name, range.table, from: range.lower, to: range.upper, asKnownAt: position(asKnownAt)) {
      key, value in
      guard let totals = Totals(value), KeyPart.currency(key, at: prefix) == code else { return .continue }
      nets[CategoryID(raw: KeyPart.id(key, at: prefix + 3)), default: 0] &+= totals.spent &- totals.received
      return .continue
    }
    return nets
  }

  /// Spent and received per category in calendar `year`.
  public func year(_ year: Int, asKnownAt: UInt64 = .max) throws -> CategoryTotalsReport {
    try totals(.year(year), asKnownAt: asKnownAt)
  }

  /// Spent and received per category by the transactions of expense `period`.
  public func period(_ period: PeriodID, asKnownAt: UInt64 = .max) throws -> CategoryTotalsReport {
    try totals(.period(period), asKnownAt: asKnownAt)
  }

  /// Spent and received per category in `scope`: one range scan.
  public func totals(_ scope: TotalsScope, asKnownAt: UInt64 = .max) throws -> CategoryTotalsReport {
    let at = position(asKnownAt)
    return try report(scope, own: try ownTotals(scope, at), rolledUp: false, at: at)
  }

  /// Parent-group roll-ups for `scope`: a row for every category with anything booked to it
  /// or to a descendant, holding its own totals plus all its descendants'.
  public func rolledUp(_ scope: TotalsScope, asKnownAt: UInt64 = .max) throws -> CategoryTotalsReport {
    let at = position(asKnownAt)
    return try report(scope, own: try ownTotals(scope, at), rolledUp: true, at: at)
  }

  /// The report for `scope` from `sums` worked out from its transactions (an expense period's,
  /// by their dates), with the names, roll-ups and order of the stored scopes.
  public func report(
    _ scope: TotalsScope, sums: CategorySums, rolledUp: Bool, asKnownAt: UInt64 = .max
  ) throws -> CategoryTotalsReport {
    try report(scope, own: sums.rows, rolledUp: rolledUp, at: position(asKnownAt))
  }

  private func report(
    _ scope: TotalsScope, own: [RowKey: Sums], rolledUp: Bool, at: UInt64
  ) throws -> CategoryTotalsReport {
    let records = try categoryRecords(at)
    guard rolledUp else {
      let rows = own.map { key, sums in row(key, sums, records) }
      return CategoryTotalsReport(scope: scope, rolledUp: false, rows: sorted(rows, records), asKnownAt: at)
    }
    var groups: [RowKey: Sums] = [:]
    for (key, sums) in own {
      for category in [key.category] + ancestors(of: key.category, records) {
        let groupKey = RowKey(category: category, currency: key.currency)
        groups[groupKey] = try groups[groupKey].map { try $0.adding(sums) } ?? sums
      }
    }
    let rows = groups.map { key, sums in row(key, sums, records) }
    return CategoryTotalsReport(scope: scope, rolledUp: true, rows: sorted(rows, records), asKnownAt: at)
  }

  /// The `limit` categories that spent most in `scope` (a month or a year, typically) in
  /// `currency`, net of refunds, most first; ties by name. Income categories are not
  /// spending. With `rolledUp`, groups include their children.
  public func topSpending(
    _ scope: TotalsScope, currency: Currency, limit: Int, rolledUp: Bool = false, asKnownAt: UInt64 = .max
  ) throws -> CategoryTotalsReport {
    var report = rolledUp ? try self.rolledUp(scope, asKnownAt: asKnownAt) : try totals(scope, asKnownAt: asKnownAt)
    report.rows = Array(
      report.rows.filter { $0.spent.currency == currency && $0.kind != .income && $0.netSpending.isPositive }
        .sorted {
          ($1.netSpending.units, $0.name, $0.category) < ($0.netSpending.units, $1.name, $1.category)
        }
        .prefix(max(limit, 0)))
    return report
  }

  /// Each expense category's spending, net of refunds, over the `months` months ending with
  /// `endingAt` (inclusive) and its average per month; a month without spending counts as
  /// zero, and a category whose refunds outweigh its spending is left out.
  public func averageMonthlySpending(
    months: Int, endingAt: YearMonth, asKnownAt: UInt64 = .max
  ) throws -> AverageSpendingReport {
    let at = position(asKnownAt)
    let records = try categoryRecords(at)
    let count = max(months, 1)
    let first = try endingAt.adding(months: 1 - count)
    let range = TotalsKeys.range(months: first, through: endingAt)
    var spent: [RowKey: Money] = [:]
    try reader.scan(name, "month", from: range.lower, to: range.upper, asKnownAt: at) { key, value in
      guard let totals = Totals(value), totals.spent != totals.received else { return .continue }
      let rowKey = RowKey(category: CategoryID(raw: KeyPart.id(key, at: 7)), currency: KeyPart.currency(key, at: 4))
      guard records[rowKey.category]?.kind != .income else { return .continue }
      let amount = Money(units: totals.spent &- totals.received, currency: try Currency(code: rowKey.currency))
      spent[rowKey] = try spent[rowKey].map { try $0 + amount } ?? amount
      return .continue
    }
    var rows: [CategoryAverage] = []
    for (key, total) in spent where total.isPositive {
      let record = records[key.category]
      rows.append(
        CategoryAverage(
          category: key.category, name: record?.name ?? "", parent: record?.parent, total: total,
          average: try total.divided(by: Int64(count), rounding: .toNearestOrEven)))
    }
    rows.sort {
      ($0.total.currency.code, records[$0.category]?.sortOrder ?? .max, $0.name, $0.category)
        < ($1.total.currency.code, records[$1.category]?.sortOrder ?? .max, $1.name, $1.category)
    }
    return AverageSpendingReport(endingAt: endingAt, months: count, rows: rows, asKnownAt: at)
  }

  /// How many transactions post to each category over all time — the year rows added up, so
  /// a split counts once per category it books, as the rules count them — as known at
  /// `asKnownAt`. A category no transaction posts to is absent.
  public func transactionCounts(asKnownAt: UInt64 = .max) throws -> [CategoryID: Int] {
    let at = position(asKnownAt)
    var counts: [CategoryID: Int] = [:]
    // Every year row: year (4) ‖ currency (3) ‖ category (16).
    let lower = [UInt8](repeating: 0, count: TotalsKeys.yearSize)
    let upper = [UInt8](repeating: 0xFF, count: TotalsKeys.yearSize)
    try reader.scan(name, "year", from: lower, to: upper, asKnownAt: at) { key, value in
      guard let totals = Totals(value), totals.count != 0 else { return .continue }
      counts[CategoryID(raw: KeyPart.id(key, at: 7)), default: 0] += Int(totals.count)
      return .continue
    }
    return counts.filter { $0.value != 0 }
  }

  // MARK: Helpers

  /// The position an answer reflects: `asKnownAt`, or the head when that is later.
  func position(_ asKnownAt: UInt64) -> UInt64 { min(asKnownAt, reader.head.position) }

  func categoryRecords(_ at: UInt64) throws -> [CategoryID: CategoryRow] {
    try CategoryRow.all(reader, projector: name, table: "categories", asKnownAt: at)
  }

  /// The rows of `scope`, by category and currency.
  func ownTotals(_ scope: TotalsScope, _ at: UInt64) throws -> [RowKey: Sums] {
    let range = TotalsKeys.range(of: scope)
    let prefix = range.lower.count - 19
    var result: [RowKey: Sums] = [:]
    try reader.scan(name, range.table, from: range.lower, to: range.upper, asKnownAt: at) { key, value in
      guard let totals = Totals(value) else { return .continue }
      let rowKey = RowKey(
        category: CategoryID(raw: KeyPart.id(key, at: prefix + 3)), currency: KeyPart.currency(key, at: prefix))
      let currency = try Currency(code: rowKey.currency)
      result[rowKey] = Sums(
        spent: Money(units: totals.spent, currency: currency),
        received: Money(units: totals.received, currency: currency),
        count: Int(totals.count))
      return .continue
    }
    return result
  }

  /// The parent, grandparent, … of `category`; stops at a cycle.
  func ancestors(of category: CategoryID, _ records: [CategoryID: CategoryRow]) -> [CategoryID] {
    var chain: [CategoryID] = []
    var seen: Set<CategoryID> = [category]
    var current = records[category]?.parent
    while let parent = current, seen.insert(parent).inserted {
      chain.append(parent)
      current = records[parent]?.parent
    }
    return chain
  }

  func row(_ key: RowKey, _ sums: Sums, _ records: [CategoryID: CategoryRow]) -> CategoryTotal {
    let record = records[key.category]
    return CategoryTotal(
      category: key.category, name: record?.name ?? "", parent: record?.parent, kind: record?.kind, spent: sums.spent,
      received: sums.received, count: sums.count)
  }

  /// By currency, then sort order (unknown categories last), name and id.
  func sorted(_ rows: [CategoryTotal], _ records: [CategoryID: CategoryRow]) -> [CategoryTotal] {
    rows.sorted {
      ($0.spent.currency.code, records[$0.category]?.sortOrder ?? .max, $0.name, $0.category)
        < ($1.spent.currency.code, records[$1.category]?.sortOrder ?? .max, $1.name, $1.category)
    }
  }
}

/// A row's category and currency.
struct RowKey: Hashable {
  var category: CategoryID
  var currency: String
}

/// Checked sums of rows in one currency.
struct Sums {
  var spent: Money
  var received: Money
  var count: Int

  func adding(_ other: Sums) throws -> Sums {
    Sums(spent: try spent + other.spent, received: try received + other.received, count: count + other.count)
  }
}
