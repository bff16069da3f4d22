import ArgumentParser
import EventLog
import Foundation
import Ledger
import LedgerDomain
import ProjectionEngine
import RunningBalances

/// `--as-of DATE` (business time) and `--as-known-at POSITION|TIMESTAMP` (system time).
struct TimeOptions: ParsableArguments {
  @Option(help: "Answer as of this date (business time).") var asOf: CivilDate?
  @Option(help: "Answer as the ledger knew it at a log position (e.g. 1204) or a time (e.g. 2024-05-01T12:00:00Z or 2024-05-01).")
  var asKnownAt: String?

  func point() throws -> TimePoint {
    guard let text = asKnownAt else { return .now }
    if let position = UInt64(text) { return .position(position) }
    if let date = ISO8601DateFormatter().date(from: text) {
      return .recordedAt(Int64(date.timeIntervalSince1970 * 1000))
    }
    if let day = try? CivilDate(parsing: text) {  // the end of that UTC day
      return .recordedAt(Int64(day.daysSinceEpoch + 1) * 86_400_000 - 1)
    }
    throw UserError("--as-known-at '\(text)' is neither a log position (1204) nor a time (2024-05-01T12:00:00Z or 2024-05-01)")
  }

  /// Prints, after a report, which point of the log it reflects (when not now).
  func footer(_ position: UInt64, recordedAt: Int64) {
    guard asKnownAt != nil else { return }
    let time = Date(timeIntervalSince1970: Double(recordedAt) / 1000).formatted(.iso8601)
    print(Console.paint("as known at position \(position), recorded \(time)", .dim))
  }
}
