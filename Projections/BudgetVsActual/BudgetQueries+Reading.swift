import EventLog
import LedgerDomain
import ProjectionEngine
import SharedRows

/// A category's rollover settings in month order: (month it applies from, flags).
typealias RolloverHistory = [(month: UInt32, flags: RolloverFlags)]

extension BudgetQueries {
  /// Units assigned to each category in `month`: its month-span budget and moves of the
  /// month, plus the month's part of quarter-span budgets set in it or the two months before.
  func assignedBudgets(in month: YearMonth, currency: Currency, _ at: UInt64) throws -> [CategoryID: Int64] {
    let index = KeyPart.month(month)
    let zeros = [UInt8](repeating: 0, count: 16)
    var assigned: [CategoryID: Int64] = [:]
    try reader.scan(
      name, "budgets", from: KeyPart.u32(index - min(index, 2)) + zeros, to: KeyPart.u32(index + 1) + zeros,
      asKnownAt: at
    ) { key, value in
      guard let row = BudgetRow(value), row.currency == currency.code else { return .continue }
      let category = CategoryID(raw: KeyPart.id(key, at: 4))
      let units = row.units(monthsAfter: Int(index - KeyPart.u32(key, at: 0)), currency: currency)
      if row.span == .quarter || KeyPart.u32(key, at: 0) == index {
        assigned[category] = try Self.sum(assigned[category] ?? 0, units, currency)
      }
      return .continue
    }
    return assigned
  }

  /// The same for one category, by point reads (for rollover chains).
  func assignedUnits(of category: CategoryID, in index: UInt32, currency: Currency, _ at: UInt64) throws -> Int64 {
    var total: Int64 = 0
    for offset in 0...min(index, 2) {
      guard
        let value = try reader.value(name, "budgets", key: BudgetKeys.budget(index - offset, category), asKnownAt: at),
        let row = BudgetRow(value), row.currency == currency.code
      else { continue }
      total = try Self.sum(total, row.units(monthsAfter: Int(offset), currency: currency), currency)
    }
    return total
  }

  /// Actual units per category in `month`, in `currency`: spent less received, so that a
  /// refund booked to an expense category lowers its actual (negative when refunds outweigh
  /// the month's spending).
  func spending(in month: YearMonth, currency: Currency, _ at: UInt64) throws -> [CategoryID: Int64] {
    let prefix = KeyPart.u32(KeyPart.month(month)) + KeyPart.currency(currency.code)
    var spent: [CategoryID: Int64] = [:]
    try reader.scan(
      name, "actuals", from: prefix + [UInt8](repeating: 0, count: 16),
      to: prefix + [UInt8](repeating: 0xFF, count: 16), asKnownAt: at
    ) { key, value in
      if let totals = Totals(value), totals.netSpent != 0 {
        spent[CategoryID(raw: KeyPart.id(key, at: 7))] = totals.netSpent
      }
      return .continue
    }
    return spent
  }

  /// Every category's rollover settings, each in month order.
  func rolloverSettings(_ at: UInt64) throws -> [CategoryID: RolloverHistory] {
    var settings: [CategoryID: RolloverHistory] = [:]
    try reader.scan(
      name, "rollover", from: [UInt8](repeating: 0, count: 20), to: [UInt8](repeating: 0xFF, count: 20), asKnownAt: at
    ) { key, value in
      settings[CategoryID(raw: KeyPart.id(key, at: 0)), default: []].append(
        (KeyPart.u32(key, at: 16), RolloverFlags(value.first ?? 0)))
      return .continue
    }
    return settings
  }

  /// The setting in force in `month`, if rollover is on.
  func setting(in month: YearMonth, _ history: RolloverHistory) -> RolloverSetting? {
    guard let current = history.last(where: { $0.month <= KeyPart.month(month) }), current.flags.isOn,
      let since = KeyPart.month(index: current.month)
    else { return nil }
    return RolloverSetting(
      carryUnspent: current.flags.carryUnspent, carryOverspent: current.flags.carryOverspent, since: since)
  }

