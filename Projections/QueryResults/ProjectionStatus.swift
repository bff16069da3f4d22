/// One projector's state, for `projections status`.
public struct ProjectorStatus: Sendable, Hashable {
  public var name: String
  /// The version of the projector's code.
  public var codeVersion: Int
  /// The version its stored tables were built with; `nil` if never built.
  public var storedVersion: Int?
  public var generation: Int?
  public var checkpoint: UInt64
  /// Events the tables are behind the log (0 when up to date).
  public var lag: UInt64
  /// Stored rows (all versions) per table.
  public var rows: [String: Int]

  @inlinable
  package init(
    name: String, codeVersion: Int, storedVersion: Int? = nil, generation: Int? = nil, checkpoint: UInt64, lag: UInt64,
    rows: [String: Int]
  ) {
    self.name = name
    self.codeVersion = codeVersion
    self.storedVersion = storedVersion
    self.generation = generation
    self.checkpoint = checkpoint
    self.lag = lag
    self.rows = rows
  }
}

/// How far a rebuild or verification has come.
public struct ProjectionProgress: Sendable {
  /// What a rebuild is doing: folding the log, then writing the folded tables (which reports
  /// once, when it starts: on a big ledger it takes seconds after the fold reached the end).
  public enum Phase: Sendable, Hashable {
    case folding, writing
  }

  public var done: UInt64
  public var total: UInt64
  public var eventsPerSecond: Double
  public var phase: Phase = .folding

  public init(done: UInt64, total: UInt64, eventsPerSecond: Double, phase: Phase = .folding) {
    self.done = done
    self.total = total
    self.eventsPerSecond = eventsPerSecond
    self.phase = phase
  }
  /// Seconds left at the current rate.
  public var secondsLeft: Double { eventsPerSecond > 0 ? Double(total - done) / eventsPerSecond : 0 }
}
