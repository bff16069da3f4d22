import LedgerDomain
import ProjectionEngine
import QueryResults
import SharedRows

extension NotificationsProjector {
  /// Changes `category`'s row of `month` (an empty one if it has none yet).
  static func change<Store: ProjectionStore>(
    _ category: CategoryID, _ month: UInt32, in store: inout Store, at position: UInt64,
    _ body: (inout BudgetMonthRow) -> Void
  ) throws {
    let key = NotificationKeys.month(category, month)
    var row = try store.value(in: "months", key: key).flatMap(BudgetMonthRow.init) ?? BudgetMonthRow()
    body(&row)
    try store.put(in: "months", key: key, value: row.encoded, at: position)
  }

  /// Records `category`'s rollover setting from `month` on.
  static func setRollover<Store: ProjectionStore>(
    _ category: CategoryID, _ flags: RolloverFlags, from month: UInt32, in store: inout Store, at position: UInt64
  ) throws {
    let key = NotificationKeys.category(category)
    var months =
      try store.value(in: "categories", key: key).flatMap(CategoryMonths.init)
      ?? CategoryMonths(first: month, last: month)
    months.set(flags, from: month)
    try store.put(in: "categories", key: key, value: months.encoded, at: position)
  }

  /// Works out, from `start` on, what each of `category`'s months has to spend — its budget
  /// (a quarter's share where the budget was set for a quarter), moved money and what
  /// rollover carried in from the month before — and which thresholds its spending has
  /// reached: a threshold newly reached is a notice caused by `cause` at `position`, one no
  /// longer reached is taken back. Carries on month by month while the carry into the next
  /// month changes (a month's leftover moves every later one's), through the two months after
  /// `start` (which share a quarter's budget set in it), and to the last month held when
  /// `everyMonth` (a rollover setting changes what each later row holds).
  static func evaluate<Store: ProjectionStore>(
    _ category: CategoryID, from start: UInt32, cause: TransactionID?, in store: inout Store, at position: UInt64,
    everyMonth: Bool = false
  ) throws {
    let headerKey = NotificationKeys.category(category)
    let stored = try store.value(in: "categories", key: headerKey).flatMap(CategoryMonths.init)
    var months = stored ?? CategoryMonths(first: start, last: start)
    // Rows are held for every month from the first to the last, so that the carry into a
    // month is always the one before's; a month past the last is reached from the last.
    var month = min(start, months.last)
    months.first = min(months.first, start)
    months.last = max(months.last, start)
    if months != stored { try store.put(in: "categories", key: headerKey, value: months.encoded, at: position) }

    let currency = try baseCurrency(in: store)
    var carry =
      month == months.first
      ? 0
      : try store.value(in: "months", key: NotificationKeys.month(category, month)).flatMap(BudgetMonthRow.init)?
        .carriedIn ?? 0
    while month <= months.last {
      let key = NotificationKeys.month(category, month)
      let stored = try store.value(in: "months", key: key).flatMap(BudgetMonthRow.init)
      if !everyMonth, month > start + 2, let stored, stored.carriedIn == carry { break }
      var row = stored ?? BudgetMonthRow()
      row.carriedIn = carry
      row.rollover = months.flags(in: month)
      row.quarterShares = try quarterShares(category, in: month, currency: currency, store: store)
      let available = row.available(in: currency)
      let reached = Self.reached(net: row.net, of: available)
      if reached != row.reached {
        try notify(
          category, month, from: row.reached, to: reached, crossings: &row.crossings, cause: cause, in: &store,
          at: position)
        row.reached = reached
      }
      if row != stored { try store.put(in: "months", key: key, value: row.encoded, at: position) }
      carry = row.rollover.carry(available &- row.net)
      month += 1
    }
  }

