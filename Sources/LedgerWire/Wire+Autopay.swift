import Ledger
import LedgerDomain
import QueryResults

extension Wire {
  /// What posting the waiting autopay occurrences did (`POST /schedules/post`, `budget
  /// schedule post --json`): the schema `AutopayReport` of docs/openapi.yaml.
  public struct Autopay: Codable, Sendable, Equatable {
    /// An occurrence posted now, and the id of the transaction or transfer it made.
    public struct Posted: Codable, Sendable, Equatable { public var schedule, scheduleId, date, id: String }
    /// An occurrence the rules refused to post, and why.
    public struct Refused: Codable, Sendable, Equatable { public var schedule, scheduleId, date, reason: String }

    public var through: String
    /// Whether the day asked for was after today (a posting is never dated in the future).
    public var capped: Bool
    public var posted: [Posted]
    public var alreadyPosted: Int
    public var refused: [Refused]
    /// What the postings made now left: an account below zero (as a write result says).
    public var warnings: [Warning]
  }
}

extension Wire.Autopay {
  /// What `report` posted and refused, with the `warnings` the postings left.
  public init(_ report: AutopayReport, warnings: [LedgerWarning] = []) {
    self.warnings = warnings.map(Wire.Warning.init)
    through = report.through.description
    capped = report.capped
    posted = report.posted.map {
      Posted(
        schedule: $0.occurrence.terms.name, scheduleId: $0.occurrence.schedule.description,
        date: $0.occurrence.nominal.description, id: $0.entry.description)
    }
    alreadyPosted = report.alreadyPosted
    refused = report.refused.map {
      Refused(
        schedule: $0.occurrence.terms.name, scheduleId: $0.occurrence.schedule.description,
        date: $0.occurrence.nominal.description, reason: $0.reason)
    }
  }
}
