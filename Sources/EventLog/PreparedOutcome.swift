/// What the writer did with one entry of ``PreparedAppends``, in order.
public enum PreparedOutcome: Sendable, Hashable {
  /// Appended at `position`, as version 1 of its stream.
  case appended(position: UInt64)
  /// Its key was recorded before (by an earlier append at `positions`): nothing written. For
  /// an entry that appends, also when the earlier append asked for something else — the key
  /// alone decides, as it does for a command without a request fingerprint.
  case duplicate(positions: ClosedRange<UInt64>)
  /// A key-only entry whose key is not recorded.
  case keyNotRecorded
  /// Its stream exists already (its key is new): nothing written.
  case streamExists(version: UInt64)
}
