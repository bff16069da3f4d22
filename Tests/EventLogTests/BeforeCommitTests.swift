import EventLog
import LMDB
import LedgerTesting
import Synchronization
import Testing

/// Work registered with `LogWriteSession.beforeCommit` runs once per write transaction, after
/// its requests, and commits or aborts with their events.
@Suite("Event log: work before a commit", .timeLimit(.minutes(5)))
struct BeforeCommitTests {
  private struct Boom: Error {}

  /// A count that tasks share.
  private final class Count: Sendable {
    let value = Mutex(0)
  }

  private static func append(_ text: String, in session: inout LogWriteSession) throws {
    let batch = AppendBatch([
      StreamAppend(stream: try StreamName("s-\(text)"), events: [Fixtures.event("Tested", text)])
    ])
    guard case .success = try session.append(batch) else { throw Boom() }
  }

  @Test(
    "given two requests of one transaction registering the same name, when it commits, then the work runs once — the later one's — after both, in the transaction"
  )
  func lastRegistrationRunsOnce() async throws {
    let log = try LogFixture().log
    let runs = Mutex<[String]>([])
    let table = try log.environment.write { try $0.openDatabase(named: "side", flags: .create) }

    let head = try await log.transact(weight: 0) { session -> UInt64 in
      for name in ["first", "second"] {
        try Self.append(name, in: &session)
        let seen = session.head.position
        session.beforeCommit("side") { transaction in
          try transaction.put(Array(name.utf8), for: "last", in: table)
          runs.withLock { $0.append("\(name) saw \(seen)") }
        }
      }
      return session.head.position
    }

    #expect(runs.withLock { $0 } == ["second saw 2"])
    #expect(head == 2)
    let stored = try log.environment.read { txn in
      try txn.get("last", in: table).map { String(decoding: $0, as: UTF8.self) }
    }
    #expect(stored == "second")
  }

  @Test(
    "given work registered by a request that then throws, when the transaction fails, then the work never runs; work that throws fails the transaction and leaves no event"
  )
  func failuresAbortTogether() async throws {
    let log = try LogFixture().log
    let runs = Mutex(0)

    await #expect(throws: Boom.self) {
      _ = try await log.transact(weight: 0) { session -> Int in
        try Self.append("a", in: &session)
        session.beforeCommit("side") { _ in runs.withLock { $0 += 1 } }
        throw Boom()
      }
    }
    await #expect(throws: (any Error).self) {
      _ = try await log.transact(weight: 0) { session -> Int in
        try Self.append("b", in: &session)
        session.beforeCommit("side") { _ in throw Boom() }
        return 0
      }
    }

    #expect(runs.withLock { $0 } == 0)
    #expect(try log.head().position == 0)
  }

  @Test(
    "given 32 concurrent requests each registering the same work, when they commit in groups, then it runs once per commit, not once per request"
  )
  func oncePerGroupCommit() async throws {
    let log = try LogFixture().log
    let runs = Count()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<32 {
        group.addTask {
          _ = try await log.transact(weight: 1) { session -> Int in
            try Self.append("r\(index)", in: &session)
            session.beforeCommit("side") { _ in runs.value.withLock { $0 += 1 } }
            return 0
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(try log.head().position == 32)
    #expect(runs.value.withLock { $0 } == Int(log.commitCount))
  }
}
