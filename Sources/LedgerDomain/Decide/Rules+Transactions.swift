extension Rules {
  func transaction(_ id: TransactionID) throws(DomainError) -> TransactionRecord {
    guard let record = state.transactions[id] else {
      throw .notFound(kind: "transaction", reference: id.description, suggestion: nil)
    }
    if record.isDeleted { throw .transactionDeleted(id) }
    return record
  }

  func addTransaction(_ command: AddTransaction) throws(DomainError) -> TransactionAdded {
    guard state.transactions[command.transaction] == nil else {
      throw .invalidField(field: "transaction id", reason: "\(command.transaction) is already in use")
    }
    return try validated(TransactionAdded(command))
  }

  func amendTransaction(
    _ command: AmendTransaction, expectedVersion: UInt64?
  ) throws(DomainError)
    -> TransactionAmended
  {
    let amendment = TransactionAmended(command)
    let record = try transaction(amendment.transaction)
    if let expectedVersion, expectedVersion != record.version {
      throw .staleVersion(
        entity: "transaction \(amendment.transaction)", expected: expectedVersion, actual: record.version)
    }
    try notInClosedPeriod(record.added.date)
    var amended = record.added
    amended.apply(amendment)
    // Where its money is booked is checked where that changes — every category when it turns
    // into an expense, else the categories it did not have: a transaction recorded before the
    // rule can still have its name, amount, notes or tags edited.
    let booking: Set<CategoryID> =
      amended.type == .expense && record.added.type != .expense
      ? Set(amended.postings.map(\.category))
      : Set(amended.postings.map(\.category)).subtracting(record.added.postings.map(\.category))
    // Its date is checked against the account's opening where either changes: a transaction
    // recorded before the rule, dated before its account opened, can still be edited otherwise.
    let moved = amended.date != record.added.date || amended.account != record.added.account
    let valid = try validated(amended, checkingBooking: booking, checkingOpening: moved)
    let changes = Self.difference(from: record.added, to: valid)
    guard !changes.isEmpty else { throw .nothingToChange }
    return changes
  }

  func deleteTransaction(
    _ id: TransactionID, reason: String, expectedVersion: UInt64?
  ) throws(DomainError)
    -> TransactionDeleted
  {
    let record = try transaction(id)
    if let expectedVersion, expectedVersion != record.version {
      throw .staleVersion(entity: "transaction \(id)", expected: expectedVersion, actual: record.version)
    }
    try notInClosedPeriod(record.added.date)
    let reason = try TextRules.validated(reason, field: "reason", maximum: FieldLimits.reason)
    return TransactionDeleted(transaction: id, reason: reason, deleted: record.added)
  }

  /// A deleted transaction back as it was, if every rule a new transaction must meet still
  /// holds (its account open, its categories active, its date not in a closed period).
  func restoreTransaction(
    _ id: TransactionID, reason: String, expectedVersion: UInt64?
  ) throws(DomainError)
    -> TransactionRestored
  {
    guard let record = state.transactions[id] else {
      throw .notFound(kind: "transaction", reference: id.description, suggestion: nil)
    }
    guard record.isDeleted else {
      throw .invalidField(
        field: "transaction", reason: "\(id) is not deleted; only a deleted transaction can be restored")
    }
    if let expectedVersion, expectedVersion != record.version {
      throw .staleVersion(entity: "transaction \(id)", expected: expectedVersion, actual: record.version)
    }
    let reason = try TextRules.validated(reason, field: "reason", maximum: FieldLimits.reason)
    // Its booking and date stand as recorded: a transaction recorded before those rules comes back too.
    return TransactionRestored(
      transaction: try validated(record.added, checkingBooking: [], checkingOpening: false), reason: reason)
  }

  /// `transaction` with its text normalised, or the first rule it breaks.
  ///
  /// - Parameters:
  ///   - checkingBooking: the categories for which an expense may not be an income category
  ///     (``bookable(_:type:)``): new bookings (`nil`: all), not what was recorded as it is.
  ///   - checkingOpening: whether the date must be on or after the account's opening date
  ///     (``onOrAfterOpening(_:of:what:)``): a new date or account, not what was recorded as it is.
  func validated(
    _ transaction: TransactionAdded, checkingBooking: Set<CategoryID>? = nil, checkingOpening: Bool = true
  ) throws(DomainError) -> TransactionAdded {
    var t = transaction
    let account = try openAccountRecord(t.account)
    try positive(t.amount, field: "amount", currency: account.currency)
    t.name = try TextRules.validated(t.name, field: "name", maximum: FieldLimits.transactionName)
    t.description = try TextRules.optional(t.description, field: "description", maximum: FieldLimits.description)
    t.notes = try TextRules.optional(t.notes, field: "notes", maximum: FieldLimits.notes)
    try notInFuture(t.date)
    if checkingOpening { try onOrAfterOpening(t.date, of: account, what: "the transaction") }
    try notInClosedPeriod(t.date)
    try validateCategories(&t, currency: account.currency, checkingBooking: checkingBooking)
    t.tags = try validatedTags(t.tags)
    if let periodID = t.period {
      let period = try period(periodID)
      guard period.contains(t.date) else {
        throw .invalidField(
          field: "period",
          reason:
            "\(t.date) is outside period '\(period.name)' (\(period.start) to \(period.end.map(String.init(describing:)) ?? "ongoing"))"
        )
      }
    }
    if let importId = t.importId {
      t.importId = try TextRules.validated(importId, field: "import id", maximum: 200)
    }
    return t
  }

  /// Spending belongs to expense categories: an expense booked to an income category would
  /// count in cash flow and in the category's totals but in no budget line. (Income into an
  /// expense category is a refund, and is fine.)
  private func bookable(_ category: CategoryRecord, type: TransactionType) throws(DomainError) {
    guard type == .expense, category.kind == .income else { return }
    throw .invalidField(
      field: "category '\(category.name)'",
      reason: "is an income category; book an expense to an expense category, or record the money as income")
  }

  func validateCategories(
    _ t: inout TransactionAdded, currency: Currency, checkingBooking: Set<CategoryID>?
  ) throws(DomainError) {
    if t.splits.isEmpty {
      guard let category = t.category else {
        throw .invalidField(
          field: "category", reason: "is required; give a category or split the amount across categories")
      }
      let record = try activeCategory(category)
      if checkingBooking?.contains(category) ?? true { try bookable(record, type: t.type) }
      return
    }
    guard t.category == nil else {
      throw .invalidField(field: "category", reason: "give either one category or splits, not both")
    }
    guard t.splits.count >= 2 else {
      throw .invalidField(field: "splits", reason: "a split needs at least two parts; use a single category instead")
    }
    var sum = Money.zero(currency)
    for (index, split) in t.splits.enumerated() {
      let record = try activeCategory(split.category)
      if checkingBooking?.contains(split.category) ?? true { try bookable(record, type: t.type) }
      try positive(split.amount, field: "split \(index + 1) amount", currency: currency)
      t.splits[index].memo = try TextRules.optional(
        split.memo, field: "split \(index + 1) memo", maximum: FieldLimits.description)
      do { sum = try sum.adding(split.amount) } catch {
        throw .invalidField(field: "splits", reason: "add up to more than the ledger can hold")
      }
    }
    guard sum == t.amount else { throw .splitsDoNotAddUp(total: t.amount, sum: sum) }
  }

  private func validatedTags(_ tags: [String]) throws(DomainError) -> [String] {
    var seen = Set<String>()
    var result: [String] = []
    for tag in tags {
      let tag = try TextRules.validated(tag, field: "tag", maximum: FieldLimits.tag)
      if seen.insert(TextRules.key(tag)).inserted { result.append(tag) }
    }
    guard result.count <= FieldLimits.tagCount else {
      throw .invalidField(field: "tags", reason: "\(result.count) tags; at most \(FieldLimits.tagCount) are allowed")
    }
    return result
  }

  /// The amendment that turns `old` into `new`, holding only the fields that differ (and
  /// `old` itself as ``TransactionAmended/previous``).
  static func difference(from old: TransactionAdded, to new: TransactionAdded) -> TransactionAmended {
    var changes = TransactionAmended(transaction: old.transaction)
    changes.previous = old
    if new.account != old.account { changes.account = new.account }
    if new.date != old.date { changes.date = new.date }
    if new.amount != old.amount { changes.amount = new.amount }
    if new.type != old.type { changes.type = new.type }
    if new.splits != old.splits || new.category != old.category {
      if new.splits.isEmpty { changes.category = new.category } else { changes.splits = new.splits }
    }
    if new.name != old.name { changes.name = new.name }
    if new.description != old.description { changes.description = Change(new.description) }
    if new.notes != old.notes { changes.notes = Change(new.notes) }
    if new.period != old.period { changes.period = Change(new.period) }
    if new.tags != old.tags { changes.tags = new.tags }
    return changes
  }
}
