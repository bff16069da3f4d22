import EventLog
import Foundation
import LedgerDomain

extension Ledger {
  /// Whether this is a device's working ledger: its changes wait in an ``Outbox`` until its
  /// hub accepts them.
  public var isDevice: Bool { outbox != nil }

  /// The device's outbox, oldest first; empty on any other ledger.
  public func outboxEntries() throws(LedgerError) -> [OutboxEntry] {
    guard let outbox else { return [] }
    do { return try outbox.entries() } catch { throw .sync(error) }
  }

  /// The ids of the transactions and transfers that changes made here, not yet on the hub,
  /// record or change (``LedgerCommand/rowIDs``): the rows tables mark *pending*. Empty on a
  /// ledger that is not a device.
  public func pendingRowIDs() throws(LedgerError) -> Set<EntityID> {
    var ids = Set<EntityID>()
    for entry in try outboxEntries() where entry.state == .pending {
      for command in entry.commands { ids.formUnion(command.rowIDs) }
    }
    return ids
  }

  /// Runs `commands` as ``record(batch:metadata:projecting:)`` does, each kept in the outbox
  /// first (under its own idempotency key, or a new one) and marked pending once it ran; a
  /// command the rules refuse leaves the outbox again. A command whose key this ledger already
  /// recorded is a retry: it answers as the first did and is not kept twice. On a device
  /// following its hub live, each goes to the hub at once instead (``CommandForwarder``) while
  /// nothing waits ahead of it — an open conflict waits for the user, and holds up nothing.
  func journaled(
    batch commands: [BatchCommand], metadata: EventMetadata, projecting: ProjectionUpdate, outbox: Outbox
  ) async throws(LedgerError) -> [Result<CommandOutcome, LedgerError>] {
    if let forwarder, try nothingWaitsForTheHub() {
      var results: [Result<CommandOutcome, LedgerError>] = []
      // Every command gets its key now: one the hub may have recorded before its answer was
      // lost must go to the outbox under the same key, or the hub would record it twice.
      let keyed = commands.map { item in
        BatchCommand(
          item.command, idempotencyKey: item.idempotencyKey ?? Self.newOutboxKey(),
          requestFingerprint: item.requestFingerprint)
      }
      for (index, item) in keyed.enumerated() {
        let entry = OutboxEntry(
          id: 0, key: item.idempotencyKey!.rawValue, commands: [pinned(item.command)], atomic: false,
          actor: metadata.actor, createdAt: EventLog.systemClock())
        guard let forwarded = try await forward(entry, with: forwarder) else {
          // Out of reach: this one and the rest wait in the outbox.
          let rest = try await journaled(
            batch: Array(keyed[index...]), metadata: metadata, projecting: projecting, outbox: outbox,
            forwarding: false)
          return results + rest
        }
        results.append(forwarded.map { $0[0] })
      }
      return results
    }
    return try await journaled(
      batch: commands, metadata: metadata, projecting: projecting, outbox: outbox, forwarding: false)
  }

  func journaled(
    batch commands: [BatchCommand], metadata: EventMetadata, projecting: ProjectionUpdate, outbox: Outbox,
    forwarding: Bool
  ) async throws(LedgerError) -> [Result<CommandOutcome, LedgerError>] {
    var keyed = commands
    var entries: [OutboxEntry?] = []
    let now = EventLog.systemClock()
    for index in keyed.indices {
      if let key = keyed[index].idempotencyKey, try earlierOutcome(forKey: key, requestFingerprint: nil) != nil {
        entries.append(nil)
        continue
      }
      keyed[index].command = pinned(keyed[index].command)
      let entry = try journal(
        [keyed[index].command], atomic: false, key: keyed[index].idempotencyKey, metadata: metadata, now: now,
        in: outbox)
      keyed[index].idempotencyKey = IdempotencyKey(validating: entry.key)
      entries.append(entry)
    }
    let results = try await record(batch: keyed, metadata: metadata, projecting: projecting)
    for (entry, result) in zip(entries, results) {
      guard let entry else { continue }
      try settle(entry, with: result.map { [$0] }, in: outbox)
    }
    await forwarder?.changesWaiting()
    return results
  }

