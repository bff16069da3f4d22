import EventLog
import LedgerDomain

extension Ledger {
  /// The rules' state folded from the streams of the entities of `kinds` only — every
  /// account's, say — instead of from the whole log: listing a ledger's accounts then reads
  /// their few events rather than folding a million transactions (about two seconds).
  ///
  /// Whatever other streams feed is absent from it: accounts and periods are whole (their
  /// records follow their own streams alone), but a category's postings count transactions,
  /// and budgets live in streams of their own. Read only the records of the kinds asked for.
  public func state(ofStreamsOf kinds: [any EntityIdentifier.Type]) throws(LedgerError) -> LedgerState {
    var recorded: [RecordedEvent] = []
    do {
      for kind in kinds { recorded += try log.events(ofStreamsWithPrefix: "\(kind.streamPrefix)-") }
    } catch {
      throw .log(error)
    }
    recorded.sort { $0.position < $1.position }  // one log order across the kinds
    var state = LedgerState()
    for event in recorded { state.apply(try StoredEvent.decode(event)) }
    return state
  }
}
