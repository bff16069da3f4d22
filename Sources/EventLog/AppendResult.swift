/// What an append wrote: its positions, each stream's new version, and whether it was a retry.
public struct AppendResult: Sendable, Hashable {
  /// The global positions of the batch's events, in order.
  public var positions: ClosedRange<UInt64>
  /// Each stream's version after the batch.
  public var streamVersions: [StreamName: UInt64]
  /// Recorded-at of the batch's events, UTC milliseconds.
  public var recordedAt: Int64
  /// `true` when the idempotency key matched an earlier append: nothing new was written and
  /// these are the original positions.
  public var wasDuplicate: Bool

  public init(positions: ClosedRange<UInt64>, streamVersions: [StreamName: UInt64], recordedAt: Int64, wasDuplicate: Bool) {
    self.positions = positions
    self.streamVersions = streamVersions
    self.recordedAt = recordedAt
    self.wasDuplicate = wasDuplicate
  }
}
