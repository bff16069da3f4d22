import Ledger
import LedgerDomain
import QueryResults

extension LedgerOptions {
  /// Links new transactions that look like due scheduled occurrences, and says so on stderr —
  /// with the command that settles an occurrence whose candidates could not be told apart.
  func matchScheduled(on ledger: Ledger) async {
    guard let report = try? await ledger.matchScheduled(metadata: metadata) else { return }
    for pairing in report.linked {
      Console.note(
        "matched '\(pairing.occurrence.terms.name)' of \(pairing.occurrence.nominal) to transaction \(pairing.transaction.id.short) (\(pairing.transaction.date), \(pairing.transaction.amount.formatted()))"
      )
    }
    for pairing in report.suggested {
      Console.note(
        "possible payment of '\(pairing.occurrence.terms.name)' of \(pairing.occurrence.nominal): transaction \(pairing.transaction.id.short) '\(pairing.transaction.name)' — to link it: budget schedule pay \(Resolve.quotedIfNeeded(pairing.occurrence.terms.name)) --occurrence \(pairing.occurrence.nominal) --transaction \(pairing.transaction.id.short)"
      )
    }
  }
}
