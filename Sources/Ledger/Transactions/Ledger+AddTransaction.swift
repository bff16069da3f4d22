import EventLog
import LedgerDomain
import Schedules

extension Ledger {
  /// Records a transaction the user entered, and what follows from it: a transaction that
  /// looks like a bill due within ``ScheduleMatching/windowDays`` days of its date pays it
  /// (``matchScheduled(account:dueFrom:through:after:partOf:linking:metadata:)``), under the
  /// command's correlation id, so that one undo takes back both. Nothing more is read unless
  /// it looks like one.
  ///
  /// The transaction stands whether or not the matching that follows succeeds: a failure to
  /// match leaves the bill open (the next match, by `bills` or an import, links it), and
  /// ``TransactionAddition/bills`` is then empty. A duplicate (the idempotency key recorded
  /// before) matches nothing again.
  ///
  /// - Throws: ``LedgerError/rejected(_:)`` when a rule refuses the transaction; nothing changes.
  public func addTransaction(
    _ command: AddTransaction, metadata: EventMetadata = .init(), idempotencyKey: IdempotencyKey? = nil,
    requestFingerprint: ChainHash? = nil
  ) async throws(LedgerError) -> TransactionAddition {
    let metadata = Self.correlated(metadata)
    let outcome = try await execute(
      .addTransaction(command), metadata: metadata, idempotencyKey: idempotencyKey,
      requestFingerprint: requestFingerprint)
    let none = MatchReport(linked: [], suggested: [])
    guard !outcome.wasDuplicate,
      let added = outcome.events.lazy.compactMap({ if case .transactionAdded(let e) = $0 { e } else { nil } }).first
    else { return TransactionAddition(outcome: outcome, bills: none) }
    let window = ScheduleMatching.windowDays
    let bills = try? await matchScheduled(
      account: added.account, dueFrom: try? added.date.adding(days: -window),
      through: try? added.date.adding(days: window), after: added, partOf: metadata.correlationId,
      metadata: metadata)
    return TransactionAddition(outcome: outcome, bills: bills ?? none)
  }
}
