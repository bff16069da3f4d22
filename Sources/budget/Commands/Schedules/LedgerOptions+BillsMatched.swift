import Ledger
import LedgerDomain
import LedgerWire
import QueryResults

extension LedgerOptions {
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