  /// Adds `units` spent (an expense) or got back to `category`'s `month`: where the month
  /// has a row and no rollover, that row alone is read and written; else the months are
  /// worked out from there (``evaluate(_:from:cause:in:at:everyMonth:)``).
  static func post<Store: ProjectionStore>(
    _ units: Int64, expense: Bool, to category: CategoryID, in month: UInt32, currency: Currency, cause: TransactionID?,
    into store: inout Store, at position: UInt64
  ) throws {
    let key = NotificationKeys.month(category, month)
    let row = try store.value(in: "months", key: key).flatMap(BudgetMonthRow.init)
    if var quiet = row, !quiet.rollover.isOn {
      if expense { quiet.spent &+= units } else { quiet.received &+= units }
      let reached = Self.reached(net: quiet.net, of: quiet.available(in: currency))
      if reached != quiet.reached {
        try notify(
          category, month, from: quiet.reached, to: reached, crossings: &quiet.crossings, cause: cause, in: &store,
          at: position)
        quiet.reached = reached
      }
      return try store.put(in: "months", key: key, value: quiet.encoded, at: position)
    }
    var changed = row ?? BudgetMonthRow()
    if expense { changed.spent &+= units } else { changed.received &+= units }
    try store.put(in: "months", key: key, value: changed.encoded, at: position)
    try evaluate(category, from: month, cause: cause, in: &store, at: position)
  }

  /// The ledger's base currency (euros until the ledger is created).
  static func baseCurrency<Store: ProjectionStore>(in store: Store) throws -> Currency {
    guard let code = try store.value(in: "settings", key: NotificationKeys.settings) else { return .eur }
    return (try? Currency(code: String(decoding: code, as: UTF8.self))) ?? .eur
  }

  /// The shares of `month`'s budget from quarter budgets set one or two months before.
  static func quarterShares<Store: ProjectionStore>(
    _ category: CategoryID, in month: UInt32, currency: Currency, store: Store
  ) throws -> Int64 {
    var total: Int64 = 0
    for offset in 1...2 where month >= UInt32(offset) {
      let key = NotificationKeys.month(category, month - UInt32(offset))
      guard let earlier = try store.value(in: "months", key: key).flatMap(BudgetMonthRow.init)?.budget,
        earlier.span == .quarter
      else { continue }
      total &+= earlier.units(monthsAfter: offset, currency: currency)
    }
    return total
  }

  /// The thresholds `net` spending reaches of `available`, a bit each: as the budget sheet
  /// counts them (the share used in basis points, truncated), and none where nothing (or
  /// less) is there to spend.
  static func reached(net: Int64, of available: Int64) -> UInt8 {
    guard available > 0, net > 0 else { return 0 }
    let used = net.multipliedReportingOverflow(by: 10_000).partialValue / available
    var bits: UInt8 = 0
    if used >= 7_500 { bits |= 1 << BudgetThreshold.percent75.rawValue }
    if used >= 9_000 { bits |= 1 << BudgetThreshold.percent90.rawValue }
    if used >= 10_000 { bits |= 1 << BudgetThreshold.percent100.rawValue }
    if net > available { bits |= 1 << BudgetThreshold.overspent.rawValue }
    return bits
  }

  /// Writes a notice for each threshold newly reached, and takes back each no longer reached.
  static func notify<Store: ProjectionStore>(
    _ category: CategoryID, _ month: UInt32, from old: UInt8, to new: UInt8, crossings: inout UInt64,
    cause: TransactionID?, in store: inout Store, at position: UInt64
  ) throws {
    for threshold in BudgetThreshold.allCases {
      let bit: UInt8 = 1 << threshold.rawValue
      let key = NotificationKeys.alert(category, month, threshold)
      if new & bit != 0, old & bit == 0 {
        let shift = UInt64(threshold.rawValue) * 16
        let crossing = (crossings >> shift & 0xFFFF) &+ 1
        crossings = crossings & ~(0xFFFF << shift) | (crossing & 0xFFFF) << shift
        var row = RowWriter(capacity: 33)
        row.word(position)
        row.byte(cause == nil ? 0 : 1)
        row.id(cause?.raw ?? EntityID(high: 0, low: 0))
        row.word(crossing)
        try store.put(in: "alerts", key: key, value: row.bytes, at: position)
      } else if new & bit == 0, old & bit != 0 {
        try store.delete(in: "alerts", key: key, at: position)
      }
    }
  }
}
