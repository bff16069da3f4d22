/// Everything the rules need to know about a ledger, folded from its events.
///
/// A value type: the application layer keeps the last committed state and lets `decide` work
/// on a copy, so a command that fails leaves no trace. ``apply(_:)`` only folds — it checks
/// nothing (rules live in ``decide(_:state:context:)``).
public struct LedgerState: Sendable, Hashable {
  /// The ledger's settings, once `LedgerCreated` has been applied.
  public var settings: LedgerCreated?
  public var accounts: [AccountID: AccountRecord] = [:]
  public var categories: [CategoryID: CategoryRecord] = [:]
  public var periods: [PeriodID: PeriodRecord] = [:]
  /// Every transaction, by id: held in memory, or stored and read on demand
  /// (``TransactionTable``).
  public var transactions = TransactionTable()
  /// Budgeted amounts per month and category (quarterly amounts under their first month).
  public var budgets: [YearMonth: [CategoryID: BudgetRecord]] = [:]
  /// Planned income by year, month (0: the whole year) and source — for undo, which puts back
  /// what a source had.
  public var plannedIncome: [IncomeKey: Money] = [:]
  /// Transfers made and not cancelled, by id.
  public var transferRecords: [TransferID: TransferMade] = [:]
  /// Transfers cancelled: their ids stay used.
  public var cancelledTransfers: Set<TransferID> = []
  /// How many events have been applied.
  public var eventCount: UInt64 = 0
  /// The magnitudes of every amount ever recorded, added up (``LedgerEvent/turnover``): a
  /// bound on every sum the ledger makes, which the rules keep within `Int64`.
  public var turnover: Int64 = 0
  /// Imported transactions now deleted (by undo or otherwise): while there are none, a new
  /// import need not ask which of its rows an undo took back.
  public var deletedImports = 0
  /// Schedules (bills, incomes, transfers that recur), by id; deleted ones kept.
  public var schedules: [ScheduleID: ScheduleRecord] = [:]
  /// Debts by id, removed ones included (``DebtRecord/isRemoved``).
  public var debts: [DebtID: DebtRecord] = [:]
  /// Savings goals by id, archived ones included.
  public var goals: [GoalID: GoalRecord] = [:]
  /// The occurrence each linked transaction or transfer paid, by its id: one each.
  public var scheduleLinks: [EntityID: OccurrenceRef] = [:]

  public init() {}

  /// The ledger's base currency (EUR until a ledger is created).
  public var baseCurrency: Currency { settings?.baseCurrency ?? .eur }
}

/// An account as the rules see it.
public struct AccountRecord: Sendable, Hashable {
  public var name: String
  public var type: AccountType
  public var currency: Currency
  /// The signed opening balance (nil when zero).
  public var openingBalance: Money?
  public var openingDate: CivilDate
  /// Whether the account's balance counts in the available funds: its type's default role
  /// until `AccountRoleChanged` says otherwise.
  public var role: AccountRole
  public var isClosed = false
  /// How many live transactions the account has on each day: the last of those days is the
  /// earliest it may be closed on.
  public var transactionDays = DayCounts()
  /// The version of the account's stream.
  public var version: UInt64 = 1

  /// An open account with no transactions, at version 1: as opened, or as stored before the
  /// rest is read back (`LedgerCodec`'s snapshot).
  package init(
    name: String, type: AccountType, currency: Currency, openingBalance: Money?, openingDate: CivilDate,
    role: AccountRole
  ) {
    self.name = name
    self.type = type
    self.currency = currency
    self.openingBalance = openingBalance
    self.openingDate = openingDate
    self.role = role
  }
}

/// What a planned income is kept under: its year, month (0 for a yearly amount) and source.
public struct IncomeKey: Sendable, Hashable {
  public var year: Int
  public var month: Int
  public var source: String

  public init(year: Int, month: Int, source: String) {
    self.year = year
    self.month = month
    self.source = source
  }

  public init(_ planned: IncomePlanned) {
    year = planned.year
    month = planned.month?.month ?? 0
    source = planned.source
  }
}

/// A category as the rules see it.
public struct CategoryRecord: Sendable, Hashable {
  public var name: String
  public var kind: CategoryKind
  public var budgetType: BudgetType
  public var parent: CategoryID?
  public var icon: String
  public var color: ColorHex
  public var sortOrder: Int
  public var isCustom: Bool
  public var isArchived = false
  public var isDeleted = false
  public var dueDate: CivilDate?
  /// The flags of the last rollover setting recorded.
  public var carryUnspent = false
  public var carryOverspent = false
  /// Every rollover setting, by the month it applies from (settings of one month in the
  /// order recorded; those recorded without one, by version 1 events, first).
  public var rolloverChanges: [RolloverSet] = []
  /// Live (not deleted) transactions booked to this category, splits included.
  public var transactionCount = 0
  /// Budget entries ever set for this category.
  public var budgetCount = 0
  public var version: UInt64 = 1

