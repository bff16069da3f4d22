import EventRecords
import Ledger

extension Wire {
  /// What every write answers (each API write, `budget … --json` after a change): the entity
  /// it created or changed, the events recorded and their positions, the entity's new version
  /// (the API's `ETag`), and what the write left that is allowed but probably not meant.
  ///
  /// It is built from the events as stored in the log, so a retry under the same
  /// `Idempotency-Key` gets exactly the same body.
  public struct WriteResult: Codable, Sendable, Equatable {
    /// The id of the entity the command is about (none for budget months and the ledger).
    public var id: String?
    /// The stream the first event went to, e.g. `transaction-…` or `budget-2024-03`.
    public var stream: String
    /// The entity's stream version after the write.
    public var version: UInt64
    /// First and last position recorded.
    public var positions: [UInt64]
    /// The event types, in order.
    public var events: [String]
    /// Worked out from the ledger as known right after the write (so a replay says the
    /// same); empty when nothing.
    public var warnings: [Warning]
    /// `true` when the command line's idempotency key matched an earlier command and nothing
    /// new was recorded; absent otherwise, and always from the API (which says so in its
    /// `Idempotent-Replayed` header, keeping a retry's body the first one's).
    public var duplicate: Bool?
    /// `budget period close`: the chain head (hex) the period is sealed with.
    public var seal: String?

    /// The streams whose name ends with their entity's id.
    static let streamPrefixes = [
      "account-", "category-", "period-", "schedule-", "transaction-", "transfer-", "debt-", "goal-",
    ]
  }
}

extension Wire.WriteResult {
  /// The write that recorded `recorded`, with its `warnings`.
  public init(events recorded: [RecordedEvent], warnings: [LedgerWarning] = []) {
    self.warnings = warnings.map(Wire.Warning.init)
    let stream = recorded.first?.stream ?? ""
    self.stream = stream
    id = Self.streamPrefixes.first(where: { stream.hasPrefix($0) }).map { String(stream.dropFirst($0.count)) }
    version = recorded.last(where: { $0.stream == stream })?.streamVersion ?? 0
    positions = [recorded.first?.position ?? 0, recorded.last?.position ?? 0]
    events = recorded.map(\.type)
  }
}

extension Wire.WriteResult {
  /// What `outcomes` — commands recorded together, in order — wrote to `ledger`, read back from
  /// its log (so a retry under the same `Idempotency-Key` gets the same body), with the
  /// warnings the write left; `nil` when nothing was recorded.
  public init?(_ outcomes: [CommandOutcome], in ledger: Ledger) throws(LedgerError) {
    guard let first = outcomes.first, let last = outcomes.last else { return nil }
    let lower = first.positions.lowerBound
    let upper = last.positions.upperBound
    let recorded = try ledger.events(from: lower, limit: Int(upper - lower + 1))
    // The write stands whether or not its warnings can be worked out.
    self.init(events: recorded, warnings: (try? ledger.warnings(after: outcomes)) ?? [])
  }
}
