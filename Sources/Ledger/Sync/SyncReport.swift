/// What a sync did: `budget sync --json` prints it, and `POST /sync/run` on a device's server
/// answers it.
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

  /// `budget sync`'s exit status for this report (docs/cli.md), so that a script or a cron
  /// job can tell a sync from none: 0 in step (the hub's head pulled, nothing waiting),
  /// ``conflictsStatus`` in step but with conflicts waiting for the user, ``offlineStatus``
  /// when the hub was out of reach or changes still wait to go up. A refused push (a
  /// read-only device) is an error (1), reported apart.
  public var exitStatus: Int32 {
    if offline != nil || pending > 0 { return Self.offlineStatus }
    return conflicts > 0 ? Self.conflictsStatus : 0
  }

  /// The hub was out of reach, or changes still wait in the outbox: try again later
  /// (`EX_TEMPFAIL` of sysexits.h).
  public static let offlineStatus: Int32 = 75
  /// The sync went through, but changes the hub refused wait for the user to retry or drop
  /// them (`budget sync conflicts`).
  public static let conflictsStatus: Int32 = 5
}
