/// One event in an entity's history, with what it changed in words.
public struct HistoryEntry: Sendable, Hashable {
  /// The event's position in the log.
  public var position: UInt64
  /// The event's version within its stream (1 for the first).
  public var streamVersion: UInt64
  /// When the event was recorded, UTC milliseconds since 1970.
  public var recordedAt: Int64
  /// Who issued the command, from the envelope's metadata; `nil` if not recorded.
  public var actor: String?
  /// The event's type name, e.g. `"TransactionAmended"`.
  public var eventType: String
  /// What changed, one phrase per field, e.g. `amount 42.50 EUR → 40.00 EUR`,
  /// `name "Market" → "Groceries"`, `deleted: duplicate`.
  public var changes: [String]

  public init(
    position: UInt64, streamVersion: UInt64, recordedAt: Int64, actor: String?, eventType: String, changes: [String]
  ) {
    self.position = position
    self.streamVersion = streamVersion
    self.recordedAt = recordedAt
    self.actor = actor
    self.eventType = eventType
    self.changes = changes
  }

  /// The changes in one line, separated by `; `.
  public var summary: String { changes.joined(separator: "; ") }
}
