/// Everything a user can ask the ledger to do. ``decide(_:state:context:)`` turns a command
/// into events, or refuses it with a ``DomainError``.
///
/// A command says what the user asked for, in the user's terms; the events that record it are
/// made by `decide` alone (front ends never build an event). Commands carry the ids of the
/// entities they create, chosen by the caller, so a retried command names the same entity.
///
/// Commands travel between devices (a replica's outbox, submitted to its hub) and wait in an
/// outbox file, so they are `Codable`: Swift's synthesized form — the case name as the key,
/// its values by label (`_0` for an unlabelled one) — frozen, for every case, by a golden test
/// (a case without a frozen sample fails it). Renaming a case, a label or a field changes that
/// form, which devices and hubs of the older program must still read (docs/sync.md, "The
/// commands' JSON form").
public enum LedgerCommand: Sendable, Hashable, Codable {
  case createLedger(CreateLedger)
  case openAccount(OpenAccount)
  case renameAccount(AccountID, name: String)
  case closeAccount(AccountID, date: CivilDate)
  /// Opens a closed account again, so it takes transactions.
  case reopenAccount(AccountID, reason: String)
  /// Sets the balance an account starts with (signed, in its currency) on its opening date.
  case changeOpeningBalance(AccountID, to: Money)
  /// Makes an account a budget account (its balance counts in the available funds) or a
  /// tracking one.
  case setAccountRole(AccountID, role: AccountRole)
  case createCategory(CreateCategory)
  case renameCategory(CategoryID, name: String)
  case moveCategory(CategoryID, parent: CategoryID?, sortOrder: Int)
  case restyleCategory(CategoryID, icon: String, color: ColorHex)
  case archiveCategory(CategoryID)
  case restoreCategory(CategoryID)
  case deleteCategory(CategoryID)
  case openPeriod(OpenPeriod)
  case closePeriod(PeriodID, end: CivilDate?)
  case reopenPeriod(PeriodID, reason: String)
  case setBudget(SetBudget)
  case planIncome(PlanIncome)
  case moveBudget(MoveBudget)
  case setDueDate(CategoryID, CivilDate)
  case clearDueDate(CategoryID)
  case setRollover(SetRollover)
  case addTransaction(AddTransaction)
  case amendTransaction(AmendTransaction, expectedVersion: UInt64?)
  case deleteTransaction(TransactionID, reason: String, expectedVersion: UInt64?)
  /// Brings a deleted transaction back as it was when deleted.
  case restoreTransaction(TransactionID, reason: String, expectedVersion: UInt64?)
  case makeTransfer(MakeTransfer)
  /// Takes a transfer back: both legs leave the accounts.
  case cancelTransfer(TransferID, reason: String)
  /// Sets up a schedule (a bill, an income, a transfer) under the caller's id.
  case createSchedule(ScheduleID, terms: ScheduleTerms)
  /// Puts new terms in force from a date on; earlier occurrences keep theirs.
  case changeSchedule(ScheduleID, from: CivilDate, terms: ScheduleTerms)
  /// Takes back the change made from a date on (undo).
  case withdrawScheduleChange(ScheduleID, from: CivilDate)
  case pauseSchedule(ScheduleID, from: CivilDate)
  case resumeSchedule(ScheduleID, on: CivilDate)
  /// Ends a schedule: no occurrence after the date.
  case endSchedule(ScheduleID, after: CivilDate)
  /// Sets a schedule's end back to what it was (undo of an end).
  case reinstateSchedule(ScheduleID, endedAfter: CivilDate?)
  /// Deletes a schedule none of whose occurrences is paid.
  case deleteSchedule(ScheduleID, reason: String)
  case payOccurrence(PayOccurrence)
  /// Unlinks an occurrence's payment; the transaction stays.
  case unpayOccurrence(ScheduleID, date: CivilDate)
  case skipOccurrence(ScheduleID, date: CivilDate, reason: String?)
  case unskipOccurrence(ScheduleID, date: CivilDate)
  /// Attaches a debt to a loan or credit-card account, with its terms from a date on.
  case addDebt(AddDebt)
  /// Puts new terms in force from a date on (a new rate, a new minimum).
  case changeDebtTerms(DebtID, from: CivilDate, terms: DebtTerms)
  /// Takes back the change of terms made from a date on (undo).
  case withdrawDebtTerms(DebtID, from: CivilDate)
  /// Removes a debt from the plans; its account and transactions stay.
  case removeDebt(DebtID, reason: String)
  /// Adds a savings goal funded by an account or a category.
  case addGoal(AddGoal)
  /// Changes a goal's settings (name, kind, target, date, sheet, note).
  case changeGoal(GoalID, settings: GoalSettings)
  /// Puts money into a goal: records the movement and links it, or links an existing one.
  case contributeToGoal(GoalMovement)
  /// Takes money out of a goal: records the movement and links it, or links an existing one.
  case withdrawFromGoal(GoalMovement)
  /// Takes a contribution or withdrawal off a goal's list (undo); its movement stays.
  case removeGoalEntry(GoalID, entry: EntityID)
  case completeGoal(GoalID, date: CivilDate)
  case archiveGoal(GoalID, date: CivilDate)
  /// Makes a completed or archived goal active again.
  case reopenGoal(GoalID)
}

