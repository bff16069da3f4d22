/// How far an import has come (``Ledger/importProgress(_:options:)``): reported after every batch it
/// records, while it brings the read models up to date, and once at the end with the totals.
public struct ImportProgress: Sendable, Hashable {
  /// What the import is doing.
  public enum Phase: Sendable, Hashable {
    /// Recording the file's rows, batch by batch.
    case importing
    /// Bringing the read models up to the rows recorded (a big import defers them):
    /// `done` and `total` count events.
    case indexing
    /// Writing the rebuilt read models' tables (no counts).
    case writingIndexes
    /// Done: ``ImportProgress/summary`` holds the totals. Always the last value.
    case finished
  }

  public var phase: Phase
  /// Rows (events, while indexing) handled so far.
  public var done: Int
  /// Rows in the file (events to fold, while indexing).
  public var total: Int
  /// Rows (events) per second so far.
  public var rate: Double
  /// The totals so far: final once ``phase`` is ``Phase/finished``.
  public var summary: ImportSummary

  public init(phase: Phase, done: Int, total: Int, rate: Double, summary: ImportSummary) {
    self.phase = phase
    self.done = done
    self.total = total
    self.rate = rate
    self.summary = summary
  }
}
