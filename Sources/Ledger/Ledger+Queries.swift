import EventLog
import LedgerDomain
import ProjectionEngine
import RunningBalances

extension Ledger {
  /// Runs `body` on one consistent snapshot of the projections, at the log position `point`
  /// resolves to, and returns its value with that position.
  ///
  /// - Parameter upToProjections: clamp the position to what the projections have folded
  ///   (``ProjectionReader/checkpoint``); `false` for answers read from the log itself.
  public func query<Value: Sendable>(
    at point: TimePoint = .now, upToProjections: Bool = true, _ body: (ProjectionReader, UInt64) throws -> Value
  ) throws(LedgerError) -> Answer<Value> {
    do {
      let requested: UInt64? =
        switch point {
        case .now: nil
        case .position(let position): position
        case .recordedAt(let milliseconds): try log.position(recordedAtOrBefore: milliseconds)
        }
      return try projections.read { reader in
        // Never past what the projections have folded: while a bulk load defers them, the
        // answer is as of before it, and says so.
        let limit = upToProjections ? reader.checkpoint : reader.head.position
        let position = min(requested ?? limit, limit)
        let recordedAt = position == 0 ? 0 : (try log.event(at: position)?.recordedAt ?? 0)
        return Answer(value: try body(reader, position), position: position, recordedAt: recordedAt)
      }
    } catch {
      throw LedgerError(error)
    }
  }

  /// Every account's balance at the end of `date` (business time), as known at `point`.
  public func balances(on date: CivilDate, at point: TimePoint = .now) throws(LedgerError) -> Answer<[AccountBalance]> {
    try query(at: point) { reader, position in try BalanceQueries(reader).balances(on: date, asKnownAt: position) }
  }

  /// `account`'s balance at the end of `date`, now; nil for an account the read model does
  /// not know. For a front end to say what closing an account would leave in it.
  public func balance(of account: AccountID, on date: CivilDate) throws(LedgerError) -> Money? {
    try balances(on: date).value.first { $0.account == account }?.balance
  }

  /// A page of an account's log (or of all accounts in the base currency) with running
  /// balances, newest first, as known at `point`.
  public func transactionLog(
    account: AccountID?, before: LogCursor? = nil, after: LogCursor? = nil, limit: Int = 50, at point: TimePoint = .now
  ) throws(LedgerError) -> Answer<LogPage> {
    var currency = baseCurrency
    if let account, let own = try accountCurrency(account) { currency = own }
    return try query(at: point) { reader, position in
      try BalanceQueries(reader).log(
        account: account, currency: currency, before: before, after: after, limit: limit, asKnownAt: position)
    }
  }
}

extension Ledger {
  /// An account's currency, from the running-balances projection (no history fold).
  func accountCurrency(_ account: AccountID) throws(LedgerError) -> Currency? {
    try query { reader, _ in try BalanceQueries(reader).accounts().first { $0.account == account }?.currency }.value
  }
}
