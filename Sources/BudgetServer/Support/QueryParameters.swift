import Foundation
import Hummingbird
import Ledger
import LedgerDomain

/// Typed access to a request's query string, with 400s that name the parameter.
struct QueryParameters {
  let parameters: Hummingbird.Parameters

  init(_ request: Request) { parameters = request.uri.queryParameters }

  func string(_ name: String) -> String? {
    guard let value = parameters.get(name), !value.isEmpty else { return nil }
    return value
  }

  func int(_ name: String, default value: Int, range: ClosedRange<Int>) throws -> Int {
    guard let text = string(name) else { return value }
    guard let number = Int(text), range.contains(number) else {
      throw APIError.badRequest(
        "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound) (got '\(text)')", field: name)
    }
    return number
  }

  func uint(_ name: String) throws -> UInt64? {
    guard let text = string(name) else { return nil }
    guard let number = UInt64(text) else {
      throw APIError.badRequest("\(name) must be a log position, a whole number ≥ 0 (got '\(text)')", field: name)
    }
    return number
  }

  func bool(_ name: String) throws -> Bool {
    guard let text = string(name) else { return false }
    switch text.lowercased() {
    case "true", "1", "yes": return true
    case "false", "0", "no": return false
    default: throw APIError.badRequest("\(name) must be true or false (got '\(text)')", field: name)
    }
  }

  func date(_ name: String) throws -> CivilDate? {
    guard let text = string(name) else { return nil }
    do { return try CivilDate(parsing: text) } catch {
      throw APIError.badRequest("\(name) must be a date like 2024-03-31 (got '\(text)')", field: name)
    }
  }

  func month(_ name: String) throws -> YearMonth? {
    guard let text = string(name) else { return nil }
    return try Self.month(text, field: name)
  }

  static func month(_ text: String, field: String) throws -> YearMonth {
    do { return try YearMonth(parsing: text) } catch {
      throw APIError.badRequest("\(field) must be a month like 2024-03 (got '\(text)')", field: field)
    }
  }

  /// `asOf` (business date) and `asKnownAt` (a log position, an ISO 8601 time, or a date =
  /// the end of that UTC day), resolved like the CLI's `--as-of` / `--as-known-at`.
  func time() throws -> TimeQuery {
    let asOf = try date("asOf")
    guard let text = string("asKnownAt") else { return TimeQuery(asOf: asOf, point: .now, isTravel: false) }
    if let position = UInt64(text) { return TimeQuery(asOf: asOf, point: .position(position), isTravel: true) }
    if let date = ISO8601DateFormatter().date(from: text) {
      return TimeQuery(asOf: asOf, point: .recordedAt(Int64(date.timeIntervalSince1970 * 1000)), isTravel: true)
    }
    if let day = try? CivilDate(parsing: text) {
      return TimeQuery(asOf: asOf, point: .recordedAt(Int64(day.daysSinceEpoch + 1) * 86_400_000 - 1), isTravel: true)
    }
    throw APIError.badRequest(
      "asKnownAt '\(text)' is neither a log position (1204) nor a time (2024-05-01T12:00:00Z or 2024-05-01)",
      field: "asKnownAt")
  }
}

/// The two time axes of a query.
struct TimeQuery: Sendable {
  /// Business date, if given.
  var asOf: CivilDate?
  /// The point of the log the answer is read at.
  var point: TimePoint
  /// Whether `asKnownAt` was given.
  var isTravel: Bool

  /// Refuses an `asOf` outside the month (or year) a report covers: a month report answers a
  /// whole month, so a date in another is a contradiction, not a point it could show.
  func requireAsOf(within month: YearMonth) throws {
    guard let asOf, asOf.yearMonth != month else { return }
    throw APIError.badRequest(
      "asOf \(asOf) falls outside month \(month); month reports answer whole months — give one of them", field: "asOf")
  }

  func requireAsOf(within year: Int) throws {
    guard let asOf, asOf.year != year else { return }
    throw APIError.badRequest("asOf \(asOf) falls outside year \(year); give one of them", field: "asOf")
  }
}
