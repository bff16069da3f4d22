import EventLog
import LMDB
import LedgerTesting
import Testing

@Suite("Bad input is refused with a clear error")
struct BadInputTests {
  @Test("given stream names that are empty, too long or hold control characters, then they are refused")
  func streamNames() {
    // Runtime strings, not literals: a literal would pick the non-throwing literal initialiser.
    let empty = String(), tab = String("tab\there")
    #expect(throws: EventLogError.self) { try StreamName(empty) }
    #expect(throws: EventLogError.self) { try StreamName(String(repeating: "x", count: 201)) }
    #expect(throws: EventLogError.self) { try StreamName(tab) }
    #expect((try? StreamName(String(repeating: "é", count: 100))) != nil)  // 200 bytes
    let error = #expect(throws: EventLogError.self) { try StreamName(String(repeating: "x", count: 500)) }
    #expect(error?.description == "invalid stream name: 500 bytes exceed the limit of 200")
  }

  @Test("given idempotency keys that are empty or too long, then they are refused")
  func idempotencyKeys() {
    #expect(throws: EventLogError.self) { try IdempotencyKey(String()) }
    #expect(throws: EventLogError.self) { try IdempotencyKey(String(repeating: "k", count: 201)) }
  }

  @Test("given malformed batches, when appended, then each is refused and nothing is written")
  func malformedBatches() async throws {
    let log = try LogFixture().log

    await #expect(throws: EventLogError.emptyBatch) { try await log.append([], to: "s") }
    await #expect(throws: EventLogError.emptyBatch) { try await log.append(AppendBatch([])) }
    await #expect(throws: EventLogError.self) { try await log.append([Fixtures.event("has space")], to: "s") }
    await #expect(throws: EventLogError.self) { try await log.append([Fixtures.event("")], to: "s") }
    await #expect(throws: EventLogError.self) {
      try await log.append([Fixtures.event("T", actor: String(repeating: "a", count: 256))], to: "s")
    }
    await #expect(throws: EventLogError.self) {
      try await log.append([ProposedEvent(type: "Big", payload: [UInt8](repeating: 0, count: (16 << 20) + 1))], to: "s")
    }
    let twice = AppendBatch([
      StreamAppend(stream: "s", events: [Fixtures.event()]), StreamAppend(stream: "s", events: [Fixtures.event()]),
    ])
    let error = await #expect(throws: EventLogError.self) { try await log.append(twice) }
    #expect(error?.description.contains("appears twice") == true)

    #expect(try log.head().position == 0)
  }

  @Test("given a ledger written by a newer format, when it is opened, then a clear error names both versions")
  func newerFormatVersion() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("future.ledger")
    do {
      let environment = try Environment(path: path)
      let meta = try environment.openDatabase(named: "meta", flags: .create)
      try environment.write { txn in
        try txn.put(withUnsafeBytes(of: UInt32(99).littleEndian) { Array($0) }, for: "format-version", in: meta)
      }
    }

    let error = #expect(throws: EventLogError.self) { try EventLog(path: path) }

    #expect(error == .unsupportedFormatVersion(found: 99, supported: 1))
    #expect(error?.description.contains("upgrade the program") == true)
  }

  @Test("given a path in a missing directory, when opened, then the error says no such file")
  func missingDirectory() {
    let error = #expect(throws: EventLogError.self) { try EventLog(path: "/nonexistent-dir/x.ledger") }
    #expect(error?.description.contains("no such file or directory") == true)
  }
}