  /// ``record(atomically:metadata:idempotencyKey:requestFingerprint:)``, kept in the outbox as
  /// one entry that the hub also decides all or nothing.
  func journaled(
    atomically commands: [LedgerCommand], metadata: EventMetadata, idempotencyKey: IdempotencyKey?,
    requestFingerprint: ChainHash?, outbox: Outbox
  ) async throws(LedgerError) -> [CommandOutcome] {
    guard !commands.isEmpty else { return [] }
    if let idempotencyKey,
      let earlier = try earlierOutcome(forKey: idempotencyKey, requestFingerprint: requestFingerprint)
    {
      return [earlier]
    }
    let commands = commands.map(pinned)
    var idempotencyKey = idempotencyKey
    if let forwarder, try nothingWaitsForTheHub() {
      let key = idempotencyKey ?? Self.newOutboxKey()
      idempotencyKey = key
      let entry = OutboxEntry(
        id: 0, key: key.rawValue, commands: commands, atomic: true, actor: metadata.actor,
        createdAt: EventLog.systemClock())
      if let forwarded = try await forward(entry, with: forwarder) { return try forwarded.get() }
    }
    let entry = try journal(
      commands, atomic: true, key: idempotencyKey, metadata: metadata, now: EventLog.systemClock(), in: outbox)
    do {
      let outcomes = try await record(
        atomically: commands, metadata: metadata, idempotencyKey: IdempotencyKey(validating: entry.key),
        requestFingerprint: requestFingerprint)
      try settle(entry, with: .success(outcomes), in: outbox)
      await forwarder?.changesWaiting()
      return outcomes
    } catch {
      try settle(entry, with: .failure(error), in: outbox)
      throw error
    }
  }

  /// A new idempotency key for a change made on a device.
  static func newOutboxKey() -> IdempotencyKey {
    IdempotencyKey(validating: "outbox:\(EntityID.random())")!
  }

  /// Sends `entry` to the hub through `forwarder`: its outcome read back from this ledger
  /// (which the forwarder brought up to the hub's head) when accepted, the hub's refusal as an
  /// error, or `nil` when the hub is out of reach.
  private func forward(
    _ entry: OutboxEntry, with forwarder: any CommandForwarder
  ) async throws(LedgerError) -> Result<[CommandOutcome], LedgerError>? {
    switch await forwarder.forward(entry, to: self) {
    case .unreachable:
      return nil
    case .refused(let status, let code, let reason):
      return .failure(.sync(.refusedByHub(status: status, code: code, reason: reason)))
    case .accepted(let positions, let duplicate):
      let recorded = try events(from: positions.lowerBound, limit: Int(positions.count))
      let events = try recorded.map { event throws(LedgerError) in try StoredEvent.decode(event) }
      return .success([CommandOutcome(events: duplicate ? [] : events, positions: positions, wasDuplicate: duplicate)])
    }
  }

  /// Runs an outbox entry again on this (rebuilt) working ledger, under its key and as its
  /// actor, without keeping it in the outbox again: what a sync does with the entries the hub
  /// has not seen yet.
  public func replay(_ entry: OutboxEntry) async throws(LedgerError) -> [CommandOutcome] {
    try requireWorkingLedger()
    let metadata = EventMetadata(actor: entry.actor)
    let key = IdempotencyKey(validating: entry.key)
    if entry.atomic {
      return try await record(
        atomically: entry.commands, metadata: metadata, idempotencyKey: key, requestFingerprint: nil)
    }
    let results = try await record(
      batch: entry.commands.map { BatchCommand($0, idempotencyKey: key) }, metadata: metadata, projecting: .inline)
    return try results.map { result throws(LedgerError) in try result.get() }
  }

  /// Resolves entries a crash left ``OutboxEntry/State/recording``: recorded here under their
  /// key means they ran (pending); not recorded means they never committed, as a command
  /// interrupted on any ledger, and they leave the outbox.
  public func settleInterruptedEntries() throws(LedgerError) {
    guard let outbox else { return }
    for entry in try outboxEntries() where entry.state == .recording {
      var earlier: CommandOutcome?
      if let key = IdempotencyKey(validating: entry.key) {
        earlier = try earlierOutcome(forKey: key, requestFingerprint: nil)
      }
      let interrupted = LedgerError.rejected(.invalidField(field: "outbox", reason: "interrupted before it committed"))
      try settle(entry, with: earlier.map { .success([$0]) } ?? .failure(interrupted), in: outbox)
    }
  }

