/// Every event the ledger records: the catalog of `docs/events.md`.
public enum LedgerEvent: Sendable, Hashable {
  case ledgerCreated(LedgerCreated)
  case accountOpened(AccountOpened)
  case accountRenamed(AccountRenamed)
  case accountClosed(AccountClosed)
  case accountReopened(AccountReopened)
  case openingBalanceChanged(OpeningBalanceChanged)
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

  /// The payload, whatever its type.
  public var payload: any EventPayload {
    switch self {
    case .ledgerCreated(let e): e
    case .accountOpened(let e): e
    case .accountRenamed(let e): e
    case .accountClosed(let e): e
    case .accountReopened(let e): e
    case .openingBalanceChanged(let e): e
    case .categoryCreated(let e): e
    case .categoryRenamed(let e): e
    case .categoryMoved(let e): e
    case .categoryRestyled(let e): e
    case .categoryArchived(let e): e
    case .categoryRestored(let e): e
    case .categoryDeleted(let e): e
    case .periodOpened(let e): e
    case .periodClosed(let e): e
    case .periodReopened(let e): e
    case .budgetSet(let e): e
    case .incomePlanned(let e): e
    case .budgetMoved(let e): e
    case .dueDateSet(let e): e
    case .dueDateCleared(let e): e
    case .rolloverSet(let e): e
    case .transactionAdded(let e): e
    case .transactionAmended(let e): e
    case .transactionDeleted(let e): e
    case .transactionRestored(let e): e
    case .transferMade(let e): e
    case .transferCancelled(let e): e
    }
  }

  // Asked of every event appended or replayed: answered case by case, not through
  // `payload`, whose existential boxes the payload (an allocation and a copy of every field)
  // each time.

  /// The payload's type.
  public var payloadType: any EventPayload.Type {
    switch self {
    case .ledgerCreated: LedgerCreated.self
    case .accountOpened: AccountOpened.self
    case .accountRenamed: AccountRenamed.self
    case .accountClosed: AccountClosed.self
    case .accountReopened: AccountReopened.self
    case .openingBalanceChanged: OpeningBalanceChanged.self
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
    }
  }

  /// The stable type name stored in the log.
  public var typeName: String { payloadType.typeName }
  /// The schema version this program writes for the event's type.
  public var schemaVersion: UInt16 { payloadType.schemaVersion }
  /// The stream the event is appended to.
  public var stream: String {
    switch self {
    case .ledgerCreated(let e): e.stream
    case .accountOpened(let e): e.stream
    case .accountRenamed(let e): e.stream
    case .accountClosed(let e): e.stream
    case .accountReopened(let e): e.stream
    case .openingBalanceChanged(let e): e.stream
    case .categoryCreated(let e): e.stream
    case .categoryRenamed(let e): e.stream
    case .categoryMoved(let e): e.stream
    case .categoryRestyled(let e): e.stream
    case .categoryArchived(let e): e.stream
    case .categoryRestored(let e): e.stream
    case .categoryDeleted(let e): e.stream
    case .periodOpened(let e): e.stream
    case .periodClosed(let e): e.stream
    case .periodReopened(let e): e.stream
    case .budgetSet(let e): e.stream
    case .incomePlanned(let e): e.stream
    case .budgetMoved(let e): e.stream
    case .dueDateSet(let e): e.stream
    case .dueDateCleared(let e): e.stream
    case .rolloverSet(let e): e.stream
    case .transactionAdded(let e): e.stream
    case .transactionAmended(let e): e.stream
    case .transactionDeleted(let e): e.stream
    case .transactionRestored(let e): e.stream
    case .transferMade(let e): e.stream
    case .transferCancelled(let e): e.stream
    }
  }

  /// The payload in the log's binary form. Transactions — most of the log — are written
  /// without `Codable` (``TransactionAdded/fastEncoded()``), to the same bytes.
  public func encodedPayload() throws(CodecError) -> [UInt8] {
    if case .transactionAdded(let added) = self, let bytes = added.fastEncoded() { return bytes }
    return try BinaryEncoder().encode(payload)
  }
}
