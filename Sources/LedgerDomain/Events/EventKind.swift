/// Every kind of event the ledger records, by the type name stored in the log.
///
/// This is the event registry: one case per payload type, its raw value the stable name
/// (unique — the compiler refuses two cases with one raw value), and ``payloadType`` the
/// one place that maps a kind to the type that declares everything else about it (schema
/// version, stream, decoder with its upcasters, the ``LedgerEvent`` case it is carried in).
/// Adding an event: its payload struct conforming to ``EventPayload``, a case here, a case
/// in ``LedgerEvent``; the compiler then asks for the rest (CONTRIBUTING.md).
public enum EventKind: String, CaseIterable, Sendable, Hashable {
  case ledgerCreated = "LedgerCreated"
  case accountOpened = "AccountOpened"
  case accountRenamed = "AccountRenamed"
  case accountClosed = "AccountClosed"
  case accountReopened = "AccountReopened"
  case openingBalanceChanged = "OpeningBalanceChanged"
  case categoryCreated = "CategoryCreated"
  case categoryRenamed = "CategoryRenamed"
  case categoryMoved = "CategoryMoved"
  case categoryRestyled = "CategoryRestyled"
  case categoryArchived = "CategoryArchived"
  case categoryRestored = "CategoryRestored"
  case categoryDeleted = "CategoryDeleted"
  case periodOpened = "PeriodOpened"
  case periodClosed = "PeriodClosed"
  case periodReopened = "PeriodReopened"
  case budgetSet = "BudgetSet"
  case incomePlanned = "IncomePlanned"
  case budgetMoved = "BudgetMoved"
  case dueDateSet = "DueDateSet"
  case dueDateCleared = "DueDateCleared"
  case rolloverSet = "RolloverSet"
  case transactionAdded = "TransactionAdded"
  case transactionAmended = "TransactionAmended"
  case transactionDeleted = "TransactionDeleted"
  case transactionRestored = "TransactionRestored"
  case transferMade = "TransferMade"
  case transferCancelled = "TransferCancelled"
  case scheduleCreated = "ScheduleCreated"
  case scheduleChanged = "ScheduleChanged"
  case scheduleChangeWithdrawn = "ScheduleChangeWithdrawn"
  case schedulePaused = "SchedulePaused"
  case scheduleResumed = "ScheduleResumed"
  case scheduleEnded = "ScheduleEnded"
  case scheduleReinstated = "ScheduleReinstated"
  case scheduleDeleted = "ScheduleDeleted"
  case scheduleOccurrencePaid = "ScheduleOccurrencePaid"
  case scheduleOccurrenceUnpaid = "ScheduleOccurrenceUnpaid"
  case scheduleOccurrenceSkipped = "ScheduleOccurrenceSkipped"
  case scheduleOccurrenceUnskipped = "ScheduleOccurrenceUnskipped"
  case debtAdded = "DebtAdded"
  case debtTermsChanged = "DebtTermsChanged"
  case debtTermsWithdrawn = "DebtTermsWithdrawn"
  case debtRemoved = "DebtRemoved"
  case goalAdded = "GoalAdded"
  case goalChanged = "GoalChanged"
  case goalContributed = "GoalContributed"
  case goalContributionWithdrawn = "GoalContributionWithdrawn"
  case goalEntryRemoved = "GoalEntryRemoved"
  case goalCompleted = "GoalCompleted"
  case goalArchived = "GoalArchived"
  case goalReopened = "GoalReopened"
  case accountRoleChanged = "AccountRoleChanged"

  /// The payload type of this kind of event.
  public var payloadType: any EventPayload.Type {
    switch self {
    case .ledgerCreated: LedgerCreated.self
    case .accountOpened: AccountOpened.self
    case .accountRenamed: AccountRenamed.self
    case .accountClosed: AccountClosed.self
    case .accountReopened: AccountReopened.self
    case .openingBalanceChanged: OpeningBalanceChanged.self
    case .accountRoleChanged: AccountRoleChanged.self
    case .categoryCreated: CategoryCreated.self
    case .categoryRenamed: CategoryRenamed.self
    case .categoryMoved: CategoryMoved.self
    case .categoryRestyled: CategoryRestyled.self
    case .categoryArchived: CategoryArchived.self
    case .categoryRestored: CategoryRestored.self
    case .categoryDeleted: CategoryDeleted.self
    case .periodOpened: PeriodOpened.self
    case .periodClosed: PeriodClosed.self
    case .periodReopened: PeriodReopened.self
    case .budgetSet: BudgetSet.self
    case .incomePlanned: IncomePlanned.self
    case .budgetMoved: BudgetMoved.self
    case .dueDateSet: DueDateSet.self
    case .dueDateCleared: DueDateCleared.self
    case .rolloverSet: RolloverSet.self
    case .transactionAdded: TransactionAdded.self
    case .transactionAmended: TransactionAmended.self
    case .transactionDeleted: TransactionDeleted.self
    case .transactionRestored: TransactionRestored.self
    case .transferMade: TransferMade.self
    case .transferCancelled: TransferCancelled.self
    case .scheduleCreated: ScheduleCreated.self
    case .scheduleChanged: ScheduleChanged.self
    case .scheduleChangeWithdrawn: ScheduleChangeWithdrawn.self
    case .schedulePaused: SchedulePaused.self
    case .scheduleResumed: ScheduleResumed.self
    case .scheduleEnded: ScheduleEnded.self
    case .scheduleReinstated: ScheduleReinstated.self
    case .scheduleDeleted: ScheduleDeleted.self
    case .scheduleOccurrencePaid: ScheduleOccurrencePaid.self
    case .scheduleOccurrenceUnpaid: ScheduleOccurrenceUnpaid.self
    case .scheduleOccurrenceSkipped: ScheduleOccurrenceSkipped.self
    case .scheduleOccurrenceUnskipped: ScheduleOccurrenceUnskipped.self
    case .debtAdded: DebtAdded.self
    case .debtTermsChanged: DebtTermsChanged.self
    case .debtTermsWithdrawn: DebtTermsWithdrawn.self
    case .debtRemoved: DebtRemoved.self
    case .goalAdded: GoalAdded.self
    case .goalChanged: GoalChanged.self
    case .goalContributed: GoalContributed.self
    case .goalContributionWithdrawn: GoalContributionWithdrawn.self
    case .goalEntryRemoved: GoalEntryRemoved.self
    case .goalCompleted: GoalCompleted.self
    case .goalArchived: GoalArchived.self
    case .goalReopened: GoalReopened.self
    }
  }

  /// The kind stored under `typeName`, or `nil` for a name this program does not know
  /// (written by a newer one).
  public init?(typeName: String) {
    guard let kind = Self.byTypeName[typeName] else { return nil }
    self = kind
  }

  private static let byTypeName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}
