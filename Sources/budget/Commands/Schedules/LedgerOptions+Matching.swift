import Ledger
import LedgerDomain
import LedgerWire
import QueryResults

extension LedgerOptions {
  /// Links new transactions that look like due scheduled occurrences, and says so on stderr —
  /// with the command that settles an occurrence whose candidates could not be told apart.
  ///
  /// - Parameters:
  ///   - account: the account the new transactions are on (`nil`: any).
  ///   - dates: the days they are dated in, if known (a transaction added by hand): only
  ///     occurrences due within a week of them are looked at.
  ///   - added: the transaction added by hand, if that is what happened: nothing more is read
  ///     unless it looks like a due occurrence. The links are part of the command that added
  ///     it: one undo takes back both.
  ///   - action: the correlation id of the action that brought the transactions in (an
  ///     import's), whose undo takes back the links too.
  func matchScheduled(
    on ledger: Ledger, account: AccountID?, dates: ClosedRange<CivilDate>? = nil, added: TransactionAdded? = nil,
    partOf action: String? = nil
  ) async {
    let window = ScheduleMatching.windowDays
    let report = try? await ledger.matchScheduled(
      account: account, dueFrom: dates.flatMap { try? $0.lowerBound.adding(days: -window) },
      through: dates.flatMap { try? $0.upperBound.adding(days: window) }, after: added, partOf: action,
      metadata: metadata)
    guard let report else { return }
    Self.say(report)
  }

  /// Says on stderr which occurrences `report` linked to new transactions, and how to settle
  /// those whose candidates could not be told apart.
  static func say(_ report: MatchReport) {
    for pairing in report.linked {
      Console.note(
        "matched '\(pairing.occurrence.terms.name)' of \(pairing.occurrence.nominal) to transaction \(pairing.transaction.id.short) (\(pairing.transaction.date), \(pairing.transaction.amount.formatted()))"
      )
    }
    for pairing in report.suggested {
      Console.note(
        "possible payment of '\(pairing.occurrence.terms.name)' of \(pairing.occurrence.nominal): transaction \(pairing.transaction.id.short) '\(pairing.transaction.name)' — to link it: budget schedule pay \(quotedIfNeeded(pairing.occurrence.terms.name)) --occurrence \(pairing.occurrence.nominal) --transaction \(pairing.transaction.id.short)"
      )
    }
  }
}
