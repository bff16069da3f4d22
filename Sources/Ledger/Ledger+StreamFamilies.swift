import EventLog
import LedgerDomain

extension Ledger {
  /// The rules' state folded from the streams of the entities of `kinds` only — every
  /// account's, say — up to `position`, instead of from the whole log: listing a ledger's
  /// accounts then reads their few events rather than folding a million transactions (about
  /// two seconds). The kinds are read in one snapshot, in one log order.
  ///
  /// Whatever other streams feed is absent from it: periods are whole, and accounts but for
  /// the days they have transactions on (``AccountRecord/transactionDays``); a category's
  /// postings count transactions, and budgets live in streams of their own. Read only the
  /// records of the kinds asked for.
  public func state(
    ofStreamsOf kinds: [any EntityIdentifier.Type], upTo position: UInt64 = .max
  ) throws(LedgerError) -> LedgerState {
    let recorded: [RecordedEvent]
    do {
      recorded = try log.events(ofStreamsWithPrefixes: kinds.map { "\($0.streamPrefix)-" }, upTo: position)
    } catch {
      throw .log(error)
    }
    var state = LedgerState()
    for event in recorded { state.apply(try StoredEvent.decode(event)) }
    return state
  }
}
