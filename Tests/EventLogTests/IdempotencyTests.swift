import EventLog
import LedgerTesting
import Testing

@Suite("Idempotent retries")
struct IdempotencyTests {
  @Test(
    "given an append with an idempotency key, when it is retried, then the original positions come back and nothing is written"
  )
  func retryReturnsOriginal() async throws {
    let log = try LogFixture().log
    let batch = AppendBatch(
      [StreamAppend(stream: "import-1", events: Fixtures.events(3))], idempotencyKey: "bank-2024-03.csv#1")

    let original = try await log.append(batch)
    _ = try await log.append([Fixtures.event()], to: "other")
    let retry = try await log.append(batch)

    #expect(original.wasDuplicate == false)
    #expect(retry.wasDuplicate == true)
    #expect(retry.positions == original.positions)
    #expect(retry.streamVersions == original.streamVersions)
    #expect(retry.recordedAt == original.recordedAt)
    #expect(try log.head().position == 4)
  }

  @Test("given appends under some keys, when asked which keys or prefixes were used, then exactly those are found")
  func recordedKeysAndPrefixes() async throws {
    let log = try LogFixture().log
    #expect(try log.hasIdempotencyKey(withPrefix: "csv-") == false)
    for key in ["csv-0a1b", "csv:2024-03-01:0a1b", "csw"] {
      _ = try await log.append([Fixtures.event()], to: "s", idempotencyKey: IdempotencyKey(key))
    }

    #expect(try log.hasIdempotencyKey(withPrefix: "csv-"))
    #expect(try log.hasIdempotencyKey(withPrefix: "csv:2024-03"))
    #expect(try log.hasIdempotencyKey(withPrefix: "csv:2024-04") == false)
    #expect(try log.hasIdempotencyKey(withPrefix: "csv-1") == false)  // sorts between csv-0a1b and csv:
    #expect(try log.hasIdempotencyKey(withPrefix: "csx") == false)  // past every key
    #expect(try log.recordedIdempotencyKeys(among: ["csv-0a1b", "csv-0a1c", "csw", "cs"]) == ["csv-0a1b", "csw"])
  }

  @Test("given a used idempotency key, when it comes with different events, then the append is refused")
  func keyReuseWithDifferentEvents() async throws {
    let log = try LogFixture().log
    _ = try await log.append([Fixtures.event("T", "one")], to: "s", idempotencyKey: "k")

    await #expect(throws: EventLogError.idempotencyKeyReused(key: "k")) {
      try await log.append([Fixtures.event("T", "two")], to: "s", idempotencyKey: "k")
    }
    #expect(try log.head().position == 1)
  }

  @Test(
    "given 20 concurrent retries of one keyed append, when they race, then it is written once and all see the same positions"
  )
  func concurrentRetries() async throws {
    let log = try LogFixture().log
    let batch = AppendBatch([StreamAppend(stream: "s", events: Fixtures.events(2))], idempotencyKey: "same")

    let results = try await withThrowingTaskGroup(of: AppendResult.self) { group in
      for _ in 0..<20 { group.addTask { try await log.append(batch) } }
      return try await group.reduce(into: [AppendResult]()) { $0.append($1) }
    }

    #expect(Set(results.map(\.positions)) == [1...2])
    #expect(results.filter { !$0.wasDuplicate }.count == 1)
    #expect(try log.head().position == 2)
  }

  @Test("given a keyed append, when the log is reopened and it is retried, then it is still recognised")
  func keysSurviveRestart() async throws {
    let directory = TemporaryDirectory()
    let path = directory.file("idem.ledger")
    let batch = AppendBatch([StreamAppend(stream: "s", events: Fixtures.events(1))], idempotencyKey: "persisted")
    do { _ = try await EventLog(path: path).append(batch) }

    let retry = try await EventLog(path: path).append(batch)

    #expect(retry.wasDuplicate)
    #expect(retry.positions == 1...1)
  }
}
