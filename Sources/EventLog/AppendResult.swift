/// What an append wrote: its positions, each stream's new version, and whether it was a retry.
public struct AppendResult: Sendable, Hashable {
  /// The global positions of the batch's events, in order.
  public var positions: ClosedRange<UInt64>
  /// Recorded-at of the batch's events, UTC milliseconds.
  public var recordedAt: Int64
  /// `true` when the idempotency key matched an earlier append: nothing new was written and
  /// these are the original positions.
  public var wasDuplicate: Bool
  private var versions: Versions

  /// Most appends touch one stream. Its version is kept as a pair, so that the writer — whom
  /// every caller in a group waits for — builds no dictionary per append; the dictionary is
  /// made only if the caller asks for ``streamVersions``.
  private enum Versions: Sendable {
    case one(StreamName, UInt64)
    case many([StreamName: UInt64])
  }

  public init(
    positions: ClosedRange<UInt64>, streamVersions: [StreamName: UInt64], recordedAt: Int64, wasDuplicate: Bool
  ) {
    self.positions = positions
    self.versions = .many(streamVersions)
    self.recordedAt = recordedAt
    self.wasDuplicate = wasDuplicate
  }

  /// A fresh append to one stream, which is now at `version`.
  init(positions: ClosedRange<UInt64>, stream: StreamName, version: UInt64, recordedAt: Int64) {
    self.positions = positions
    self.versions = .one(stream, version)
    self.recordedAt = recordedAt
    self.wasDuplicate = false
  }

  /// Each stream's version after the batch.
  public var streamVersions: [StreamName: UInt64] {
    get {
      switch versions {
      case .one(let stream, let version): [stream: version]
      case .many(let versions): versions
      }
    }
    set { versions = .many(newValue) }
  }

  public static func == (lhs: AppendResult, rhs: AppendResult) -> Bool {
    lhs.positions == rhs.positions && lhs.recordedAt == rhs.recordedAt && lhs.wasDuplicate == rhs.wasDuplicate
      && lhs.streamVersions == rhs.streamVersions
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(positions)
    hasher.combine(recordedAt)
    hasher.combine(wasDuplicate)
    hasher.combine(streamVersions)
  }
}
