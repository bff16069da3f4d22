import LedgerDomain

extension Wire {
  /// What a schedule posts and when, with names for ids: `recurrence` is the rule in words,
  /// `rule` its parts (in the words `POST /schedules` takes them).
  public struct ScheduleTerms: Codable, Sendable, Equatable {
    /// One part of a split schedule: a category and its share.
    public struct SplitTerm: Codable, Sendable, Equatable { public var category, amount: String }

    public var name, kind, amount, currency, recurrence, account: String
    public var to, category, payee, notes: String?
    public var splits: [SplitTerm]
    public var estimated, autopay: Bool
    public var reminderDays: Int
    public var rule: Recurrence
  }
}

extension Wire.ScheduleTerms {
  /// `terms` with names for their ids.
  public init(_ terms: LedgerDomain.ScheduleTerms, names: some WireNames) {
    name = terms.name
    kind = terms.kind.rawValue
    amount = terms.amount.formatted()
    currency = terms.amount.currency.code
    recurrence = terms.recurrence.summary
    account = names.accountName(terms.account)
    to = terms.toAccount.map(names.accountName)
    category = terms.category.map(names.categoryName)
    payee = terms.payee
    notes = terms.notes
    splits = terms.splits.map {
      SplitTerm(category: names.categoryName($0.category), amount: $0.amount.formatted())
    }
    estimated = terms.estimated
    autopay = terms.autopay
    reminderDays = terms.reminderDays
    rule = Wire.Recurrence(terms.recurrence)
  }
}
