import EventLog
import LedgerTesting
import Testing

@Suite("Appending and reading")
struct AppendTests {
  @Test("given an empty log, when batches are appended, then positions are dense from 1 and stream versions from 1")
  func densePositionsAndVersions() async throws {
    let fixture = try LogFixture()
    let log = fixture.log

    let first = try await log.append(Fixtures.events(3, prefix: "a"), to: "account-1")
    let second = try await log.append(Fixtures.events(2, prefix: "b"), to: "account-2")
    let third = try await log.append(Fixtures.events(1, prefix: "c"), to: "account-1")

    #expect(first.positions == 1...3)
    #expect(second.positions == 4...5)
    #expect(third.positions == 6...6)
    #expect(third.streamVersions == ["account-1": 4])
    let all = try log.all()
    #expect(all.map(\.position) == [1, 2, 3, 4, 5, 6])
    #expect(all.map(\.streamVersion) == [1, 2, 3, 1, 2, 4])
    #expect(all.map(\.text) == ["a-1", "a-2", "a-3", "b-1", "b-2", "c-1"])
    #expect(try log.head().position == 6)
    #expect(try log.version(of: "account-1") == 4)
    #expect(try log.version(of: "nobody") == nil)
  }

  @Test(
    "given streams of several families interleaved, when the events of one family are read, then they come in log order and no other stream's do"
  )
  func eventsOfAStreamFamily() async throws {
    let fixture = try LogFixture()
    let log = fixture.log
    try await log.append(Fixtures.events(2, prefix: "a1"), to: "account-1")
    try await log.append(Fixtures.events(1, prefix: "t"), to: "transaction-1")
    try await log.append(Fixtures.events(1, prefix: "x"), to: "accountant-1")  // shares "account", not "account-"
    try await log.append(Fixtures.events(1, prefix: "a2"), to: "account-2")
    try await log.append(Fixtures.events(1, prefix: "a1"), to: "account-1")

    let family = try log.events(ofStreamsWithPrefixes: ["account-"])

    #expect(family.map(\.position) == [1, 2, 5, 6])
    #expect(family.map(\.text) == ["a1-1", "a1-2", "a2-1", "a1-1"])
    #expect(try log.events(ofStreamsWithPrefixes: ["account-", "transaction-"]).map(\.position) == [1, 2, 3, 5, 6])
    #expect(try log.events(ofStreamsWithPrefixes: ["account-"], upTo: 5).map(\.position) == [1, 2, 5])
    #expect(try log.events(ofStreamsWithPrefixes: ["period-"]).isEmpty)
    #expect(throws: EventLogError.self) { try log.events(ofStreamsWithPrefixes: [""]) }
  }

  @Test("given a one-stream append, then its result equals and hashes like the same result built from a dictionary")
  func oneStreamResultIsAnOrdinaryValue() async throws {
    let fixture = try LogFixture()
    let appended = try await fixture.log.append(Fixtures.events(2, prefix: "a"), to: "account-1")

    let built = AppendResult(
      positions: 1...2, streamVersions: ["account-1": 2], recordedAt: appended.recordedAt, wasDuplicate: false)
    #expect(appended == built)
    #expect(Set([appended, built]).count == 1)
    var changed = appended
    changed.streamVersions["account-2"] = 1
    #expect(changed.streamVersions == ["account-1": 2, "account-2": 1])
    #expect(changed != built)
  }

  @Test("given a scan whose body throws, then the scan stops there and the body's own error comes out, not a log error")
  func scanRethrowsTheBodysError() async throws {
    struct Stop: Error, Equatable { let at: UInt64 }
    let fixture = try LogFixture()
    try await fixture.log.append(Fixtures.events(5, prefix: "a"), to: "account-1")
    var seen: [UInt64] = []

    #expect(throws: Stop(at: 3)) {
      try fixture.log.scan { view in
        seen.append(view.position)
        if view.position == 3 { throw Stop(at: 3) }
        return .continue
      }
    }

