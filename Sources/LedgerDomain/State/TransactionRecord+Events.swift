extension TransactionRecord {
  /// The record the events of one transaction's stream fold into, oldest first: what
  /// ``LedgerState/apply(_:)`` makes of them. `nil` if they do not start with its addition.
  public init?(folding events: some Sequence<LedgerEvent>) {
    var record: TransactionRecord?
    for event in events {
      if case .transactionAdded(let added) = event {
        record = TransactionRecord(added: added)
      } else {
        record?.apply(event)
      }
    }
    guard let record else { return nil }
    self = record
  }

  /// Folds a later event of the transaction's stream into the record: an amendment changes it
  /// in place, a deletion marks it, a restore replaces it. Each is a new version. Other
  /// events leave it as it is.
  public mutating func apply(_ event: LedgerEvent) {
    switch event {
    case .transactionAmended(let e):
      added.apply(e)
      version += 1
    case .transactionDeleted:
      isDeleted = true
      version += 1
    case .transactionRestored(let e):
      // A new record rather than a change to this one, whose transaction is replaced.
      self = TransactionRecord(added: e.transaction, isDeleted: false, version: version + 1)
    case .ledgerCreated, .accountOpened, .accountRenamed, .accountClosed, .accountReopened, .openingBalanceChanged,
      .accountRoleChanged, .categoryCreated, .categoryRenamed, .categoryMoved, .categoryRestyled,
      .categoryArchived, .categoryRestored, .categoryDeleted, .periodOpened, .periodClosed, .periodReopened,
      .budgetSet, .incomePlanned, .budgetMoved, .dueDateSet, .dueDateCleared, .rolloverSet, .transactionAdded,
      .transferMade, .transferCancelled, .scheduleCreated, .scheduleChanged, .scheduleChangeWithdrawn,
      .schedulePaused, .scheduleResumed, .scheduleEnded, .scheduleReinstated, .scheduleDeleted,
      .scheduleOccurrencePaid, .scheduleOccurrenceUnpaid, .scheduleOccurrenceSkipped, .scheduleOccurrenceUnskipped,
      .debtAdded, .debtTermsChanged, .debtTermsWithdrawn, .debtRemoved, .goalAdded, .goalChanged, .goalContributed,
      .goalContributionWithdrawn, .goalEntryRemoved, .goalCompleted, .goalArchived, .goalReopened:
      break
    }
  }
}
