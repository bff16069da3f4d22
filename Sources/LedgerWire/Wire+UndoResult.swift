import Ledger

extension Wire {
  /// What an undo or redo recorded (`POST /undo`, `POST /redo`, `budget undo --json`): each
  /// change in words when there are few, in counts rather than one entry per event when there
  /// are many (an undone import of 100,000 rows records 100,000 events), and the action it took
  /// back (for a redo, the undo). Read back from the log, so a retry with the same
  /// `Idempotency-Key` gets the same body.
  public struct UndoResult: Codable, Sendable, Equatable {
    /// A change in plain words and how many times it was made.
    public struct Change: Codable, Sendable, Equatable {
      public var count: Int
      public var change: String
    }

    /// The action taken back.
    public struct Undone: Codable, Sendable, Equatable {
      public var positions: [UInt64]
      public var events: [String: Int]
      public var eventCount: Int
      public var actor: String?
      public var recordedAt: String
      /// `import` for a CSV import, `undo` for the undo a redo took back, else `command`.
      public var command: String
      /// The file imported, when the import recorded its name.
      public var file: String?
    }

    /// One compensating event, when asked for (`budget undo --list`).
    public struct Listed: Codable, Sendable, Equatable {
      public var position: UInt64
      public var type: String

      /// The event at `position`, of `type`.
      public init(position: UInt64, type: String) {
        self.position = position
        self.type = type
      }
    }

    /// `undo` or `redo`.
    public var kind: String
    /// The undo in one line, as `budget undo` prints it.
    public var summary: String
    /// Each change in words, in the order recorded, when there are at most 12; else empty.
    public var details: [String]
    /// First and last position of the compensating events.
    public var positions: [UInt64]
    /// The compensating events by type.
    public var events: [String: Int]
    public var eventCount: Int
    /// The changes in plain words, most first.
    public var changes: [Change]
    public var undone: Undone
    /// Every compensating event, only when asked for; absent otherwise.
    public var list: [Listed]?
    /// What the compensation left, as a write's warnings: a budget account below zero, a
    /// budget's threshold reached.
    public var warnings: [Warning]
  }
}

extension Wire.UndoResult {
  /// What `summary` says was undone or redone, with the `warnings` its compensation left;
  /// `listed`, every compensating event, when asked for.
  public init(_ summary: UndoSummary, listed: [Listed]? = nil, warnings: [LedgerWarning] = []) {
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
      events: Dictionary(undone.events.map { ($0.type, $0.count) }, uniquingKeysWith: +),
      eventCount: undone.eventCount, actor: undone.actor, recordedAt: Wire.timestamp(undone.recordedAt),
      command: undone.isImport ? "import" : undone.isUndo ? "undo" : "command", file: undone.importedFile)
    list = listed
    self.warnings = warnings.map(Wire.Warning.init)
  }
}
