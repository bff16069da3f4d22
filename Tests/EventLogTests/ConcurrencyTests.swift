import EventLog
import LedgerTesting
import Testing

@Suite("Optimistic concurrency and atomic batches")
struct ConcurrencyTests {
  @Test("given a stream at version 2, when an append expects version 1, then it fails naming stream, expected and actual, and writes nothing")
  func wrongExpectedVersion() async throws {
    let fixture = try LogFixture()
    _ = try await fixture.log.append(Fixtures.events(2), to: "transaction-1")

    let error = await #expect(throws: EventLogError.self) {
      try await fixture.log.append([Fixtures.event()], to: "transaction-1", expectedVersion: .exact(1))
    }

    #expect(error == .wrongExpectedVersion(stream: "transaction-1", expected: .exact(1), actual: 2))
    #expect(error?.description.contains("'transaction-1' is at version 2") == true)
    #expect(try fixture.log.head().position == 2)
  }

  @Test("given expectations noStream / streamExists / exact, when they hold or not, then appends succeed or fail accordingly")
  func expectationKinds() async throws {
    let log = try LogFixture().log

    _ = try await log.append([Fixtures.event()], to: "a", expectedVersion: .noStream)
    await #expect(throws: EventLogError.wrongExpectedVersion(stream: "a", expected: .noStream, actual: 1)) {
      try await log.append([Fixtures.event()], to: "a", expectedVersion: .noStream)
    }
    await #expect(throws: EventLogError.wrongExpectedVersion(stream: "b", expected: .streamExists, actual: nil)) {
      try await log.append([Fixtures.event()], to: "b", expectedVersion: .streamExists)
    }
    _ = try await log.append([Fixtures.event()], to: "a", expectedVersion: .streamExists)
    _ = try await log.append([Fixtures.event()], to: "a", expectedVersion: .exact(2))
    _ = try await log.append([Fixtures.event()], to: "a", expectedVersion: .any)

    #expect(try log.version(of: "a") == 4)
    #expect(try log.version(of: "b") == nil)
  }

  @Test("given a transfer touching two accounts, when one account's expected version is stale, then neither stream gets an event")
  func multiStreamBatchIsAllOrNothing() async throws {
    let log = try LogFixture().log
    _ = try await log.append([Fixtures.event("AccountOpened")], to: "account-1")
    _ = try await log.append([Fixtures.event("AccountOpened")], to: "account-2")
    _ = try await log.append([Fixtures.event("Deposit")], to: "account-2")

    let stale = AppendBatch([
      StreamAppend(stream: "account-1", expectedVersion: .exact(1), events: [Fixtures.event("TransferSent")]),
      StreamAppend(stream: "account-2", expectedVersion: .exact(1), events: [Fixtures.event("TransferReceived")]),
    ])
    await #expect(throws: EventLogError.wrongExpectedVersion(stream: "account-2", expected: .exact(1), actual: 2)) {
      try await log.append(stale)
    }
    #expect(try log.head().position == 3)
    #expect(try log.version(of: "account-1") == 1)

    var fresh = stale
    fresh.streams[1].expectedVersion = .exact(2)
    let result = try await log.append(fresh)

    #expect(result.positions == 4...5)
    #expect(result.streamVersions == ["account-1": 2, "account-2": 3])
    #expect(try log.all().map(\.type).suffix(2) == ["TransferSent", "TransferReceived"])
  }

  @Test("given 8 writers racing on one stream with expected versions, when they all append, then exactly one wins each version")
  func racingWritersNoLostUpdate() async throws {
    let log = try LogFixture().log
    _ = try await log.append([Fixtures.event("Created")], to: "transaction-1")

    let outcomes = await withTaskGroup(of: Bool.self) { group in
      for writer in 0..<8 {
        group.addTask {
          (try? await log.append([Fixtures.event("Amended", "w\(writer)")], to: "transaction-1", expectedVersion: .exact(1)))
            != nil
        }
      }
      return await group.reduce(into: [Bool]()) { $0.append($1) }
    }

    #expect(outcomes.filter { $0 }.count == 1)
    #expect(try log.version(of: "transaction-1") == 2)
  }

  @Test("given 64 tasks appending at once, when the writer group-commits them, then each gets its own positions, dense, in fewer commits")
  func groupCommit() async throws {
    // Durable, so each commit waits for fsync and the queue has time to fill.
    let log = try LogFixture(options: .init(durability: .durable)).log
    let commitsBefore = log.commitCount

    let results = try await withThrowingTaskGroup(of: AppendResult.self) { group in
      for task in 0..<64 {
        group.addTask {
          try await log.append(Fixtures.events(3, prefix: "t\(task)"), to: try StreamName("task-\(task)"), expectedVersion: .noStream)
        }
      }
      return try await group.reduce(into: [AppendResult]()) { $0.append($1) }
    }

    let positions = results.flatMap { Array($0.positions) }.sorted()
    #expect(positions == Array(1...192))
    #expect(results.allSatisfy { $0.positions.count == 3 })
    #expect(log.commitCount - commitsBefore < 64)
    // Each task's events stay together, in its own order.
    for result in results {
      let texts = try log.read(from: result.positions.lowerBound, limit: 3).map(\.text)
      let task = texts[0].split(separator: "-")[0]
      #expect(texts == ["\(task)-1", "\(task)-2", "\(task)-3"])
    }
    #expect(try log.verify().isIntact)
  }

  @Test("given a group containing a conflicting append, when it commits, then only that append fails")
  func conflictInGroupFailsAlone() async throws {
    let log = try LogFixture(options: .init(durability: .durable)).log
    _ = try await log.append([Fixtures.event()], to: "shared")

    let results = await withTaskGroup(of: Result<AppendResult, EventLogError>.self) { group in
      for task in 0..<16 {
        group.addTask {
          do throws(EventLogError) {
            let expected: ExpectedVersion = task == 7 ? .exact(99) : .any
            return .success(try await log.append([Fixtures.event()], to: "shared", expectedVersion: expected))
          } catch { return .failure(error) }
        }
      }
      return await group.reduce(into: [Result<AppendResult, EventLogError>]()) { $0.append($1) }
    }

    let failures = results.compactMap { if case .failure(let error) = $0 { error } else { nil } }
    #expect(failures.count == 1)
    #expect(failures.first == .wrongExpectedVersion(stream: "shared", expected: .exact(99), actual: failures.first.flatMap {
      if case .wrongExpectedVersion(_, _, let actual) = $0 { actual } else { nil }
    }))
    #expect(try log.version(of: "shared") == 16)
    #expect(try log.verify().isIntact)
  }
}
