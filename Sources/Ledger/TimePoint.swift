import EventLog

/// Which state of the ledger a query reads — the *system-time* axis of time travel.
///
/// Business time ("balances on 15 March") is a parameter of each query; this says *as known
/// when*: now, right after a log position, or at a moment of the system clock.
public enum TimePoint: Sendable, Hashable, CustomStringConvertible {
  /// The ledger as it is now.
  case now
  /// The ledger right after the event at this position.
  case position(UInt64)
  /// The ledger as it was at this UTC time (milliseconds since 1970).
  case recordedAt(Int64)

  public var description: String {
    switch self {
    case .now: "now"
    case .position(let position): "position \(position)"
    case .recordedAt(let milliseconds): "recorded-at \(milliseconds) ms"
    }
  }
}

/// A query's answer together with the point of the log it was answered at, so a user can cite
/// it ("as known at position 1,204, recorded 2024-05-03T10:15:00Z").
public struct Answer<Value: Sendable>: Sendable {
  public var value: Value
  /// The log position the answer reflects (every event up to and including it).
  public var position: UInt64
  /// Recorded-at of that position, UTC milliseconds (0 for an empty ledger).
  public var recordedAt: Int64
}

extension Answer: Equatable where Value: Equatable {}
extension Answer: Hashable where Value: Hashable {}