  /// A category as created, at version 1; the rest as `LedgerState` folds it, or as stored
  /// (`LedgerCodec`'s snapshot).
  package init(
    name: String, kind: CategoryKind, budgetType: BudgetType, parent: CategoryID?, icon: String, color: ColorHex,
    sortOrder: Int, isCustom: Bool
  ) {
    self.name = name
    self.kind = kind
    self.budgetType = budgetType
    self.parent = parent
    self.icon = icon
    self.color = color
    self.sortOrder = sortOrder
    self.isCustom = isCustom
  }

  /// Active: neither archived nor deleted.
  public var isActive: Bool { !isArchived && !isDeleted }

  /// The rollover setting in force in `month` — whether its leftover carries — or off.
  public func rollover(in month: YearMonth) -> (carryUnspent: Bool, carryOverspent: Bool) {
    guard let setting = rolloverChanges.last(where: { ($0.from ?? month) <= month }) else { return (false, false) }
    return (setting.carryUnspent, setting.carryOverspent)
  }
}

/// An expense period as the rules see it.
public struct PeriodRecord: Sendable, Hashable {
  public var name: String
  public var start: CivilDate
  public var end: CivilDate?
  public var isClosed = false
  public var version: UInt64 = 1

  /// An open period at version 1, as opened or as stored (`LedgerCodec`'s snapshot).
  package init(name: String, start: CivilDate, end: CivilDate?) {
    self.name = name
    self.start = start
    self.end = end
  }

  /// Whether `date` falls inside the period (an ongoing period has no end).
  public func contains(_ date: CivilDate) -> Bool {
    date >= start && (end.map { date <= $0 } ?? true)
  }

  /// Whether this period and `[otherStart, otherEnd]` share at least one day.
  public func overlaps(start otherStart: CivilDate, end otherEnd: CivilDate?) -> Bool {
    let startsBeforeOtherEnds = otherEnd.map { start <= $0 } ?? true
    let otherStartsBeforeThisEnds = end.map { otherStart <= $0 } ?? true
    return startsBeforeOtherEnds && otherStartsBeforeThisEnds
  }
}

/// A transaction as the rules see it.
///
/// The transaction is kept in a box that copies share until one of them changes it
/// (copy-on-write): the state holds a record for every transaction of the history — a million
/// on a big ledger — and records of a few words, rather than hundreds of bytes each, keep that
/// table quick to fill, to copy (a command decides against a copy of the state) and to free.
public struct TransactionRecord: Sendable, Hashable {
  private var box: Box
  public var isDeleted = false
  public var version: UInt64 = 1

  public init(added: TransactionAdded, isDeleted: Bool = false, version: UInt64 = 1) {
    box = Box(added)
    self.isDeleted = isDeleted
    self.version = version
  }

  /// The transaction as it now stands.
  public var added: TransactionAdded {
    get { box.added }
    set { box = Box(newValue) }
    _modify {
      if !isKnownUniquelyReferenced(&box) { box = Box(box.added) }
      yield &box.added
    }
  }

  public static func == (a: Self, b: Self) -> Bool {
    a.isDeleted == b.isDeleted && a.version == b.version && (a.box === b.box || a.added == b.added)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(added)
    hasher.combine(isDeleted)
    hasher.combine(version)
  }

  /// Changed only while uniquely referenced (see ``added``), so sharing it between threads is
  /// safe: hence `@unchecked Sendable`.
  private final class Box: @unchecked Sendable {
    var added: TransactionAdded
    init(_ added: TransactionAdded) { self.added = added }
  }
}

/// A category's budget recorded under one month: what was set, and what moves took out of or
/// added to that month since — kept apart as the budget sheet keeps them, because a quarter's
/// amount is spread over its three months while a move counts in its own month only.
public struct BudgetRecord: Sendable, Hashable {
  /// What `BudgetSet` set: the month's amount, or the whole quarter's for a quarter span.
  public var set: Money
  /// Moved in (positive) or out (negative) of this month by `BudgetMoved` since.
  public var moved: Money
  public var span: BudgetSpan

  public init(set: Money, moved: Money? = nil, span: BudgetSpan) {
    self.set = set
    self.moved = moved ?? .zero(set.currency)
    self.span = span
  }

  /// Set plus moved.
  public var amount: Money { (try? set.adding(moved)) ?? set }

  /// What this record gives the month `offset` months after its own (0…2): a month span all
  /// of it to its month; a quarter span a third of the set amount to each of its months
  /// (``Money/allocatedInMinorUnits(into:)``: in cents, adding up to it), with the moves in the first.
  public func share(monthsAfter offset: Int) -> Money {
    switch span {
    case .month: return offset == 0 ? amount : .zero(set.currency)
    case .quarter:
      guard (0..<3).contains(offset), let thirds = try? set.allocatedInMinorUnits(into: 3) else {
        return .zero(set.currency)
      }
      return offset == 0 ? ((try? thirds[0].adding(moved)) ?? thirds[0]) : thirds[offset]
    }
  }
}
