import EventRecords
import Foundation
import Ledger
import LedgerDomain
import QueryResults

extension ServeCommand {
  /// Posts the waiting autopay occurrences when the server starts, then looks again every
  /// `seconds` (an hour), so a day that begins while it runs gets its bills posted. Each
  /// posting is under its idempotency key, so a CLI `schedule post` running meanwhile — or
  /// another server — never posts one twice. Says on stderr what it posted or could not.
  static func postAutopay(of ledger: Ledger, every seconds: Double) async {
    while !Task.isCancelled {
      do {
        let report = try await ledger.postAutopay(metadata: EventMetadata(actor: "serve:autopay"))
        for (occurrence, _) in report.posted {
          note("posted '\(occurrence.terms.name)' of \(occurrence.nominal) (autopay)")
        }
        for (occurrence, reason) in report.refused {
          note("could not post '\(occurrence.terms.name)' of \(occurrence.nominal): \(reason)")
        }
        for warning in (try? ledger.warnings(after: report.outcomes)) ?? [] {
          note("warning: \(warning.message) (autopay)")
        }
      } catch {
        note("could not post autopay occurrences: \(error)")
      }
      try? await Task.sleep(for: .seconds(seconds))
    }
  }
}
