/// What a schedule posts on each occurrence, and when it recurs: the terms in force from a
/// date on (``ScheduleVersion``). A bill is a schedule of expenses; a salary one of income; a
/// monthly saving one of transfers.
///
/// Stored in events by the positional binary codec: fields in declaration order, never
/// reordered.
public struct ScheduleTerms: Sendable, Hashable, Codable {
  /// The schedule's name, e.g. "Rent" (1–100 characters).
  public var name: String
  /// The name its transactions are posted under (the payee); the schedule's name if `nil`.
  public var payee: String?
  public var kind: ScheduleKind
  /// Positive, in the account's currency; the kind gives the sign.
  public var amount: Money
  /// Whether the amount is an estimate (a variable bill such as electricity): a transaction
  /// within ``ScheduleMatching/estimateTolerancePercent`` of it matches.
  public var estimated: Bool
  /// The account paid from (expense, transfer) or into (income).
  public var account: AccountID
  /// The category of an expense or income; `nil` for a transfer or a split.
  public var category: CategoryID?
  /// Parts across categories, adding up to ``amount``; empty unless split.
  public var splits: [Split]
  /// The account a transfer goes to.
  public var toAccount: AccountID?
  public var recurrence: Recurrence
  /// Whether occurrences due on or before today are posted without being asked.
  public var autopay: Bool
  /// How many days before an occurrence is due its reminder shows (0: on the day).
  public var reminderDays: Int
  public var notes: String?

  public init(
    name: String, payee: String? = nil, kind: ScheduleKind, amount: Money, estimated: Bool = false,
    account: AccountID, category: CategoryID? = nil, splits: [Split] = [], toAccount: AccountID? = nil,
    recurrence: Recurrence, autopay: Bool = false, reminderDays: Int = 3, notes: String? = nil
  ) {
    self.name = name
    self.payee = payee
    self.kind = kind
    self.amount = amount
    self.estimated = estimated
    self.account = account
    self.category = category
    self.splits = splits
    self.toAccount = toAccount
    self.recurrence = recurrence
    self.autopay = autopay
    self.reminderDays = reminderDays
    self.notes = notes
  }

  /// The name posted transactions carry.
  public var postedName: String { payee ?? name }

  /// The signed effect of one occurrence on ``account``: negative for an expense or a
  /// transfer out, positive for income.
  public var signedUnits: Int64 { kind == .income ? amount.units : -amount.units }
}

/// Whether a schedule spends, earns or moves money.
public enum ScheduleKind: String, Sendable, Hashable, Codable, CaseIterable {
  case expense, income, transfer
}

/// How an occurrence came to be paid.
public enum PaymentSource: String, Sendable, Hashable, Codable, CaseIterable {
  /// Posted by autopay (`budget schedule post`, or the server's daily run).
  case posted
  /// Paid by hand: a transaction recorded for it, or an existing one linked to it.
  case entered
  /// Linked to a transaction that looked like it (an imported statement line).
  case matched
}
