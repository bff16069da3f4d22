/// The command an undo took back: where it was recorded, by whom, when, and what it recorded —
/// so that the undo can say what it undid, not only list its compensating events.
public struct UndoneCommand: Sendable, Hashable {
  /// The events of one type the command recorded, and how many.
  public struct EventCount: Sendable, Hashable {
    public var type: String
    public var count: Int
  }

  /// Its first and last position in the log.
  public var positions: ClosedRange<UInt64>
  /// Its events by type, most first (then by name).
  public var events: [EventCount]
  /// Who recorded it.
  public var actor: String?
  /// When it was recorded, in milliseconds since 1970 (UTC).
  public var recordedAt: Int64

  /// How many events it recorded.
  public var eventCount: Int { events.reduce(0) { $0 + $1.count } }

  init(positions: ClosedRange<UInt64>, eventTypes: [String], actor: String?, recordedAt: Int64) {
    self.positions = positions
    var counts: [String: Int] = [:]
    for type in eventTypes { counts[type, default: 0] += 1 }
    events = counts.map { EventCount(type: $0.key, count: $0.value) }
      .sorted { $0.count != $1.count ? $0.count > $1.count : $0.type < $1.type }
    self.actor = actor
    self.recordedAt = recordedAt
  }
}
