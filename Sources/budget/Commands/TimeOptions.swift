import ArgumentParser
import Foundation
import Ledger
import LedgerDomain

/// `--as-of DATE` (business time) and `--as-known-at POSITION|TIMESTAMP` (system time).
struct TimeOptions: ParsableArguments {
  @Option(help: "Answer as of this date, YYYY-MM-DD (business time).", transform: dateArgument) var asOf: CivilDate?
  @Option(
    help:
      "Answer as the ledger knew it at a log position (e.g. 1204) or a time (e.g. 2024-05-01T12:00:00Z or 2024-05-01).")
  var asKnownAt: String?

  func point() throws -> TimePoint { try Self.point(asKnownAt) }

  /// The point of the log `--as-known-at` names: now without it.
  static func point(_ asKnownAt: String?) throws -> TimePoint {
    guard let text = asKnownAt else { return .now }
    if let position = UInt64(text) { return .position(position) }
    if let date = ISO8601DateFormatter().date(from: text) {
      return .recordedAt(Int64(date.timeIntervalSince1970 * 1000))
    }
    if let day = try? CivilDate(parsing: text) {  // the end of that UTC day
      return .recordedAt(Int64(day.daysSinceEpoch + 1) * 86_400_000 - 1)
    }
    throw UserError(
      "--as-known-at '\(text)' is neither a log position (1204) nor a time (2024-05-01T12:00:00Z or 2024-05-01)")
  }

  /// A bad `--as-known-at` is a usage error (exit 2, with the usage line), like a bad `--as-of`.
  func validate() throws {
    do { _ = try point() } catch let error as UserError { throw ValidationError(error.message) }
  }

  /// Refuses `--as-of` outside `month`: a month report answers a whole month (the month the
  /// date falls in, without `--month`), so a date in another month is a contradiction, not a
  /// point in time it could show.
  func requireAsOf(within month: YearMonth?) throws {
    guard let month, let asOf, asOf.yearMonth != month else { return }
    throw ValidationError(
      "--as-of \(asOf) falls outside --month \(month); month reports answer whole months — give one of them")
  }

  /// Prints, after a report, which point of the log it reflects (when not now), and says so
  /// when that is not the point asked for: before the first event, or past the last.
  func footer(_ position: UInt64, recordedAt: Int64) { Self.footer(position, recordedAt: recordedAt, asked: asKnownAt) }

  /// ``footer(_:recordedAt:)`` for `--as-known-at` `asked`.
  static func footer(_ position: UInt64, recordedAt: Int64, asked: String?) {
    guard let asked else { return }
    guard position > 0 else {
      return print(Console.paint("as known at position 0: before the ledger's first event", .dim))
    }
    let time = Date(timeIntervalSince1970: Double(recordedAt) / 1000).formatted(.iso8601)
    var line = "as known at position \(position), recorded \(time)"
    if let requested = UInt64(asked), requested > position { line += " — the last event; \(requested) is past it" }
    print(Console.paint(line, .dim))
  }
}

/// `--as-known-at` alone, for what stands as the ledger knew it and has no business date.
struct KnownAtOptions: ParsableArguments {
  @Option(
    help:
      "Answer as the ledger knew it at a log position (e.g. 1204) or a time (e.g. 2024-05-01T12:00:00Z or 2024-05-01).")
  var asKnownAt: String?

  func point() throws -> TimePoint { try TimeOptions.point(asKnownAt) }

  /// A bad `--as-known-at` is a usage error, as with ``TimeOptions``.
  func validate() throws {
    do { _ = try point() } catch let error as UserError { throw ValidationError(error.message) }
  }

  /// ``TimeOptions/footer(_:recordedAt:)``.
  func footer(_ position: UInt64, recordedAt: Int64) {
    TimeOptions.footer(position, recordedAt: recordedAt, asked: asKnownAt)
  }
}
