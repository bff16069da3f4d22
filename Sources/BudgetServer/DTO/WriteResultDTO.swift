import EventRecords
import Ledger
import LedgerDomain

/// What every write returns: the entity it created or changed, the events recorded and their
/// positions, and the entity's new version (also the `ETag`).
///
/// It is built from the events as stored in the log, so retrying a POST with the same
/// `Idempotency-Key` returns exactly the same body.
struct WriteResultDTO: Codable, Sendable, Equatable {
  /// The id of the entity the command is about (none for budget months and the ledger).
  var id: String?
  /// The stream the first event went to, e.g. `transaction-…` or `budget-2024-03`.
  var stream: String
  /// The entity's stream version after the write.
  var version: UInt64
  /// First and last position recorded.
  var positions: [UInt64]
  /// The event types, in order.
  var events: [String]
  /// What the write left that is allowed but probably not meant — a budget account below
  /// zero, a goal past its target — worked out from the ledger as known right after it (so a
  /// replay says the same); empty when nothing.
  var warnings: [WarningDTO]

  init(events recorded: [RecordedEvent], warnings: [LedgerWarning] = []) {
    self.warnings = warnings.map(WarningDTO.init)
    let first = recorded.first
    let stream = first?.stream ?? ""
    self.stream = stream
    let prefixes = [
      "account-", "category-", "period-", "schedule-", "transaction-", "transfer-", "debt-", "goal-",
    ]
    id = prefixes.first(where: { stream.hasPrefix($0) }).map { String(stream.dropFirst($0.count)) }
    version = recorded.last(where: { $0.stream == stream })?.streamVersion ?? 0
    positions = [recorded.first?.position ?? 0, recorded.last?.position ?? 0]
    events = recorded.map(\.type)
  }
}

/// A warning of a write: a stable `code` (`account_below_zero`, `goal_past_target`), the
/// line a person reads, and the id of the account or goal it is about.
struct WarningDTO: Codable, Sendable, Equatable {
  var code, message, subject: String

  init(_ warning: LedgerWarning) {
    code = warning.code.rawValue
    message = warning.message
    subject = warning.subject.description
  }
}
