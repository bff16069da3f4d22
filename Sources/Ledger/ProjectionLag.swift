/// See ``Ledger/projectionLag()``.
public struct ProjectionLag: Sendable, Hashable {
  /// Events of the log the read models do not reflect yet.
  public var events: UInt64
  /// Whether the process whose bulk load deferred them still runs (it will catch them up).
  public var bulkLoadRunning: Bool
}
