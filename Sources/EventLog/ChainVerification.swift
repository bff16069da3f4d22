/// The outcome of walking the hash chain.
public struct ChainVerification: Sendable, Hashable {
  /// Events whose link verified before the walk ended.
  public var verifiedCount: UInt64
  /// The hash of the last verified event (the genesis link if none).
  public var head: ChainHash
  /// The first problem found, or `nil` if the whole chain is intact.
  public var firstFailure: ChainFailure?

  /// `true` when every event verified.
  public var isIntact: Bool { firstFailure == nil }
}

/// The first position at which the log stops being what was written.
public struct ChainFailure: Sendable, Hashable, CustomStringConvertible {
  public enum Kind: Sendable, Hashable {
    /// The stored hash differs from `SHA-256(previous ‖ canonical bytes)`: the event (or its
    /// hash) was altered.
    case hashMismatch(expected: ChainHash, stored: ChainHash)
    /// A position is missing: the log jumps from `position - 1` to `found`.
    case gap(found: UInt64)
    /// The record stored under this position says it belongs at another one (moved or swapped).
    case misplaced(recordPosition: UInt64)
    /// The record cannot be decoded at all.
    case undecodable(reason: String)
  }

  /// The first bad position.
  public var position: UInt64
  public var kind: Kind

  public init(position: UInt64, kind: Kind) {
    self.position = position
    self.kind = kind
  }

  public var description: String {
    switch kind {
    case .hashMismatch(let expected, let stored):
      "position \(position): hash mismatch — the event was modified (computed \(expected.hex.prefix(16))…, stored \(stored.hex.prefix(16))…)"
    case .gap(let found):
      "position \(position): missing — the log jumps to position \(found); events were deleted"
    case .misplaced(let recordPosition):
      "position \(position): holds the event written at position \(recordPosition); events were moved or reordered"
    case .undecodable(let reason):
      "position \(position): unreadable record — \(reason)"
    }
  }
}
