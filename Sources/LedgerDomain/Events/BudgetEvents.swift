/// The budget for a category in a month (or, with span `.quarter`, for the quarter starting
/// that month) was set (seed 001 Sheet 1). Setting it again replaces the amount.
public struct BudgetSet: EventPayload {
  public static let kind = EventKind.budgetSet
  public var event: LedgerEvent { .budgetSet(self) }
  public static let schemaVersion: UInt16 = 1
  public var month: YearMonth
  public var category: CategoryID
  public var amount: Money
  public var span: BudgetSpan
  public var stream: String { budgetStream(month) }

  public init(month: YearMonth, category: CategoryID, amount: Money, span: BudgetSpan = .month) {
    self.month = month
    self.category = category
    self.amount = amount
    self.span = span
  }
}

/// Income was planned for a month, or for a whole year (seed 001 v1.1 "yearly income"),
/// under a source name such as "Salary". Planning the same source again replaces it.
public struct IncomePlanned: EventPayload {
  public static let kind = EventKind.incomePlanned
  public var event: LedgerEvent { .incomePlanned(self) }
  public static let schemaVersion: UInt16 = 1
  /// The month planned, or `nil` for a yearly amount.
  public var month: YearMonth?
  public var year: Int
  public var source: String
  public var amount: Money
  public var stream: String { month.map(budgetStream) ?? "budget-\(year)" }

  public init(month: YearMonth?, year: Int, source: String, amount: Money) {
    self.month = month
    self.year = year
    self.source = source
    self.amount = amount
  }
}

/// Budgeted money moved from one category to another within a month.
public struct BudgetMoved: EventPayload {
  public static let kind = EventKind.budgetMoved
  public var event: LedgerEvent { .budgetMoved(self) }
  public static let schemaVersion: UInt16 = 1
  public var month: YearMonth
  public var from: CategoryID
  public var to: CategoryID
  public var amount: Money
  public var stream: String { budgetStream(month) }

  public init(month: YearMonth, from: CategoryID, to: CategoryID, amount: Money) {
    self.month = month
    self.from = from
    self.to = to
    self.amount = amount
  }
}

/// A category's payment due date was set (seed 001 v1.1).
public struct DueDateSet: EventPayload {
  public static let kind = EventKind.dueDateSet
  public var event: LedgerEvent { .dueDateSet(self) }
  public static let schemaVersion: UInt16 = 1
  public var category: CategoryID
  public var dueDate: CivilDate
  public var stream: String { category.stream }

  public init(category: CategoryID, dueDate: CivilDate) {
    self.category = category
    self.dueDate = dueDate
  }
}

/// A category's due date was removed.
public struct DueDateCleared: EventPayload {
  public static let kind = EventKind.dueDateCleared
  public var event: LedgerEvent { .dueDateCleared(self) }
  public static let schemaVersion: UInt16 = 1
  public var category: CategoryID
  public var stream: String { category.stream }

  public init(category: CategoryID) { self.category = category }
}

/// Whether a category carries its unspent and / or overspent amount into the next month (seed 002).
public struct RolloverSet: EventPayload {
  public static let kind = EventKind.rolloverSet
  public var event: LedgerEvent { .rolloverSet(self) }
  /// Version 2 added ``from``.
  public static let schemaVersion: UInt16 = 2
  public var category: CategoryID
  public var carryUnspent: Bool
  public var carryOverspent: Bool
  /// The first month whose leftover the setting carries (into the month after). A command
  /// without one means the ledger's current month; `nil` in events of version 1, which meant
  /// the month the event was recorded in.
  public var from: YearMonth?
  public var stream: String { category.stream }

  public init(category: CategoryID, carryUnspent: Bool, carryOverspent: Bool, from: YearMonth? = nil) {
    self.category = category
    self.carryUnspent = carryUnspent
    self.carryOverspent = carryOverspent
    self.from = from
  }
}

/// The stream of a month's budget: `budget-2024-03`.
public func budgetStream(_ month: YearMonth) -> String { "budget-\(month)" }
