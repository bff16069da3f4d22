/// Every event the ledger records: the catalog of `docs/events.md`.
public enum LedgerEvent: Sendable, Hashable {
  case ledgerCreated(LedgerCreated)
  case accountOpened(AccountOpened)
  case accountRenamed(AccountRenamed)
  case accountClosed(AccountClosed)
  case accountReopened(AccountReopened)
  case openingBalanceChanged(OpeningBalanceChanged)
  case accountRoleChanged(AccountRoleChanged)
  case categoryCreated(CategoryCreated)
  case categoryRenamed(CategoryRenamed)
  case categoryMoved(CategoryMoved)
  case categoryRestyled(CategoryRestyled)
  case categoryArchived(CategoryArchived)
  case categoryRestored(CategoryRestored)
  case categoryDeleted(CategoryDeleted)
  case periodOpened(PeriodOpened)
  case periodClosed(PeriodClosed)
  case periodReopened(PeriodReopened)
  case budgetSet(BudgetSet)
  case incomePlanned(IncomePlanned)
  case budgetMoved(BudgetMoved)
  case dueDateSet(DueDateSet)
  case dueDateCleared(DueDateCleared)
  case rolloverSet(RolloverSet)
  // The transaction events — nearly all of a log — are boxed: a `switch` that binds one then
  // reads it in its box, where an inline payload (hundreds of bytes, with a before-image) was
  // copied out, and every text field retained and released, by each projector for each event.
  // The enum itself is then a few words, moved cheaply from decoding to the folds.
  indirect case transactionAdded(TransactionAdded)
  indirect case transactionAmended(TransactionAmended)
  indirect case transactionDeleted(TransactionDeleted)
  indirect case transactionRestored(TransactionRestored)
  case transferMade(TransferMade)
  case transferCancelled(TransferCancelled)
  // The schedule events carry terms of hundreds of bytes: boxed, so that the enum stays the
  // few words every other event moves through decoding and the folds.
  indirect case scheduleCreated(ScheduleCreated)
  indirect case scheduleChanged(ScheduleChanged)
  indirect case scheduleChangeWithdrawn(ScheduleChangeWithdrawn)
  indirect case schedulePaused(SchedulePaused)
  indirect case scheduleResumed(ScheduleResumed)
  indirect case scheduleEnded(ScheduleEnded)
  indirect case scheduleReinstated(ScheduleReinstated)
  indirect case scheduleDeleted(ScheduleDeleted)
  indirect case scheduleOccurrencePaid(ScheduleOccurrencePaid)
  indirect case scheduleOccurrenceUnpaid(ScheduleOccurrenceUnpaid)
  indirect case scheduleOccurrenceSkipped(ScheduleOccurrenceSkipped)
  indirect case scheduleOccurrenceUnskipped(ScheduleOccurrenceUnskipped)
  indirect case debtAdded(DebtAdded)
  indirect case debtTermsChanged(DebtTermsChanged)
  indirect case debtTermsWithdrawn(DebtTermsWithdrawn)
  indirect case debtRemoved(DebtRemoved)
  indirect case goalAdded(GoalAdded)
  indirect case goalChanged(GoalChanged)
  indirect case goalContributed(GoalContributed)
  indirect case goalContributionWithdrawn(GoalContributionWithdrawn)
  indirect case goalEntryRemoved(GoalEntryRemoved)
  indirect case goalCompleted(GoalCompleted)
  indirect case goalArchived(GoalArchived)
  indirect case goalReopened(GoalReopened)

  /// Hands the payload, with its static type, to `visitor`: the one switch over the cases.
  ///
  /// Everything asked of an event whatever its type — its stream, type name, schema
  /// version, encoding — goes through here, specialised per payload type, without boxing
  /// the payload in an existential (an allocation and a copy of every field) on the paths
  /// that append or replay every event.
  @inline(__always)
  public func visit<Visitor: EventPayloadVisitor>(_ visitor: Visitor) throws(Visitor.Failure) -> Visitor.Result {
    switch self {
    case .ledgerCreated(let e): try visitor.visit(e)
    case .accountOpened(let e): try visitor.visit(e)
    case .accountRenamed(let e): try visitor.visit(e)
    case .accountClosed(let e): try visitor.visit(e)
    case .accountReopened(let e): try visitor.visit(e)
    case .openingBalanceChanged(let e): try visitor.visit(e)
    case .accountRoleChanged(let e): try visitor.visit(e)
    case .categoryCreated(let e): try visitor.visit(e)
    case .categoryRenamed(let e): try visitor.visit(e)
    case .categoryMoved(let e): try visitor.visit(e)
    case .categoryRestyled(let e): try visitor.visit(e)
    case .categoryArchived(let e): try visitor.visit(e)
    case .categoryRestored(let e): try visitor.visit(e)
    case .categoryDeleted(let e): try visitor.visit(e)
    case .periodOpened(let e): try visitor.visit(e)
    case .periodClosed(let e): try visitor.visit(e)
    case .periodReopened(let e): try visitor.visit(e)
    case .budgetSet(let e): try visitor.visit(e)
    case .incomePlanned(let e): try visitor.visit(e)
    case .budgetMoved(let e): try visitor.visit(e)
    case .dueDateSet(let e): try visitor.visit(e)
    case .dueDateCleared(let e): try visitor.visit(e)
    case .rolloverSet(let e): try visitor.visit(e)
    case .transactionAdded(let e): try visitor.visit(e)
    case .transactionAmended(let e): try visitor.visit(e)
    case .transactionDeleted(let e): try visitor.visit(e)
    case .transactionRestored(let e): try visitor.visit(e)
    case .transferMade(let e): try visitor.visit(e)
    case .transferCancelled(let e): try visitor.visit(e)
    case .scheduleCreated(let e): try visitor.visit(e)
    case .scheduleChanged(let e): try visitor.visit(e)
    case .scheduleChangeWithdrawn(let e): try visitor.visit(e)
    case .schedulePaused(let e): try visitor.visit(e)
    case .scheduleResumed(let e): try visitor.visit(e)
    case .scheduleEnded(let e): try visitor.visit(e)
    case .scheduleReinstated(let e): try visitor.visit(e)
    case .scheduleDeleted(let e): try visitor.visit(e)
    case .scheduleOccurrencePaid(let e): try visitor.visit(e)
    case .scheduleOccurrenceUnpaid(let e): try visitor.visit(e)
    case .scheduleOccurrenceSkipped(let e): try visitor.visit(e)
    case .scheduleOccurrenceUnskipped(let e): try visitor.visit(e)
    case .debtAdded(let e): try visitor.visit(e)
    case .debtTermsChanged(let e): try visitor.visit(e)
    case .debtTermsWithdrawn(let e): try visitor.visit(e)
    case .debtRemoved(let e): try visitor.visit(e)
    case .goalAdded(let e): try visitor.visit(e)
    case .goalChanged(let e): try visitor.visit(e)
    case .goalContributed(let e): try visitor.visit(e)
    case .goalContributionWithdrawn(let e): try visitor.visit(e)
    case .goalEntryRemoved(let e): try visitor.visit(e)
    case .goalCompleted(let e): try visitor.visit(e)
    case .goalArchived(let e): try visitor.visit(e)
    case .goalReopened(let e): try visitor.visit(e)
    }
  }

