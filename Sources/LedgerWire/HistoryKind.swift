import LedgerDomain

/// What an audit trail can be asked of — `budget history KIND REF` and
/// `GET /history/{kind}/{ref}` take the same kinds, and find the stream the same way.
public enum HistoryKind: String, CaseIterable, Sendable {
  case transaction, category, account, period, schedule, debt, goal, month

  /// The kind a word asks for: its name, its plural, or a short form (`tx`; `budget` for a month).
  public init?(word: String) {
    let word = word.lowercased()
    if let kind = HistoryKind(rawValue: word) {
      self = kind
    } else if let kind = Self.otherWords[word] {
      self = kind
    } else {
      return nil
    }
  }

  /// Plurals and short forms.
  private static let otherWords: [String: HistoryKind] = [
    "tx": .transaction, "transactions": .transaction, "categories": .category, "accounts": .account,
    "periods": .period, "schedules": .schedule, "debts": .debt, "goals": .goal, "budget": .month,
  ]

  /// What follows the kind: `ID`, `NAME` or `YYYY-MM`.
  public var placeholder: String {
    switch self {
    case .transaction: "ID"
    case .month: "YYYY-MM"
    default: "NAME"
    }
  }

  /// Every kind with what follows it, e.g. "transaction ID, category NAME, …, or month YYYY-MM".
  public static var usage: String {
    let all = allCases.map { "\($0.rawValue) \($0.placeholder)" }
    return all.dropLast().joined(separator: ", ") + " or " + all[all.count - 1]
  }

  /// An example reference of the kind.
  public var example: String {
    switch self {
    case .transaction: "9b59c2e1"
    case .category: "Food"
    case .account: "Checking"
    case .period: "Q1"
    case .schedule: "Rent"
    case .debt: "Visa"
    case .goal: "Trip"
    case .month: "2024-03"
    }
  }

  /// The streams a reference of this kind is resolved against (a month needs none;
  /// a transaction, the transactions and transfers): what a reader may fold instead of the
  /// whole history.
  public var family: (any EntityIdentifier.Type)? {
    switch self {
    case .transaction, .month: nil
    case .category: CategoryID.self
    case .account: AccountID.self
    case .period: PeriodID.self
    case .schedule: ScheduleID.self
    case .debt: DebtID.self
    case .goal: GoalID.self
    }
  }

  /// The stream `reference` names, resolved by `resolver`: a transaction's (or a transfer's,
  /// by either leg), an entity's by its name or id, or a month's budget.
  public func stream(of reference: String, in resolver: NameResolver) throws(ResolveError) -> String {
    switch self {
    case .transaction: return try resolver.transactionStream(reference)
    case .category: return try resolver.categoryToRead(reference).stream
    case .account: return try resolver.account(reference).id.stream
    case .period: return try resolver.period(reference).stream
    case .schedule: return try resolver.scheduleToRead(reference).stream
    case .debt: return try resolver.debtToRead(reference).stream
    case .goal: return try resolver.goal(reference).id.stream
    case .month:
      guard let month = try? YearMonth(parsing: reference) else {
        throw .malformed(kind: "month", reference: reference, expected: "YYYY-MM")
      }
      return budgetStream(month)
    }
  }
}
