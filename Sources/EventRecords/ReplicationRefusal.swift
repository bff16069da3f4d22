/// Why a replica refused the events a hub sent: the first position that is not the
/// continuation of the replica's own log. Nothing of the batch was applied.
public struct ReplicationRefusal: Error, Sendable, Hashable, CustomStringConvertible {
  public enum Reason: Sendable, Hashable {
    /// The event's link does not follow from the replica's chain: an event at or before this
    /// position was altered, or the hub's history is not the one the replica holds.
    case hashMismatch(computed: ChainHash, sent: ChainHash)
    /// The event says it belongs at another position: one was dropped, repeated or moved.
    case wrongPosition(found: UInt64)
    /// The event's stream version does not follow its stream's.
    case wrongStreamVersion(stream: String, found: UInt64, expected: UInt64)
    /// The event was recorded before the one ahead of it.
    case timeGoesBack(recordedAt: Int64, previous: Int64)
    /// The bytes are not a stored event.
    case malformed(String)
    /// The response ended inside a frame.
    case truncated(String)
  }

  /// The first position that failed.
  public var position: UInt64
  public var reason: Reason

  public init(position: UInt64, reason: Reason) {
    self.position = position
    self.reason = reason
  }

  public var description: String {
    let what: String
    switch reason {
    case .hashMismatch(let computed, let sent):
      what =
        "its chain hash does not follow from the history before it (computed \(computed.hex.prefix(16))…, sent \(sent.hex.prefix(16))…): the hub's history was rewritten or the event altered"
    case .wrongPosition(let found):
      what = "the hub sent the event of position \(found) in its place: events were dropped, repeated or reordered"
    case .wrongStreamVersion(let stream, let found, let expected):
      what = "stream '\(stream)' jumps to version \(found) where \(expected) comes next"
    case .timeGoesBack(let recordedAt, let previous):
      what = "it was recorded at \(recordedAt) ms, before the event ahead of it (\(previous) ms)"
    case .malformed(let reason):
      what = "it is not a stored event (\(reason))"
    case .truncated(let reason):
      what = "the answer ended inside it (\(reason))"
    }
    return "refused the hub's events at position \(position): \(what); nothing was applied"
  }
}
