import QueryResults

extension Wire {
  /// One projection's status (`GET /projections`, `budget projections status --json`): the
  /// version its code writes and the one stored, its generation, how far it has folded the
  /// log, how far behind the head it is, and its rows per table.
  public struct ProjectionStatus: Codable, Sendable, Equatable {
    public var name: String
    public var codeVersion: Int
    public var storedVersion: Int?
    public var generation: Int?
    public var checkpoint: UInt64
    public var lag: UInt64
    public var rows: [String: Int]
  }
}

extension Wire.ProjectionStatus {
  /// `status` as the read models report it.
  public init(_ status: ProjectorStatus) {
    name = status.name
    codeVersion = status.codeVersion
    storedVersion = status.storedVersion
    generation = status.generation
    checkpoint = status.checkpoint
    lag = status.lag
    rows = status.rows
  }
}
