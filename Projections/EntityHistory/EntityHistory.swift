import EventLog
import LedgerCodec
import LedgerDomain

/// The audit trail of one entity: every event of its stream, with when, by whom and what
/// changed in words.
///
/// It needs no projection tables: the log's stream index is the read model. "What changed"
/// is computed by folding the stream's events in order, so an amendment — which carries only
/// the new values — is shown with the values it replaced. Entities an event refers to
/// (categories, accounts, periods) are shown by the name they had at that event.
public struct EntityHistory: Sendable {
  let log: EventLog

  /// A history reader over `log`.
  public init(_ log: EventLog) { self.log = log }

  /// Every event of `stream` — `transaction-<id>`, `category-<id>`, `account-<id>`,
  /// `period-<id>`, `transfer-<id>`, `budget-YYYY-MM`, `budget-YYYY` or `ledger` — recorded at
  /// or before `asKnownAt`, oldest first. Empty for a stream with no events.
  ///
  /// - Throws: `EventLogError` for an invalid stream name or a storage failure, `CodecError`
  ///   for an event this program cannot read.
  public func history(of stream: String, asKnownAt: UInt64 = .max) throws -> [HistoryEntry] {
    let events = try log.read(stream: StreamName(stream), from: 1, direction: .forward, limit: .max)
    var fold = HistoryFold(names: NameBook(log: log))
    var entries: [HistoryEntry] = []
    entries.reserveCapacity(events.count)
    for recorded in events {
      guard recorded.position <= asKnownAt else { break }
      let event = try EventCodec.decode(
        type: recorded.type, schemaVersion: recorded.schemaVersion, payload: recorded.payload
      )
      .completed(recordedAt: recorded.recordedAt)
      let changes = try fold.describe(event, at: recorded.position)
      entries.append(
        HistoryEntry(
          position: recorded.position, streamVersion: recorded.streamVersion, recordedAt: recorded.recordedAt,
          actor: recorded.metadata.actor, eventType: recorded.type, changes: changes))
    }
    return entries
  }

  /// The history of a transaction, category, account, period or transfer.
  public func history(of entity: some EntityIdentifier, asKnownAt: UInt64 = .max) throws -> [HistoryEntry] {
    try history(of: entity.stream, asKnownAt: asKnownAt)
  }

  /// The history of a month's budget: its `BudgetSet`, `BudgetMoved` and monthly `IncomePlanned` events.
  public func history(ofBudget month: YearMonth, asKnownAt: UInt64 = .max) throws -> [HistoryEntry] {
    try history(of: budgetStream(month), asKnownAt: asKnownAt)
  }
}
