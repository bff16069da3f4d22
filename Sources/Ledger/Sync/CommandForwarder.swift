/// What sends a device's change to its hub at once, when the device is online — a device's
/// `budget serve` has one, so its web app writes straight through to the hub and its working
/// ledger stays the replica's twin (nothing to rebuild). Installed with
/// ``Ledger/Options/forwarder``.
public protocol CommandForwarder: Sendable {
  /// Submits `entry` to the hub and, when it is accepted, brings `ledger` up to the hub's
  /// head (so the change's events are in it at the hub's positions).
  func forward(_ entry: OutboxEntry, to ledger: Ledger) async -> ForwardedChange

  /// Told that a change was kept in the outbox instead of forwarded (the hub was out of
  /// reach, or the working ledger holds changes the hub has not decided yet): what follows
  /// the hub pushes it now, not at its next round.
  func changesWaiting() async

  /// Pushes what waits and pulls what the hub has, now, and answers what the sync did: how
  /// `budget sync` on a device asks the server that holds its ledger open.
  func syncNow() async -> SyncReport

  /// The head of the replica the forwarder holds open: the hub's log as of the last pull.
  /// `nil` from a forwarder that holds none.
  func replicaHead() -> ChainHead?
}

extension CommandForwarder {
  public func replicaHead() -> ChainHead? { nil }
}

/// What became of a forwarded change.
public enum ForwardedChange: Sendable, Hashable {
  /// The hub recorded it at `positions` (and the ledger now holds them); `duplicate` when its
  /// key had been recorded before.
  case accepted(positions: ClosedRange<UInt64>, duplicate: Bool)
  /// The hub's rules refused it, as the hub's HTTP status, error code and message.
  case refused(status: Int, code: String, reason: String)
  /// The hub could not be reached: the change is kept in the outbox instead.
  case unreachable
}
