import LedgerDomain

/// A change a device made that its hub has not accepted yet: the commands as the user gave
/// them (the hub decides them again, by its rules, against its head), with the idempotency
/// key that makes a resubmission record nothing twice.
public struct OutboxEntry: Sendable, Hashable, Codable {
  /// Where the entry stands.
  public enum State: String, Sendable, Hashable, Codable {
    /// Being run on the working ledger (a crash here is resolved by the key, see ``Outbox``).
    case recording
    /// Run on the working ledger and shown in every report; not yet accepted by the hub.
    case pending
    /// The hub refused it (``reason``): nothing of it is in any ledger until the user
    /// retries or drops it.
    case conflict
  }

  /// Dense from 1 on this device, in the order the changes were made.
  public var id: Int
  /// The idempotency key the hub records it under.
  public var key: String
  public var commands: [LedgerCommand]
  /// Whether the commands stand or fall together (``Ledger/execute(atomically:metadata:idempotencyKey:requestFingerprint:)``).
  public var atomic: Bool
  /// Who ran it on the device.
  public var actor: String?
  /// When it was made, UTC milliseconds since 1970.
  public var createdAt: Int64
  public var state: State
  /// The positions its events hold in the working ledger while pending.
  public var positions: [UInt64]?
  /// The hub's refusal, for a conflict: its code and message.
  public var code: String?
  public var reason: String?

  public init(
    id: Int, key: String, commands: [LedgerCommand], atomic: Bool, actor: String?, createdAt: Int64,
    state: State = .recording
  ) {
    self.id = id
    self.key = key
    self.commands = commands
    self.atomic = atomic
    self.actor = actor
    self.createdAt = createdAt
    self.state = state
  }
}
