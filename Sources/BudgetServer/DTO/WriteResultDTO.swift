import EventRecords

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

  init(events recorded: [RecordedEvent]) {
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
