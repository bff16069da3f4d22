import Ledger
import LedgerDomain

extension Wire {
  /// Where a ledger stands with its hub (`GET /sync/status`, `budget sync status --json`):
  /// whether it is a device, the hub's head as last pulled and its own, and every change of
  /// its outbox — those waiting for the hub and those the hub refused.
  public struct SyncStatus: Codable, Sendable, Equatable {
    public var device: Bool
    /// The hub a device syncs with (its first remote's address); absent on a hub.
    public var remote: String?
    /// The hub's log as this ledger knows it: on a device its replica's head, as of the last
    /// pull; on a hub its own.
    public var head: ChainHead
    /// This ledger's head: on a device the replica's plus the events of the changes waiting
    /// for the hub; on a hub the same as `head`.
    public var working: ChainHead
    /// Changes made here that wait for the hub (shown in every report already).
    public var pending: Int
    /// Changes the hub refused, waiting for `budget sync retry|drop`.
    public var conflicts: Int
    /// Every change of the outbox, oldest first.
    public var entries: [OutboxEntry]
  }

  /// One change a device made and its hub has not accepted (`budget sync status`, `budget
  /// sync conflicts`, `retry`, `drop`, `GET /sync/status`).
  public struct OutboxEntry: Codable, Sendable, Equatable {
    public var id: Int
    /// `recording`, `pending` or `conflict`.
    public var state: String
    /// The commands' names, e.g. `amendTransaction`.
    public var commands: [String]
    /// What each command changes, in words.
    public var changes: [String]
    /// The idempotency key the hub records it under.
    public var key: String
    public var actor: String?
    public var created: String
    /// The positions its events hold in the working ledger while pending.
    public var positions: [UInt64]?
    /// The hub's error code and reason, for a conflict.
    public var code, reason: String?
  }
}

extension Wire.SyncStatus {
  /// Where `ledger` stands with its hub.
  public init(_ ledger: Ledger) throws(LedgerError) {
    let entries = try ledger.outboxEntries()
    let working = try ledger.chainHead()
    device = ledger.isDevice
    remote = device ? (try? RemoteList(files: SyncFiles(ledger: ledger.path)).remote(named: nil))?.url : nil
    head = try ledger.replicaHead() ?? working
    self.working = working
    pending = entries.count { $0.state != .conflict }
    conflicts = entries.count { $0.state == .conflict }
    self.entries = entries.map(\.wire)
  }
}

extension OutboxEntry {
  /// The entry as the front ends show it.
  public var wire: Wire.OutboxEntry {
    Wire.OutboxEntry(
      id: id, state: state.rawValue, commands: commands.map(\.kind.rawValue), changes: commands.map(\.outboxSummary),
      key: key, actor: actor, created: Wire.timestamp(createdAt), positions: positions, code: code, reason: reason)
  }
}
