import Ledger
import LedgerDomain

extension CommandOutcome {
  /// The name the command recorded — of the ledger, account, category or period it created or
  /// renamed, the income source it planned, the transaction it added — as the rules stored it
  /// (trimmed; an income source in the spelling already known), for the line that reports it.
  /// Nil for other commands and for duplicates, which record nothing.
  var recordedName: String? {
    for event in events {
      switch event {
      case .ledgerCreated(let e): return e.name
      case .accountOpened(let e): return e.name
      case .accountRenamed(let e): return e.name
      case .categoryCreated(let e): return e.name
      case .categoryRenamed(let e): return e.name
      case .periodOpened(let e): return e.name
      case .incomePlanned(let e): return e.source
      case .transactionAdded(let e): return e.name
      case .accountClosed, .accountReopened, .openingBalanceChanged, .accountRoleChanged, .categoryMoved,
        .categoryRestyled, .categoryArchived, .categoryRestored, .categoryDeleted, .periodClosed, .periodReopened,
        .budgetSet, .budgetMoved, .dueDateSet, .dueDateCleared, .rolloverSet, .transactionAmended,
        .transactionDeleted, .transactionRestored, .transferMade, .transferCancelled, .scheduleCreated,
        .scheduleChanged, .scheduleChangeWithdrawn, .schedulePaused, .scheduleResumed, .scheduleEnded,
        .scheduleReinstated, .scheduleDeleted, .scheduleOccurrencePaid, .scheduleOccurrenceUnpaid,
        .scheduleOccurrenceSkipped, .scheduleOccurrenceUnskipped, .debtAdded, .debtTermsChanged,
        .debtTermsWithdrawn, .debtRemoved, .goalAdded, .goalChanged, .goalContributed, .goalContributionWithdrawn,
        .goalEntryRemoved, .goalCompleted, .goalArchived, .goalReopened:
        continue
      }
    }
    return nil
  }
}