  /// Tries a conflict again: its edits of transactions now expect the versions this ledger
  /// holds (the hub's, after a pull) — the change is applied on top of the other device's —
  /// and it is decided here first, as any command; accepted, it is pending again and goes to
  /// the hub with the next sync. A refusal leaves it a conflict, with the new reason.
  public func retry(outboxEntry id: Int) async throws(LedgerError) -> OutboxEntry {
    guard let outbox else { throw .sync(.wrongRole("this ledger is not a device; it has no outbox")) }
    guard let entry = try outboxEntries().first(where: { $0.id == id }) else {
      throw .sync(.notFound("no change \(id) in the outbox; list them with: budget sync status"))
    }
    guard entry.state == .conflict else {
      throw .sync(.invalid("change \(id) is \(entry.state.rawValue), not a conflict; only conflicts are retried"))
    }
    try requireWorkingLedger()
    var rebased = entry
    rebased.commands = entry.commands.map { pinned(Self.unpinned($0)) }
    let outcomes: [CommandOutcome]
    do {
      outcomes = try await replay(rebased)
    } catch {
      _ = try? outbox.update(id) {
        $0.reason = error.description
        $0.code = "refused_on_device"
      }
      throw error
    }
    let positions = outcomes.flatMap { [$0.positions.lowerBound, $0.positions.upperBound] }
    do {
      try outbox.update(id) {
        $0.commands = rebased.commands
        $0.state = .pending
        $0.code = nil
        $0.reason = nil
        $0.positions = positions.isEmpty ? nil : [positions.min()!, positions.max()!]
      }
      return try outbox.entries().first { $0.id == id } ?? rebased
    } catch {
      throw .sync(error)
    }
  }

  /// Gives up a conflict: it leaves the outbox, and no ledger ever had it.
  public func drop(outboxEntry id: Int) throws(LedgerError) -> OutboxEntry {
    guard let outbox else { throw .sync(.wrongRole("this ledger is not a device; it has no outbox")) }
    guard let entry = try outboxEntries().first(where: { $0.id == id }) else {
      throw .sync(.notFound("no change \(id) in the outbox; list them with: budget sync status"))
    }
    guard entry.state == .conflict else {
      throw .sync(
        .invalid(
          "change \(id) is pending, not a conflict: it is in this ledger's reports; take it back with budget undo (the undo syncs too)"
        ))
    }
    do { try outbox.remove(id) } catch { throw .sync(error) }
    return entry
  }

  /// `command` with its edit of a transaction expecting the version this ledger holds, when
  /// it expects none: so the hub refuses it if another device changed the transaction first,
  /// instead of one edit silently overwriting the other.
  func pinned(_ command: LedgerCommand) -> LedgerCommand {
    switch command {
    case .amendTransaction(let amendment, nil):
      guard let version = transactions[amendment.transaction]?.version else { return command }
      return .amendTransaction(amendment, expectedVersion: version)
    case .deleteTransaction(let id, let reason, nil):
      guard let version = transactions[id]?.version else { return command }
      return .deleteTransaction(id, reason: reason, expectedVersion: version)
    case .restoreTransaction(let id, let reason, nil):
      guard let version = transactions[id]?.version else { return command }
      return .restoreTransaction(id, reason: reason, expectedVersion: version)
    default:
      return command
    }
  }

  /// `command` without the version its edit expects (for ``pinned(_:)`` to pin it afresh).
  static func unpinned(_ command: LedgerCommand) -> LedgerCommand {
    switch command {
    case .amendTransaction(let amendment, _): .amendTransaction(amendment, expectedVersion: nil)
    case .deleteTransaction(let id, let reason, _): .deleteTransaction(id, reason: reason, expectedVersion: nil)
    case .restoreTransaction(let id, let reason, _): .restoreTransaction(id, reason: reason, expectedVersion: nil)
    default: command
    }
  }

  private func journal(
    _ commands: [LedgerCommand], atomic: Bool, key: IdempotencyKey?, metadata: EventMetadata, now: Int64,
    in outbox: Outbox
  ) throws(LedgerError) -> OutboxEntry {
    do {
      return try outbox.add(commands, atomic: atomic, key: key?.rawValue, actor: metadata.actor, now: now)
    } catch {
      throw .sync(error)
    }
  }

  /// Marks `entry` pending at the positions it ran at, or takes it out when it was refused.
  private func settle(
    _ entry: OutboxEntry, with result: Result<[CommandOutcome], LedgerError>, in outbox: Outbox
  ) throws(LedgerError) {
    do {
      switch result {
      case .success(let outcomes):
        let positions = outcomes.flatMap { [$0.positions.lowerBound, $0.positions.upperBound] }
        try outbox.update(entry.id) {
          $0.state = .pending
          $0.positions = positions.isEmpty ? nil : [positions.min()!, positions.max()!]
        }
      case .failure:
        try outbox.remove(entry.id)
      }
    } catch {
      throw .sync(error)
    }
  }
}
