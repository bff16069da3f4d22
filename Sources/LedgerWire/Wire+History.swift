import QueryResults

extension Wire {
  /// An entity's audit trail (`GET /history/{kind}/{ref}`, `budget history --json`): its
  /// stream, the log position the answer reflects, and every event of the stream, oldest first.
  public struct History: Codable, Sendable, Equatable {
    /// One event of the trail, with what it changed in words.
    public struct Entry: Codable, Sendable, Equatable {
      public var position, version: UInt64
      public var recordedAt: String
      public var actor: String?
      public var event: String
      public var changes: [String]
    }

    public var stream: String
    public var position: UInt64
    public var entries: [Entry]
  }
}

extension Wire.History.Entry {
  /// `entry`, its time as an ISO 8601 instant.
  public init(_ entry: HistoryEntry) {
    position = entry.position
    version = entry.streamVersion
    recordedAt = Wire.timestamp(entry.recordedAt)
    actor = entry.actor
    event = entry.eventType
    changes = entry.changes
  }
}

extension Wire.History {
  /// The trail of `stream`: `entries`, answered at `position`.
  public init(stream: String, position: UInt64, entries: [HistoryEntry]) {
    self.stream = stream
    self.position = position
    self.entries = entries.map(Entry.init)
  }
}
