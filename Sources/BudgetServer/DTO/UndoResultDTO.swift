import Ledger

/// What `POST /undo` and `POST /redo` answer: what the undo or redo recorded — each change in
/// words when there are few, in counts rather than one entry per event when there are many
/// (an undone import of 100,000 rows records 100,000 events) — and the action it took back
/// (for a redo, the undo). Read back from the log, so a retry with the same `Idempotency-Key` gets the same body.
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
    /// `import` for a CSV import, `undo` for the undo a redo took back, else `command`.
    var command: String
    /// The file imported, when the import recorded its name.
    var file: String?
  }

  /// `undo` or `redo`.
  var kind: String
  /// The undo in one line, as `budget undo` prints it.
  var summary: String
  /// Each change in words, in the order recorded, when there are at most 12; else empty.
  var details: [String]
  /// First and last position of the compensating events.
  var positions: [UInt64]
  /// The compensating events by type.
  var events: [String: Int]
  var eventCount: Int
  /// The changes in plain words, most first.
  var changes: [Change]
  var undone: Undone

  init(_ summary: UndoSummary) {
    kind = summary.isRedo ? "redo" : "undo"
    self.summary = summary.description
    details = summary.details
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
      command: undone.isImport ? "import" : undone.isUndo ? "undo" : "command", file: undone.importedFile)
  }
}
