import LedgerDomain

/// What a command did: the events it recorded and where they are in the log.
public struct CommandOutcome: Sendable, Hashable {
  /// The events recorded, in order; empty for a duplicate.
  public var events: [LedgerEvent]
  /// Their positions in the log.
  public var positions: ClosedRange<UInt64>
  /// `true` when the idempotency key matched an earlier command: nothing new was recorded.
  public var wasDuplicate: Bool
}
