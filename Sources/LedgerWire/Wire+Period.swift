import LedgerDomain

extension Wire {
  /// An expense period (`GET /periods`, `budget period list --json`); `end` is absent while
  /// it is ongoing.
  public struct Period: Codable, Sendable, Equatable {
    public var id, name, start: String
    public var end: String?
    public var closed: Bool
    public var version: UInt64
  }
}

extension Wire.Period {
  /// The period `p` with its id.
  public init(id: PeriodID, record p: PeriodRecord) {
    self.id = id.description
    name = p.name
    start = p.start.description
    end = p.end?.description
    closed = p.isClosed
    version = p.version
  }
}