    #expect(seen == [1, 2, 3])
  }

  @Test("given a log, when read backward from the end or forward from the middle, then the order and bounds are right")
  func readBothWays() async throws {
    let fixture = try LogFixture()
    _ = try await fixture.log.append(Fixtures.events(10), to: "s")

    #expect(try fixture.log.read(from: .max, direction: .backward, limit: 3).map(\.position) == [10, 9, 8])
    #expect(try fixture.log.read(from: 4, direction: .forward, limit: 3).map(\.position) == [4, 5, 6])
    #expect(try fixture.log.read(from: 2, direction: .backward, limit: 5).map(\.position) == [2, 1])
    #expect(try fixture.log.read(from: 11).isEmpty)
    #expect(try fixture.log.event(at: 7)?.text == "e-7")
    #expect(try fixture.log.event(at: 11) == nil)
  }

  @Test("given interleaved streams, when one stream is read, then only its events come back, in version order")
  func readOneStream() async throws {
    let fixture = try LogFixture()
    for round in 1...3 {
      _ = try await fixture.log.append([Fixtures.event("T", "x\(round)")], to: "x")
      _ = try await fixture.log.append([Fixtures.event("T", "y\(round)")], to: "y")
    }

    let x = try fixture.log.read(stream: "x")
    #expect(x.map(\.text) == ["x1", "x2", "x3"])
    #expect(x.map(\.position) == [1, 3, 5])
    #expect(try fixture.log.read(stream: "y", from: .max, direction: .backward, limit: 2).map(\.text) == ["y3", "y2"])
    #expect(try fixture.log.read(stream: "y", from: 2).map(\.streamVersion) == [2, 3])
    #expect(try fixture.log.read(stream: "z").isEmpty)
  }

  @Test("given an event with metadata, when it is read back, then the whole envelope round-trips")
  func envelopeRoundTrip() async throws {
    let clock = SteppingClock(start: 1_700_000_000_123)
    let fixture = try LogFixture(options: .init(durability: .noSync, clock: { clock.tick() }))
    let metadata = EventMetadata(actor: "ana", correlationId: "req-7", causationId: "cmd-3")
    let proposed = ProposedEvent(type: "TransactionAdded", schemaVersion: 3, payload: [0, 1, 2, 255], metadata: metadata)

    _ = try await fixture.log.append([proposed], to: "transaction-9")

    let stored = try #require(try fixture.log.event(at: 1))
    #expect(stored.type == "TransactionAdded")
    #expect(stored.schemaVersion == 3)
    #expect(stored.payload == [0, 1, 2, 255])
    #expect(stored.metadata == metadata)
    #expect(stored.stream == "transaction-9")
    #expect(stored.recordedAt == 1_700_000_000_123)
    #expect(stored.hash != .genesis)
  }

  @Test("given a clock that runs backwards, when events are appended, then recorded-at never decreases")
  func recordedAtIsMonotonic() async throws {
    let clock = SteppingClock(start: 5_000)
    let fixture = try LogFixture(options: .init(durability: .noSync, clock: { clock.tick() }))

    _ = try await fixture.log.append([Fixtures.event()], to: "s")
    clock.set(1_000)
    _ = try await fixture.log.append([Fixtures.event()], to: "s")

    #expect(try fixture.log.all().map(\.recordedAt) == [5_000, 5_000])
  }

  @Test("given a log with events, when it is closed and reopened, then everything is there and appends continue the chain")
  func reopen() async throws {
    let directory = TemporaryDirectory()
    let path = directory.file("reopen.ledger")
    do {
      let log = try EventLog(path: path)
      _ = try await log.append(Fixtures.events(5), to: "s")
    }

    let reopened = try EventLog(path: path)
    let result = try await reopened.append(Fixtures.events(2), to: "s", expectedVersion: .exact(5))

    #expect(result.positions == 6...7)
    #expect(try reopened.verify().isIntact)
    #expect(try reopened.verify().verifiedCount == 7)
  }
}