/// Money moved into (or out of) a goal: a new transfer or transaction recorded for it, or an
/// existing one linked to it.
public struct GoalMovement: Sendable, Hashable, Codable {
  /// What moves the money.
  public enum Payment: Sendable, Hashable, Codable {
    /// A new movement under `id` between `account` and the goal: a transfer to (from) the
    /// goal's account, or a transaction in the goal's category out of (into) `account`.
    case record(id: EntityID, account: AccountID, date: CivilDate, amount: Money)
    /// An existing transaction, linked.
    case link(TransactionID)
    /// An existing transfer, linked.
    case linkTransfer(TransferID)
  }

  public var goal: GoalID
  /// The entry's id in the goal's list.
  public var entry: EntityID
  public var payment: Payment
  public var source: ContributionSource
  public var note: String?

  public init(
    goal: GoalID, entry: EntityID, payment: Payment, source: ContributionSource = .manual, note: String? = nil
  ) {
    self.goal = goal
    self.entry = entry
    self.payment = payment
    self.source = source
    self.note = note
  }
}

/// Pays one occurrence of a schedule (by its nominal date).
public struct PayOccurrence: Sendable, Hashable, Codable {
  /// What pays it.
  public enum Payment: Sendable, Hashable, Codable {
    /// A new transaction (a transfer, for a transfer schedule) recorded for it under `id`,
    /// dated `date` (the occurrence's due date if `nil`) for `amount` (the scheduled amount
    /// if `nil`).
    case record(id: EntityID, date: CivilDate?, amount: Money?)
    /// An existing transaction, linked to it.
    case link(TransactionID)
    /// An existing transfer, linked to it.
    case linkTransfer(TransferID)
  }

  public var schedule: ScheduleID
  public var date: CivilDate
  public var payment: Payment
  public var source: PaymentSource

  public init(schedule: ScheduleID, date: CivilDate, payment: Payment, source: PaymentSource) {
    self.schedule = schedule
    self.date = date
    self.payment = payment
    self.source = source
  }
}

/// Opens an account.
public struct OpenAccount: Sendable, Hashable, Codable {
  public var account: AccountID
  public var name: String
  public var type: AccountType
  /// The account's currency; the ledger's base currency if `nil`.
  public var currency: Currency?
  /// Signed opening balance, in the account's currency; zero if `nil`.
  public var openingBalance: Money?
  public var date: CivilDate

  public init(
    account: AccountID = .random(), name: String, type: AccountType, currency: Currency? = nil,
    openingBalance: Money? = nil, date: CivilDate
  ) {
    self.account = account
    self.name = name
    self.type = type
    self.currency = currency
    self.openingBalance = openingBalance
    self.date = date
  }
}

/// Creates a custom category. Icon and color default to the seed's neutral style.
public struct CreateCategory: Sendable, Hashable, Codable {
  public var category: CategoryID
  public var name: String
  public var kind: CategoryKind
  public var budgetType: BudgetType
  public var parent: CategoryID?
  public var icon: String?
  public var color: ColorHex?
  public var sortOrder: Int?

  public init(
    category: CategoryID = .random(), name: String, kind: CategoryKind = .expense, budgetType: BudgetType = .variable,
    parent: CategoryID? = nil, icon: String? = nil, color: ColorHex? = nil, sortOrder: Int? = nil
  ) {
    self.category = category
    self.name = name
    self.kind = kind
    self.budgetType = budgetType
    self.parent = parent
    self.icon = icon
    self.color = color
    self.sortOrder = sortOrder
  }
}

/// Opens an expense period.
public struct OpenPeriod: Sendable, Hashable, Codable {
  public var period: PeriodID
  public var name: String
  public var start: CivilDate
  public var end: CivilDate?

  public init(period: PeriodID = .random(), name: String, start: CivilDate, end: CivilDate? = nil) {
    self.period = period
    self.name = name
    self.start = start
    self.end = end
  }
}

