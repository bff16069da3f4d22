import EventLog
import LedgerDomain
import ProjectionEngine

/// A real log plus a projection engine, for "given events, then read model" tests.
///
/// `given(...)` appends domain events (no rules are checked: they are facts) and folds them
/// into the projectors inline, in the same transaction, exactly as the ledger does.
public struct ProjectionHarness: Sendable {
  public let directory: TemporaryDirectory
  public let log: EventLog
  public let engine: ProjectionEngine

  public init(_ projectors: [any Projector]) async throws {
    directory = TemporaryDirectory()
    log = try EventLog(path: directory.file("projections.ledger"), options: .init(durability: .noSync))
    engine = try ProjectionEngine(projectors: projectors, log: log)
    try await engine.rebuild()  // creates the (empty) tables
  }

  /// Appends `events` as one batch (one stream each, in order) and projects them inline.
  /// Returns the position of the last one.
  @discardableResult
  public func given(_ events: LedgerEvent...) async throws -> UInt64 {
    try await given(events)
  }

  @discardableResult
  public func given(_ events: [LedgerEvent]) async throws -> UInt64 {
    let engine = self.engine
    return try await log.transact(weight: events.count) { session in
      try engine.apply(try Self.append(events, in: &session), in: session)
      return session.head.position
    }
  }

  /// Appends `folded` and then `deferred` in **one** commit: the first folded inline, the
  /// second only recorded (``ProjectionEngine/recordWithoutFolding(_:in:)``), as when a bulk
  /// load's batch shares a group commit with an ordinary command queued before it. Returns
  /// the position of the last event.
  @discardableResult
  public func given(folded: [LedgerEvent], thenDeferred deferred: [LedgerEvent]) async throws -> UInt64 {
    let engine = self.engine
    return try await log.transact(weight: folded.count + deferred.count) { session in
      try engine.apply(try Self.append(folded, in: &session), in: session)
      try engine.recordWithoutFolding(try Self.append(deferred, in: &session), in: session)
      return session.head.position
    }
  }

  /// Appends `events` in `session`, each to its own stream, and returns them with where they
  /// landed, as the engine takes them.
  private static func append(
    _ events: [LedgerEvent], in session: inout LogWriteSession
  ) throws -> [(event: LedgerEvent, point: LogPoint)] {
    try events.map { event in
      let proposed = ProposedEvent(
        type: event.typeName, schemaVersion: event.schemaVersion, payload: try event.encodedPayload())
      let result = try session.append(
        AppendBatch([StreamAppend(stream: try StreamName(event.stream), events: [proposed])])
      )
      .get()
      return (event, LogPoint(position: result.positions.lowerBound, recordedAt: result.recordedAt))
    }
  }

  /// Reads the projections in one snapshot.
  public func read<R>(_ body: (ProjectionReader) throws -> R) throws -> R { try engine.read(body) }
}
