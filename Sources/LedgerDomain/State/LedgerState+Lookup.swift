extension LedgerState {
  /// The active category called `name` (ignoring case and surrounding spaces).
  ///
  /// - Throws: `category 'Fod' not found — did you mean 'Food'?` when there is none; an
  ///   archived category of that name is reported as archived.
  ///
  /// - Parameter archived: also find an archived category (for reading what it holds — its
  ///   history, its transactions, its totals — which archiving keeps).
  public func category(
    named name: String, archived: Bool = false
  ) throws(DomainError) -> (id: CategoryID, record: CategoryRecord) {
    let key = TextRules.key(name)
    let matches = categories.filter { !$0.value.isDeleted && TextRules.key($0.value.name) == key }
    if let active = matches.first(where: { $0.value.isActive }) { return (active.key, active.value) }
    if let found = matches.first {
      if archived { return (found.key, found.value) }
      throw .categoryArchived(name: found.value.name)
    }
    let suggestion = NameSuggestion.nearest(to: name, among: categories.values.filter(\.isActive).map(\.name))
    throw .notFound(kind: "category", reference: name, suggestion: suggestion)
  }

  /// The account called `name`, open ones first.
  public func account(named name: String) throws(DomainError) -> (id: AccountID, record: AccountRecord) {
    let key = TextRules.key(name)
    let matches = accounts.filter { TextRules.key($0.value.name) == key }.sorted {
      !$0.value.isClosed && $1.value.isClosed
    }
    if let match = matches.first { return (match.key, match.value) }
    let suggestion = NameSuggestion.nearest(to: name, among: accounts.values.map(\.name))
    throw .notFound(kind: "account", reference: name, suggestion: suggestion)
  }

  /// The period called `name` — or, failing that, whose id starts or ends with `name` (at least
  /// four characters, as lists show ids). Names are unique since the rules say so; a ledger
  /// from before then may hold two of one name, and then the id tells them apart.
  public func period(named name: String) throws(DomainError) -> (id: PeriodID, record: PeriodRecord) {
    let key = TextRules.key(name)
    let named = periods.filter { TextRules.key($0.value.name) == key }.sorted { $0.value.start < $1.value.start }
    if named.count == 1, let match = named.first { return (match.key, match.value) }
    if named.count > 1 {
      let choices = named.map { "\($0.key) (from \($0.value.start))" }.joined(separator: ", ")
      throw .invalidField(
        field: "period", reason: "'\(name)' names \(named.count) periods; give the id of one: \(choices)")
    }
    let byID = periods.filter { $0.key.raw.isNamed(by: name) }
    if byID.count == 1, let match = byID.first { return (match.key, match.value) }
    let suggestion = NameSuggestion.nearest(to: name, among: periods.values.map(\.name))
    throw .notFound(kind: "period", reference: name, suggestion: suggestion)
  }

  /// What `category` has to spend in `month`, as the budget sheet shows it: its record of the
  /// month (set and moved), plus its share of quarter budgets set one or two months before.
  public func assigned(_ category: CategoryID, in month: YearMonth) -> Money {
    var total = Money.zero(baseCurrency)
    var recordMonth = month
    for offset in 0...2 {
      if offset > 0 {
        guard let earlier = try? recordMonth.previous else { break }
        recordMonth = earlier
      }
      guard let record = budgets[recordMonth]?[category], offset == 0 || record.span == .quarter else { continue }
      total = (try? total.adding(record.share(monthsAfter: offset))) ?? total
    }
    return total
  }

  /// The closed period containing `date`, if any.
  public func closedPeriod(containing date: CivilDate) -> PeriodRecord? {
    periods.values.first { $0.isClosed && $0.contains(date) }
  }
}

extension LedgerState {
  /// Whether `transaction` is a refund: money in, booked — whole or as a split part — to an
  /// expense category. The rules allow it (money back from a shop lowers that category's
  /// spending); an import counts such rows so that a file of them is noticed.
  public func isRefund(_ transaction: TransactionAdded) -> Bool {
    isRefund(type: transaction.type, category: transaction.category, splits: transaction.splits)
  }

  /// Whether the transaction `command` asks to add would be a refund (see the other
  /// `isRefund`).
  public func isRefund(_ command: AddTransaction) -> Bool {
    isRefund(type: command.type, category: command.category, splits: command.splits)
  }

  private func isRefund(type: TransactionType, category: CategoryID?, splits: [Split]) -> Bool {
    guard type == .income else { return false }
    if let category { return categories[category]?.kind == .expense }
    return splits.contains { categories[$0.category]?.kind == .expense }
  }
}

extension LedgerState {
  /// The schedule called `name` (ignoring case), or whose id starts or ends with `name` (at
  /// least four characters); deleted schedules are not found.
  public func schedule(named name: String) throws(DomainError) -> (id: ScheduleID, record: ScheduleRecord) {
    let live = schedules.filter { !$0.value.isDeleted }
    let id = try ScheduleID.named(name, among: live.map { ($0.key, $0.value.name) })
    return (id, live[id]!)
  }
}

extension ScheduleID {
  /// The one of `schedules` called `name` (ignoring case), or whose id starts or ends with
  /// `name` (at least four characters), with a "did you mean" when there is none.
  public static func named(
    _ name: String, among schedules: [(id: ScheduleID, name: String)]
  ) throws(DomainError) -> ScheduleID {
    let key = TextRules.key(name)
    if let match = schedules.first(where: { TextRules.key($0.name) == key }) { return match.id }
    if key.count >= 4 {
      let byID = schedules.filter { $0.id.raw.isNamed(by: key) }
      if byID.count == 1 { return byID[0].id }
    }
    let suggestion = NameSuggestion.nearest(to: name, among: schedules.map(\.name))
    throw .notFound(kind: "schedule", reference: name, suggestion: suggestion)
  }
}

extension EntityID {
  /// Of `entities`, the newest (ids grow with time) called `reference` (ignoring case), or
  /// whose id is `reference` or starts or ends with it (four characters or more): how a
  /// history finds a deleted entity, whose name a live one may have taken since.
  public static func newest(named reference: String, among entities: [(id: EntityID, name: String)]) -> EntityID? {
    let key = TextRules.key(reference)
    let exact = try? EntityID(parsing: reference)
    return entities.filter { entity in
      entity.id == exact || TextRules.key(entity.name) == key || (key.count >= 4 && entity.id.isNamed(by: key))
    }.map(\.id).max()
  }
}
