import Ledger
import LedgerDomain

extension CommandOutcome {
  /// The name the command recorded (``LedgerEvent/recordedName``), for the line that reports
  /// it. Nil for commands that record no name and for duplicates, which record nothing.
  var recordedName: String? { events.lazy.compactMap(\.recordedName).first }
}
