import Ledger

/// What `POST /undo` answers: what the undo recorded, in counts rather than one entry per
/// event (an undone import of 100,000 rows records 100,000 events), and the command it took
/// back. Read back from the log, so a retry with the same `Idempotency-Key` gets the same body.
struct UndoResultDTO: Codable, Sendable, Equatable {
  struct Change: Codable, Sendable, Equatable {
    var count: Int
    var change: String
  }

  struct Undone: Codable, Sendable, Equatable {
    var positions: [UInt64]
    var events: [String: Int]
    var eventCount: Int
    var actor: String?
    var recordedAt: String
    /// `import` for a CSV import, else `command`.
    var command: String
    /// The file imported, when the import recorded its name.
    var file: String?
  }

  /// The undo in one line, as `budget undo` prints it.
  var summary: String
  /// First and last position of the compensating events.
  var positions: [UInt64]
  /// The compensating events by type.
  var events: [String: Int]
  var eventCount: Int
  /// The changes in plain words, most first.
  var changes: [Change]
  var undone: Undone

  init(_ summary: UndoSummary) {
    self.summary = summary.description
    positions = [summary.positions.lowerBound, summary.positions.upperBound]
    events = Dictionary(summary.events.map { ($0.type, $0.count) }, uniquingKeysWith: +)
    eventCount = summary.eventCount
    changes = summary.changes.map { Change(count: $0.count, change: $0.words) }
    let undone = summary.undone
    self.undone = Undone(
      positions: [undone.positions.lowerBound, undone.positions.upperBound],
      events: Dictionary(undone.events.map { ($0.type, $0.count) }, uniquingKeysWith: +), eventCount: undone.eventCount,
      actor: undone.actor,
      recordedAt: isoTimestamp(undone.recordedAt),
      command: undone.isImport ? "import" : "command", file: undone.importedFile)
  }
}
