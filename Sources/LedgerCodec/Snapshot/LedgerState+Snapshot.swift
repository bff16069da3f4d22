import LedgerDomain

extension LedgerState {
  /// The version of ``snapshotPayload()``'s form. A stored snapshot of another version is not
  /// read: the state is folded from the log and stored again (as a read model of another
  /// code version is re-projected). Raise it whenever the state or its encoding changes.
  public static let snapshotVersion: UInt16 = 5

  /// Everything in the state but its transactions (which the ledger stores one row each), in
  /// a compact binary form — the same bytes for equal states: dictionaries are written in
  /// key order.
  public func snapshotPayload() throws(CodecError) -> [UInt8] {
    var out = SnapshotWriter(capacity: 1024 + 256 * (accounts.count + categories.count))
    out.bool(settings != nil)
    if let settings { try out.payload(settings) }
    out.count(accounts.count)
    for (id, account) in accounts.sorted(by: { $0.key < $1.key }) {
      out.id(id)
      out.string(account.name)
      out.string(account.type.rawValue)
      out.string(account.currency.code)
      out.optionalMoney(account.openingBalance)
      out.date(account.openingDate)
      out.string(account.role.rawValue)
      out.bool(account.isClosed)
      out.count(account.transactionDays.count)
      for (day, count) in account.transactionDays {
        out.date(day)
        out.count(count)
      }
      out.varint(account.version)
    }
    out.count(categories.count)
    for (id, category) in categories.sorted(by: { $0.key < $1.key }) {
      out.id(id)
      try out.category(category)
    }
    out.count(periods.count)
    for (id, period) in periods.sorted(by: { $0.key < $1.key }) {
      out.id(id)
      out.string(period.name)
      out.date(period.start)
      out.optionalDate(period.end)
      out.bool(period.isClosed)
      out.varint(period.version)
    }
    out.count(budgets.count)
    for (month, records) in budgets.sorted(by: { $0.key < $1.key }) {
      out.month(month)
      out.count(records.count)
      for (category, record) in records.sorted(by: { $0.key < $1.key }) {
        out.id(category)
        out.money(record.set)
        out.money(record.moved)
        out.string(record.span.rawValue)
      }
    }
    out.count(plannedIncome.count)
    for (key, amount) in plannedIncome.sorted(by: {
      ($0.key.year, $0.key.month, $0.key.source) < ($1.key.year, $1.key.month, $1.key.source)
    }) {
      out.int(key.year)
      out.int(key.month)
      out.string(key.source)
      out.money(amount)
    }
    out.count(transferRecords.count)
    for (_, transfer) in transferRecords.sorted(by: { $0.key < $1.key }) { try out.payload(transfer) }
    out.count(cancelledTransfers.count)
    for id in cancelledTransfers.sorted() { out.id(id) }
    out.varint(eventCount)
    out.signed(turnover)
    out.count(deletedImports)
    out.count(schedules.count)
    for (id, record) in schedules.sorted(by: { $0.key < $1.key }) { out.schedule(id, record) }
    out.count(debts.count)
    for (id, record) in debts.sorted(by: { $0.key < $1.key }) { out.debt(id, record) }
    out.count(goals.count)
    for (id, record) in goals.sorted(by: { $0.key < $1.key }) { try out.goal(id, record) }
    return out.bytes
  }

  /// The state ``snapshotPayload()`` wrote, with `transactions` as its table of transactions.
  public init(snapshotPayload bytes: [UInt8], transactions: TransactionTable) throws(CodecError) {
    self.init()
    self.transactions = transactions
    var input = SnapshotReader(bytes)
    if try input.bool() { settings = try input.payload(LedgerCreated.self) }
    for _ in 0..<(try input.count()) {
      let id: AccountID = try input.id()
      var account = AccountRecord(
        name: try input.string(), type: try input.raw(AccountType.self),
        currency: try input.currency(), openingBalance: try input.optionalMoney(),
        openingDate: try input.date(), role: try input.raw(AccountRole.self))
      account.isClosed = try input.bool()
      let dayCount = try input.count()
      account.transactionDays.reserveCapacity(dayCount)
      for _ in 0..<dayCount { account.transactionDays[try input.date()] = try input.count() }
      account.version = try input.varint()
      accounts[id] = account
    }
    for _ in 0..<(try input.count()) {
      let id: CategoryID = try input.id()
      categories[id] = try input.category()
    }
    for _ in 0..<(try input.count()) {
      let id: PeriodID = try input.id()
      var period = PeriodRecord(name: try input.string(), start: try input.date(), end: try input.optionalDate())
      period.isClosed = try input.bool()
      period.version = try input.varint()
      periods[id] = period
    }
    for _ in 0..<(try input.count()) {
      let month = try input.month()
      var records: [CategoryID: BudgetRecord] = [:]
      for _ in 0..<(try input.count()) {
        let category: CategoryID = try input.id()
        records[category] = BudgetRecord(
          set: try input.money(), moved: try input.money(), span: try input.raw(BudgetSpan.self))
      }
      budgets[month] = records
    }
    for _ in 0..<(try input.count()) {
      let key = IncomeKey(year: try input.int(), month: try input.int(), source: try input.string())
      plannedIncome[key] = try input.money()
    }
    for _ in 0..<(try input.count()) {
      let transfer = try input.payload(TransferMade.self)
      transferRecords[transfer.transfer] = transfer
    }
    for _ in 0..<(try input.count()) { cancelledTransfers.insert(try input.id()) }
    eventCount = try input.varint()
    turnover = try input.signed()
    deletedImports = try input.count()
    for _ in 0..<(try input.count()) {
      let (id, record) = try input.schedule()
      schedules[id] = record
      for payment in record.payments.values {
        if let entry = payment.entry { scheduleLinks[entry] = OccurrenceRef(schedule: id, date: payment.date) }
      }
    }
    for _ in 0..<(try input.count()) {
      let (id, record) = try input.debt()
      debts[id] = record
    }
    for _ in 0..<(try input.count()) {
      let (id, record) = try input.goal()
      goals[id] = record
    }
    guard input.isAtEnd else { throw .malformed("bytes left after the state") }
  }
}

