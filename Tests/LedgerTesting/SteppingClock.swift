import Synchronization

/// A clock for recorded-at that starts at a fixed instant and can be set, so tests can make
/// time stand still or run backwards.
public final class SteppingClock: Sendable {
  private let now: Atomic<Int64>

  /// 2024-03-01T00:00:00Z by default.
  public init(start: Int64 = 1_709_251_200_000) { now = Atomic(start) }

  /// The current reading, then one millisecond later.
  public func tick() -> Int64 { now.add(1, ordering: .relaxed).oldValue }

  /// Moves the clock to `milliseconds`.
  public func set(_ milliseconds: Int64) { now.store(milliseconds, ordering: .relaxed) }
}