  /// What rollover carries into `month`: month by month from the month rollover was last
  /// switched on (carrying nothing into it), each month's leftover (budget plus carry minus
  /// spending net of refunds) carried by the setting in force that month.
  func carry(
    into month: YearMonth, of category: CategoryID, history: RolloverHistory, currency: Currency, _ at: UInt64
  ) throws -> Int64 {
    let target = KeyPart.month(month)
    var start: UInt32?
    for setting in history where setting.month < target {
      if !setting.flags.isOn {
        start = nil
      } else if start == nil {
        start = setting.month
      }
    }
    guard let start else { return 0 }
    var carry: Int64 = 0
    var flags = RolloverFlags(0)
    var next = 0
    for index in start..<target {
      while next < history.count, history[next].month <= index {
        flags = history[next].flags
        next += 1
      }
      let available = try Self.sum(try assignedUnits(of: category, in: index, currency: currency, at), carry, currency)
      let spent =
        try reader.value(name, "actuals", key: BudgetKeys.actual(index, currency.code, category), asKnownAt: at)
        .flatMap(Totals.init)?.netSpent ?? 0
      carry = flags.carry(
        try (Money(units: available, currency: currency) - Money(units: spent, currency: currency)).units)
    }
    return carry
  }

  /// Planned income of `year` for the months in `months` (0 = the yearly amounts), in
  /// `currency`; each counted whole. Yearly first, then by month, then by source.
  func income(year: Int, months: ClosedRange<Int>, currency: Currency, _ at: UInt64) throws -> [PlannedIncome] {
    let zeros = [UInt8](repeating: 0, count: 8)
    var sources: [PlannedIncome] = []
    try reader.scan(
      name, "income", from: KeyPart.u32(UInt32(year)) + [UInt8(months.lowerBound)] + zeros,
      to: KeyPart.u32(UInt32(year)) + [UInt8(months.upperBound + 1)] + zeros, asKnownAt: at
    ) { key, value in
      // A source planned at zero (undone, or cleared) is no plan.
      guard let row = IncomeRow(value), row.currency == currency.code, row.amount != 0 else { return .continue }
      let amount = Money(units: row.amount, currency: currency)
      let month = key[4] == 0 ? nil : try YearMonth(year: year, month: Int(key[4]))
      sources.append(PlannedIncome(source: row.source, month: month, amount: amount, counted: amount))
      return .continue
    }
    return sources.sorted { ($0.month.map { $0.month } ?? 0, $0.source) < ($1.month.map { $0.month } ?? 0, $1.source) }
  }

  /// Due dates from `first` through `last`, of categories that are not archived. Pass
  /// `categories` if they were read already, as known at `at`.
  func dueDates(
    from first: CivilDate, through last: CivilDate, categories known: [CategoryID: CategoryRow]? = nil, _ at: UInt64
  ) throws -> [DueDate] {
    let categories = try known ?? CategoryRow.all(reader, projector: name, table: "categories", asKnownAt: at)
    var dates: [DueDate] = []
    try reader.scan(
      name, "due", from: [UInt8](repeating: 0, count: 16), to: [UInt8](repeating: 0xFF, count: 16), asKnownAt: at
    ) { key, value in
      var row = RowReader(value)
      let category = CategoryID(raw: KeyPart.id(key, at: 0))
      guard let day = row.int(), let date = try? CivilDate(daysSinceEpoch: Int(day)), first <= date, date <= last,
        let record = categories[category], !record.archived
      else { return .continue }
      dates.append(DueDate(category: category, name: record.name, date: date))
      return .continue
    }
    return dates.sorted { ($0.date, $0.name, $0.category) < ($1.date, $1.name, $1.category) }
  }

  /// `a + b`, throwing on overflow.
  static func sum(_ a: Int64, _ b: Int64, _ currency: Currency) throws -> Int64 {
    try (Money(units: a, currency: currency) + Money(units: b, currency: currency)).units
  }
}