extension SnapshotWriter {
  fileprivate mutating func debt(_ id: DebtID, _ record: DebtRecord) {
    self.id(id)
    string(record.name)
    string(record.kind.rawValue)
    self.id(record.account)
    count(record.terms.count)
    for (from, terms) in record.terms {
      date(from)
      signed(terms.apr.tenThousandthsOfPercent)
      money(terms.minimum)
      int(terms.dueDay ?? 0)
      int(terms.termMonths ?? 0)
    }
    bool(record.isRemoved)
    varint(record.version)
  }

  fileprivate mutating func category(_ category: CategoryRecord) throws(CodecError) {
    string(category.name)
    string(category.kind.rawValue)
    string(category.budgetType.rawValue)
    optionalID(category.parent)
    string(category.icon)
    string(category.color.description)
    int(category.sortOrder)
    bool(category.isCustom)
    bool(category.isArchived)
    bool(category.isDeleted)
    optionalDate(category.dueDate)
    bool(category.carryUnspent)
    bool(category.carryOverspent)
    count(category.rolloverChanges.count)
    for change in category.rolloverChanges { try payload(change) }
    int(category.transactionCount)
    int(category.budgetCount)
    varint(category.version)
  }
}

extension SnapshotReader {
  fileprivate mutating func category() throws(CodecError) -> CategoryRecord {
    let name = try string()
    let kind = try raw(CategoryKind.self)
    let budgetType = try raw(BudgetType.self)
    let parent: CategoryID? = try optionalID()
    let icon = try string()
    let colorText = try string()
    let color: ColorHex
    do { color = try ColorHex(parsing: colorText) } catch { throw .malformed("'\(colorText)' is not a colour") }
    var category = CategoryRecord(
      name: name, kind: kind, budgetType: budgetType, parent: parent, icon: icon, color: color,
      sortOrder: try int(), isCustom: try bool())
    category.isArchived = try bool()
    category.isDeleted = try bool()
    category.dueDate = try optionalDate()
    category.carryUnspent = try bool()
    category.carryOverspent = try bool()
    for _ in 0..<(try count()) { category.rolloverChanges.append(try payload(RolloverSet.self)) }
    category.transactionCount = try int()
    category.budgetCount = try int()
    category.version = try varint()
    return category
  }
}

extension SnapshotWriter {
  /// A schedule's record: its timeline, its payments in date order and its skips sorted, so
  /// that equal states store equal bytes.
  fileprivate mutating func schedule(_ id: ScheduleID, _ record: ScheduleRecord) {
    self.id(id)
    record.timeline.write(into: &self)
    count(record.payments.count)
    for (date, payment) in record.payments.sorted(by: { $0.key < $1.key }) {
      self.date(date)
      bool(payment.transfer != nil)
      rawID(payment.entry ?? EntityID(high: 0, low: 0))
      string(payment.source.rawValue)
      money(payment.amount)
      self.date(payment.paidOn)
    }
    count(record.skipped.count)
    for date in record.skipped.sorted() { self.date(date) }
    bool(record.isDeleted)
    varint(record.version)
  }
}

extension SnapshotReader {
  fileprivate mutating func schedule() throws(CodecError) -> (ScheduleID, ScheduleRecord) {
    let id: ScheduleID = try self.id()
    var record = ScheduleRecord(timeline: try ScheduleTimeline(from: &self))
    for _ in 0..<(try count()) {
      let date = try self.date()
      let isTransfer = try bool()
      let entry = try rawID()
      let source = try raw(PaymentSource.self)
      record.payments[date] = ScheduleOccurrencePaid(
        schedule: id, date: date, transaction: isTransfer ? nil : TransactionID(raw: entry),
        transfer: isTransfer ? TransferID(raw: entry) : nil, source: source, amount: try money(),
        paidOn: try self.date())
    }
    for _ in 0..<(try count()) { record.skipped.insert(try self.date()) }
    record.isDeleted = try bool()
    record.version = try varint()
    return (id, record)
  }
}

extension SnapshotReader {
  fileprivate mutating func debt() throws(CodecError) -> (DebtID, DebtRecord) {
    let id: DebtID = try self.id()
    let name = try string()
    let kind = try raw(DebtKind.self)
    let account: AccountID = try self.id()
    var terms: [(from: CivilDate, terms: DebtTerms)] = []
    for _ in 0..<(try count()) {
      let from = try date()
      let apr = AnnualRate(tenThousandthsOfPercent: try signed())
      let minimum = try money()
      let dueDay = try int()
      let termMonths = try int()
      terms.append(
        (
          from,
          DebtTerms(
            apr: apr, minimum: minimum, dueDay: dueDay == 0 ? nil : dueDay,
            termMonths: termMonths == 0 ? nil : termMonths)
        ))
    }
    guard !terms.isEmpty else { throw .malformed("a debt without terms") }
    var record = DebtRecord(name: name, kind: kind, account: account, terms: terms)
    record.isRemoved = try bool()
    record.version = try varint()
    return (id, record)
  }
}
