import Foundation
import Ledger

extension ServeCommand {
  /// Every `seconds`, rebuilds read models that an import in another process deferred and
  /// then left behind (killed, or its own catch-up failed): opening the ledger would, and a
  /// server stays open. Says on stderr what it rebuilt, and why it could not — each distinct
  /// failure once, not every few seconds — so an operator sees why answers look old.
  static func catchUpAbandonedProjections(of ledger: Ledger, every seconds: Double) async {
    var lastFailure: String?
    while !Task.isCancelled {
      try? await Task.sleep(for: .seconds(seconds))
      var failure: String?
      do {
        let outcome = try await ledger.catchUpAbandonedProjections()
        if !outcome.rebuilt.isEmpty {
          note("rebuilt \(outcome.rebuilt.joined(separator: ", ")), which a stopped import had left behind")
        }
        failure = outcome.failure?.description
      } catch {
        failure = error.description
      }
      if let failure, failure != lastFailure {
        let lag = (try? ledger.projectionLag().events).map { " (answers leave out the last \($0) events)" } ?? ""
        note("could not bring the read models up to date\(lag); trying again every \(Int(seconds)) s: \(failure)")
      }
      lastFailure = failure
    }
  }

  /// One line on stderr, stamped with the time (a server's output is read as a log).
  static func note(_ message: String) {
    Console.note("\(Date().formatted(.iso8601)) budget serve: \(message)")
  }
}
