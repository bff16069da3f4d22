import EventLog
import LedgerTesting
import Testing

@Suite("Prepared appends: a bulk load's rows encoded before the writer")
struct PreparedAppendTests {
  /// Appends `prepared` in one write transaction.
  private func append(_ prepared: PreparedAppends, to log: EventLog) async throws -> [PreparedOutcome] {
    try await log.transact { session in try session.append(prepared) }
  }

  @Test(
    "given prepared appends to three new streams, when appended, then they are stored as the ordinary path stores them: dense positions, version 1, metadata, a verifying chain, and keys a retry of that path recognises"
  )
  func preparedAppendsAreOrdinaryEvents() async throws {
    let log = try LogFixture().log
    _ = try await log.append([Fixtures.event("Opened", "first")], to: "account-1")
    var prepared = PreparedAppends()
    for index in 1...3 {
      try prepared.append(
        Fixtures.event("Added", "row \(index)", actor: "cli"), stream: StreamName("tx-\(index)"),
        idempotencyKey: IdempotencyKey("csv:\(index)"))
    }

    let outcomes = try await append(prepared, to: log)

    #expect(outcomes == [.appended(position: 2), .appended(position: 3), .appended(position: 4)])
    let events = try log.all()
    #expect(events.map(\.stream) == ["account-1", "tx-1", "tx-2", "tx-3"])
    #expect(events.dropFirst().allSatisfy { $0.streamVersion == 1 && $0.type == "Added" && $0.metadata.actor == "cli" })
    #expect(events.last?.payload == Array("row 3".utf8))
    #expect(try log.verify().isIntact)
    // The ordinary path, retried under a key, finds the same request: a duplicate, not a reuse.
    let retry = try await log.append(
      AppendBatch(
        [
          StreamAppend(
            stream: "tx-2", expectedVersion: .noStream, events: [Fixtures.event("Added", "row 2", actor: "cli")])
        ],
        idempotencyKey: "csv:2"))
    #expect(retry.wasDuplicate && retry.positions == 3...3)
    // And a later append continues the streams and the chain.
    _ = try await log.append([Fixtures.event("Amended", "x")], to: "tx-1", expectedVersion: .exact(1))
    #expect(try log.verify().isIntact)
    #expect(try log.all().last?.streamVersion == 2)
  }

  @Test(
    "given a recorded key and an existing stream, when prepared appends use them, then the key answers with the earlier positions, the stream is refused, and nothing of either is written"
  )
  func takenKeysAndStreamsWriteNothing() async throws {
    let log = try LogFixture().log
    _ = try await log.append([Fixtures.event()], to: "taken", idempotencyKey: "k-old")
    var prepared = PreparedAppends()
    try prepared.append(Fixtures.event("Added", "dup"), stream: "fresh", idempotencyKey: "k-old")
    try prepared.append(Fixtures.event("Added", "clash"), stream: "taken", idempotencyKey: "k-new")
    try prepared.append(Fixtures.event("Added", "ok"), stream: "fresh", idempotencyKey: "k-ok")
    prepared.checkKey("k-old")
    prepared.checkKey("k-unknown")

    let outcomes = try await append(prepared, to: log)

    #expect(
      outcomes == [
        .duplicate(positions: 1...1), .streamExists(version: 1), .appended(position: 2), .duplicate(positions: 1...1),
        .keyNotRecorded,
      ])
    #expect(try log.all().map(\.stream) == ["taken", "fresh"])
    // The refused entry's key stays free: it can be used again.
    #expect(try log.idempotencyRecord(forKey: "k-new")?.positions == nil)
    _ = try await log.append([Fixtures.event()], to: "other", idempotencyKey: "k-new")
    #expect(try log.verify().isIntact)
  }

  @Test(
    "given one stream created by an ordinary append earlier in the same transaction, when a prepared append starts it again, then it is refused"
  )
  func streamsOfTheSameTransactionCount() async throws {
    let log = try LogFixture().log
    var prepared = PreparedAppends()
    try prepared.append(Fixtures.event("Added", "late"), stream: "s", idempotencyKey: "k")

    let late = prepared
    let outcomes = try await log.transact { session in
      _ = try session.append(AppendBatch([StreamAppend(stream: "s", events: [Fixtures.event()])])).get()
      return try session.append(late)
    }

    #expect(outcomes == [.streamExists(version: 1)])
    #expect(try log.head().position == 1)
    #expect(try log.idempotencyRecord(forKey: "k")?.positions == nil)
  }

  @Test(
    "given a stream an ordinary append of the same transaction found missing, when a prepared append starts it and an ordinary append follows, then the last continues it at version 2"
  )
  func groupSeesStreamsPreparedAppendsStart() async throws {
    let log = try LogFixture().log
    var prepared = PreparedAppends()
    try prepared.append(Fixtures.event("Added", "first"), stream: "a", idempotencyKey: "k")
    let late = prepared

    let versions = try await log.transact { session in
      // Refused on its second stream, after it looked the first up (and remembered it missing).
      let refused = try session.append(
        AppendBatch([
          StreamAppend(stream: "a", expectedVersion: .noStream, events: [Fixtures.event()]),
          StreamAppend(stream: "b", expectedVersion: .exact(5), events: [Fixtures.event()]),
        ]))
      guard case .failure = refused else { return [UInt64]() }
      _ = try session.append(late)
      let next = try session.append(
        AppendBatch([StreamAppend(stream: "a", expectedVersion: .exact(1), events: [Fixtures.event("Amended", "x")])]))
      return try next.get().streamVersions.values.sorted()
    }

    #expect(versions == [2])
    #expect(try log.all().map(\.streamVersion) == [1, 2])
    #expect(try log.verify().isIntact)
  }

  @Test("given an event the log would refuse, when it is prepared, then it is refused there, as an append would be")
  func invalidEventsAreRefusedWhenPrepared() throws {
    var prepared = PreparedAppends()
    #expect(throws: EventLogError.self) {
      try prepared.append(Fixtures.event("bad type!", "x"), stream: "s", idempotencyKey: "k")
    }
    #expect(prepared.count == 0)
  }
}
