import Ledger
import LedgerDomain
import QueryResults

/// `POST /schedules/post` (the CLI's `budget schedule post --json`): what posting the
/// waiting autopay occurrences did.
struct AutopayReportDTO: Codable, Sendable {
  struct Posted: Codable, Sendable { var schedule, scheduleId, date, id: String }
  struct Refused: Codable, Sendable { var schedule, scheduleId, date, reason: String }

  var through: String
  var capped: Bool
  var posted: [Posted]
  var alreadyPosted: Int
  var refused: [Refused]
  /// What the postings made now left: an account below zero (as a write result says).
  var warnings: [WarningDTO]

  init(_ report: AutopayReport, warnings: [LedgerWarning] = []) {
    self.warnings = warnings.map(WarningDTO.init)
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