  /// The payload, whatever its type.
  public var payload: any EventPayload { visit(Payload()) }
  /// The payload's type.
  public var payloadType: any EventPayload.Type { visit(PayloadType()) }
  /// The kind of event: its entry in the registry.
  public var kind: EventKind { visit(Kind()) }
  /// The stable type name stored in the log.
  public var typeName: String { kind.rawValue }
  /// The schema version this program writes for the event's type.
  public var schemaVersion: UInt16 { visit(SchemaVersion()) }
  /// The stream the event is appended to.
  public var stream: String { visit(Stream()) }

  /// The payload in the log's binary form: its `Codable` conformance written by
  /// ``BinaryEncoder``, the canonical form of the stored bytes. The log's append path writes
  /// the same bytes through `EventCodec` (in `LedgerCodec`), faster for the commonest types.
  public func encodedPayload() throws(CodecError) -> [UInt8] {
    try visit(Encoding())
  }

  private struct Payload: EventPayloadVisitor {
    func visit<P: EventPayload>(_ payload: P) -> any EventPayload { payload }
  }
  private struct PayloadType: EventPayloadVisitor {
    func visit<P: EventPayload>(_ payload: P) -> any EventPayload.Type { P.self }
  }
  private struct Kind: EventPayloadVisitor {
    func visit<P: EventPayload>(_ payload: P) -> EventKind { P.kind }
  }
  private struct SchemaVersion: EventPayloadVisitor {
    func visit<P: EventPayload>(_ payload: P) -> UInt16 { P.schemaVersion }
  }
  private struct Stream: EventPayloadVisitor {
    func visit<P: EventPayload>(_ payload: P) -> String { payload.stream }
  }
  private struct Encoding: EventPayloadVisitor {
    func visit<P: EventPayload>(_ payload: P) throws(CodecError) -> [UInt8] { try BinaryEncoder().encode(payload) }
  }
}

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

extension LedgerEvent {
  /// The name this event recorded — of the ledger, account, category or period it created or
  /// renamed, the income source it planned, the transaction it added — as the rules stored it
  /// (trimmed; an income source in the spelling already known), for the line that reports it;
  /// nil for an event that records no name. Every kind is named, so that a new one does not
  /// compile until it says.
  public var recordedName: String? {
    switch self {
    case .ledgerCreated(let e): e.name
    case .accountOpened(let e): e.name
    case .accountRenamed(let e): e.name
    case .categoryCreated(let e): e.name
    case .categoryRenamed(let e): e.name
    case .periodOpened(let e): e.name
    case .incomePlanned(let e): e.source
    case .transactionAdded(let e): e.name
    case .accountClosed, .accountReopened, .openingBalanceChanged, .accountRoleChanged, .categoryMoved,
      .categoryRestyled, .categoryArchived, .categoryRestored, .categoryDeleted, .periodClosed, .periodReopened,
      .budgetSet, .budgetMoved, .dueDateSet, .dueDateCleared, .rolloverSet, .transactionAmended,
      .transactionDeleted, .transactionRestored, .transferMade, .transferCancelled, .scheduleCreated,
      .scheduleChanged, .scheduleChangeWithdrawn, .schedulePaused, .scheduleResumed, .scheduleEnded,
      .scheduleReinstated, .scheduleDeleted, .scheduleOccurrencePaid, .scheduleOccurrenceUnpaid,
      .scheduleOccurrenceSkipped, .scheduleOccurrenceUnskipped, .debtAdded, .debtTermsChanged,
      .debtTermsWithdrawn, .debtRemoved, .goalAdded, .goalChanged, .goalContributed, .goalContributionWithdrawn,
      .goalEntryRemoved, .goalCompleted, .goalArchived, .goalReopened:
      nil
    }
  }
}
