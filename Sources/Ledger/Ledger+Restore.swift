import EventLog
import LedgerDomain
import ProjectionEngine

/// An event read from a backup, with who recorded it and when.
public struct RestoredEvent: Sendable {
  public var event: LedgerEvent
  /// Actor, correlation and causation ids as originally recorded.
  public var metadata: EventMetadata
  /// The original recorded-at (UTC ms); kept so that the restored hash chain is identical.
  public var recordedAt: Int64?
  /// The schema version the event was recorded in, when the backup says: an event of an
  /// earlier version is written back in it, byte for byte, for the same reason.
  public var schemaVersion: UInt16?

  public init(event: LedgerEvent, metadata: EventMetadata, recordedAt: Int64?, schemaVersion: UInt16? = nil) {
    self.event = event
    self.metadata = metadata
    self.recordedAt = recordedAt
    self.schemaVersion = schemaVersion
  }
}

extension Ledger {
  /// Appends `events` as recorded facts — the rules are not run, but a history that cannot be
  /// a ledger's is refused first (``checkRestorable(_:)``) — into this ledger, which must be
  /// empty: the way a backup is restored. Events go in batches of 5,000 per
  /// transaction into a map grown beforehand for all of them (``reserveRoom(forTransactions:)``);
  /// the read models are rebuilt once at the end (``ProjectionUpdate/deferred``: cheaper than
  /// folding every batch on the writer when the whole ledger is new), and the rules' state the
  /// check folded is stored as the snapshot at the restored head.
  ///
  /// - Parameter keys: the idempotency keys the backup kept, recorded again for the same
  ///   positions, so that the restored ledger recognises what the original would (a statement
  ///   imported again, a retried request).
  public func restore(
    _ events: [RestoredEvent], keys: [IdempotencyRecord] = [], progress: (@Sendable (Int, Int) -> Void)? = nil
  ) async throws(LedgerError) {
    let checked = try Self.checkRestorable(events)
    if let outside = keys.first(where: { $0.positions.lowerBound < 1 || $0.positions.upperBound > UInt64(events.count) }
    ) {
      throw LedgerError.rejected(
        .invalidField(
          field: "backup",
          reason:
            "idempotency key '\(outside.key)' names positions \(outside.positions) outside its \(events.count) events; it was damaged or edited by hand — nothing was restored"
        ))
    }
    do {
      guard try log.head().position == 0 else {
        throw LedgerError.rejected(
          .invalidField(field: "restore", reason: "the target ledger is not empty; restore into a new file"))
      }
      // The map grown once for the whole backup: a batch that fills it is rolled back and run again.
      try reserveMap(forTransactions: events.count)
      let projections = self.projections
      var done = 0
      for start in stride(from: 0, to: events.count, by: 5_000) {
        let chunk = Array(events[start..<min(start + 5_000, events.count)])
        try await log.transact(weight: chunk.count) { session in
          var appendedEvents: [(event: LedgerEvent, point: LogPoint)] = []
          appendedEvents.reserveCapacity(chunk.count)
          for item in chunk {
            let proposed = try StoredEvent.proposed(
              item.event, metadata: item.metadata, schemaVersion: item.schemaVersion)
            let batch = AppendBatch([StreamAppend(stream: try StreamName(item.event.stream), events: [proposed])])
            let appended = try
              (item.recordedAt.map { try session.append(batch, recordedAt: $0) } ?? session.append(batch)).get()
            appendedEvents.append(
              (item.event, LogPoint(position: appended.positions.lowerBound, recordedAt: appended.recordedAt)))
          }
          // The commit's extent only: the projections are rebuilt at the end.
          try projections.recordWithoutFolding(appendedEvents, in: session)
        }
        done += chunk.count
        progress?(done, events.count)
      }
      if !keys.isEmpty {
        try await log.transact(weight: keys.count) { session in
          for record in keys {
            try session.recordIdempotencyKey(
              try IdempotencyKey(record.key), positions: record.positions, fingerprint: record.fingerprint)
          }
        }
      }
      try await projections.rebuild()
      // The state the check folded from the same events is the snapshot at the restored head;
      // the writer's state notices the new events on the next command and reads it.
      try await storeSnapshot(of: checked)
    } catch {
      throw LedgerError(error)
    }
  }
}
