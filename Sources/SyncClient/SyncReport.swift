import Ledger

/// What a sync did: `budget sync --json` prints it.
public struct SyncReport: Sendable, Hashable, Codable {
  /// Events pulled from the hub into the replica.
  public var pulled: Int
  /// Outbox entries the hub accepted.
  public var pushed: Int
  /// Outbox entries the hub refused, waiting for the user (``OutboxEntry/State/conflict``).
  public var conflicts: Int
  /// Outbox entries not yet submitted (the hub went out of reach).
  public var pending: Int
  /// The replica's head: the hub's, as far as it was pulled.
  public var head: ChainHead
  /// Why the hub could not be reached, when it could not: the changes wait in the outbox.
  public var offline: String?
  /// Why the hub refused this device's pushes, when it did (a read-only device): the changes
  /// became conflicts. `budget sync` prints the report, then fails with this.
  public var refused: String?

  public init(
    pulled: Int, pushed: Int, conflicts: Int, pending: Int, head: ChainHead, offline: String?, refused: String? = nil
  ) {
    self.pulled = pulled
    self.pushed = pushed
    self.conflicts = conflicts
    self.pending = pending
    self.head = head
    self.offline = offline
    self.refused = refused
  }
}