/// What `decide` may know besides the state: today's date and the log's chain head.
public struct DecisionContext: Sendable, Hashable {
  /// Today, in the user's calendar: transactions may not be dated after it.
  public var today: CivilDate
  /// The log's chain head (hex), recorded as the seal when a period closes.
  public var chainHead: String

  public init(today: CivilDate, chainHead: String = "") {
    self.today = today
    self.chainHead = chainHead
  }
}

extension LedgerCommand {
  /// Whether deciding the command reads ``DecisionContext/chainHead`` (closing a period seals
  /// it): its events then depend on where in the log they are appended, so a decision made
  /// before the events ahead of it were appended cannot be reused.
  public var readsChainHead: Bool {
    if case .closePeriod = self { return true }
    return false
  }
}

/// The kinds of command, one per case of ``LedgerCommand``, by the name its sync wire form
/// is keyed with: what a golden test walks to find a command without a frozen sample, and
/// what a device names when it lists the commands waiting in its outbox.
extension LedgerCommand {
  public enum Kind: String, CaseIterable, Sendable, Hashable {
    case createLedger
    case openAccount
    case renameAccount
    case closeAccount
    case reopenAccount
    case changeOpeningBalance
    case setAccountRole
    case createCategory
    case renameCategory
    case moveCategory
    case restyleCategory
    case archiveCategory
    case restoreCategory
    case deleteCategory
    case openPeriod
    case closePeriod
    case reopenPeriod
    case setBudget
    case planIncome
    case moveBudget
    case setDueDate
    case clearDueDate
    case setRollover
    case addTransaction
    case amendTransaction
    case deleteTransaction
    case restoreTransaction
    case makeTransfer
    case cancelTransfer
    case createSchedule
    case changeSchedule
    case withdrawScheduleChange
    case pauseSchedule
    case resumeSchedule
    case endSchedule
    case reinstateSchedule
    case deleteSchedule
    case payOccurrence
    case unpayOccurrence
    case skipOccurrence
    case unskipOccurrence
    case addDebt
    case changeDebtTerms
    case withdrawDebtTerms
    case removeDebt
    case addGoal
    case changeGoal
    case contributeToGoal
    case withdrawFromGoal
    case removeGoalEntry
    case completeGoal
    case archiveGoal
    case reopenGoal
  }

  /// The kind of this command.
  public var kind: Kind {
    switch self {
    case .createLedger: .createLedger
    case .openAccount: .openAccount
    case .renameAccount: .renameAccount
    case .closeAccount: .closeAccount
    case .reopenAccount: .reopenAccount
    case .changeOpeningBalance: .changeOpeningBalance
    case .setAccountRole: .setAccountRole
    case .createCategory: .createCategory
    case .renameCategory: .renameCategory
    case .moveCategory: .moveCategory
    case .restyleCategory: .restyleCategory
    case .archiveCategory: .archiveCategory
    case .restoreCategory: .restoreCategory
    case .deleteCategory: .deleteCategory
    case .openPeriod: .openPeriod
    case .closePeriod: .closePeriod
    case .reopenPeriod: .reopenPeriod
    case .setBudget: .setBudget
    case .planIncome: .planIncome
    case .moveBudget: .moveBudget
    case .setDueDate: .setDueDate
    case .clearDueDate: .clearDueDate
    case .setRollover: .setRollover
    case .addTransaction: .addTransaction
    case .amendTransaction: .amendTransaction
    case .deleteTransaction: .deleteTransaction
    case .restoreTransaction: .restoreTransaction
    case .makeTransfer: .makeTransfer
    case .cancelTransfer: .cancelTransfer
    case .createSchedule: .createSchedule
    case .changeSchedule: .changeSchedule
    case .withdrawScheduleChange: .withdrawScheduleChange
    case .pauseSchedule: .pauseSchedule
    case .resumeSchedule: .resumeSchedule
    case .endSchedule: .endSchedule
    case .reinstateSchedule: .reinstateSchedule
    case .deleteSchedule: .deleteSchedule
    case .payOccurrence: .payOccurrence
    case .unpayOccurrence: .unpayOccurrence
    case .skipOccurrence: .skipOccurrence
    case .unskipOccurrence: .unskipOccurrence
    case .addDebt: .addDebt
    case .changeDebtTerms: .changeDebtTerms
    case .withdrawDebtTerms: .withdrawDebtTerms
    case .removeDebt: .removeDebt
    case .addGoal: .addGoal
    case .changeGoal: .changeGoal
    case .contributeToGoal: .contributeToGoal
    case .withdrawFromGoal: .withdrawFromGoal
    case .removeGoalEntry: .removeGoalEntry
    case .completeGoal: .completeGoal
    case .archiveGoal: .archiveGoal
    case .reopenGoal: .reopenGoal
    }
  }
}
