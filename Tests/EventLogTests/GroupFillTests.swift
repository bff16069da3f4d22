import EventLog
import LMDB
import LedgerTesting
import Synchronization
import Testing

/// After a commit of several requests the writer takes their callers' next requests into the
/// next transaction as they come back (for a fraction of a commit), applying each as it is
/// taken, and commits them as one group. These tests drive that path with many
/// rounds of concurrent appenders: rejected appends, `transact` bodies that throw, storage
/// failures inside a group (the map grows, then hits its cap), and `afterCommit` hooks.
/// A caller the writer loses never resumes. The time limit reports which test hung (it cannot
/// end a continuation that nobody resumes); `make test` kills a suite that hangs. It is a
/// hang's limit, not a speed's: on a busy 2-core machine a round of these takes over 2 minutes.
@Suite("Group commit: filling a group", .timeLimit(.minutes(5)))
struct GroupFillTests {
  private struct Boom: Error {}

  /// The first positions of the appends whose `afterCommit` ran, in the order they ran.
  private final class HookLog: Sendable {
    let positions = Mutex<[UInt64]>([])
  }

  @Test("given 32 appenders over 20 rounds with conflicts and failing bodies mixed in, when they commit, then every outcome is its own and the chain is intact")
  func mixedRoundsKeepEveryOutcomeSeparate() async throws {
    let log = try LogFixture(options: .init(durability: .durable)).log
    let tasks = 32
    let rounds = 20
    let outcomes = try await withThrowingTaskGroup(of: (appended: [AppendResult], rejected: Int, thrown: Int).self) { group in
      for task in 0..<tasks {
        group.addTask {
          var appended: [AppendResult] = []
          var rejected = 0
          var thrown = 0
          let stream = try StreamName("fill-\(task)")
          for round in 0..<rounds {
            switch (task + round) % 7 {
            case 3:
              // A stale expectation: rejected alone, writes nothing.
              do {
                _ = try await log.append([Fixtures.event("Stale", "t\(task)r\(round)")], to: stream, expectedVersion: .exact(10_000))
                Issue.record("a stale append was accepted")
              } catch EventLogError.wrongExpectedVersion { rejected += 1 }
            case 5:
              // A body that appends and then throws: its transaction is retried without it.
              do {
                _ = try await log.transact { session in
                  _ = try session.append(AppendBatch([StreamAppend(stream: stream, events: [Fixtures.event("Ghost", "x")])]))
                  throw Boom()
                }
                Issue.record("a throwing body succeeded")
              } catch is Boom { thrown += 1 }
            default:
              appended.append(try await log.append([Fixtures.event("Kept", "t\(task)r\(round)")], to: stream))
            }
          }
          return (appended, rejected, thrown)
        }
      }
      return try await group.reduce(into: [(appended: [AppendResult], rejected: Int, thrown: Int)]()) { $0.append($1) }
    }

    let results = outcomes.flatMap(\.appended)
    let positions = results.flatMap { Array($0.positions) }.sorted()
    #expect(positions == Array(1...UInt64(results.count)))
    #expect(outcomes.map(\.rejected).reduce(0, +) > 0)
    #expect(outcomes.map(\.thrown).reduce(0, +) > 0)
    let events = try log.all()
    #expect(events.count == results.count)
    #expect(events.allSatisfy { $0.type == "Kept" })
    for result in results {
      let event = try #require(try log.event(at: result.positions.lowerBound))
      #expect(result.streamVersions[try StreamName(event.stream)] == event.streamVersion)
    }
    #expect(log.commitCount < UInt64(tasks * rounds))
    #expect(try log.verify().isIntact)
  }

  @Test("given 24 appenders that run into the map size limit together, when appends in a group fail, then each caller gets its own result or error and the log stays dense")
  func storageFailureInACallersApplyIsIsolated() async throws {
    let directory = TemporaryDirectory()
    // Small map: it grows (the group's transaction re-runs on the writer) and then hits the cap.
    let log = try EventLog(
      path: directory.file("capped.ledger"),
      options: .init(durability: .noSync, initialMapSize: 256 << 10, maxMapSize: 2 << 20))
    let payload = [UInt8](repeating: 7, count: 1500)
    let tasks = 24
    let outcomes = try await withThrowingTaskGroup(of: (appended: [AppendResult], failures: [EventLogError]).self) { group in
      for task in 0..<tasks {
        group.addTask {
          var appended: [AppendResult] = []
          var failures: [EventLogError] = []
          let stream = try StreamName("capped-\(task)")
          // Keep appending after the first failure: later appends must fail the same way,
          // one by one, and never take a neighbour's result.
          for _ in 0..<120 {
            do throws(EventLogError) {
              appended.append(try await log.append([ProposedEvent(type: "Filler", payload: payload)], to: stream))
            } catch {
              failures.append(error)
            }
          }
          return (appended, failures)
        }
      }
      return try await group.reduce(into: [(appended: [AppendResult], failures: [EventLogError])]()) { $0.append($1) }
    }

    let results = outcomes.flatMap(\.appended)
    let failures = outcomes.flatMap(\.failures)
    #expect(!failures.isEmpty)
    for failure in failures {
      guard case .storage(let lmdb) = failure else {
        Issue.record("expected a storage error, got \(failure)")
        continue
      }
      #expect(lmdb.isMapFull)
    }
    #expect(results.count > 200)
    let positions = results.flatMap { Array($0.positions) }.sorted()
    #expect(positions == Array(1...UInt64(results.count)))
    #expect(try log.head().position == UInt64(results.count))
    // Each stream holds exactly its own task's successes, at versions 1...n.
    for outcome in outcomes {
      let versions = outcome.appended.compactMap { $0.streamVersions.values.first }
      #expect(versions == (0..<versions.count).map { UInt64($0 + 1) })
    }
    #expect(try log.verify().isIntact)
  }

  @Test("given plain appends mixed with transact bodies, when groups commit, then afterCommit hooks run in log order, each before its caller resumes")
  func afterCommitRunsInOrderBeforeItsCaller() async throws {
    let log = try LogFixture(options: .init(durability: .durable)).log
    let hooks = HookLog()
    let tasks = 24
    let rounds = 15
    let counts = try await withThrowingTaskGroup(of: (appends: Int, transacts: Int).self) { group in
      for task in 0..<tasks {
        group.addTask {
          var appends = 0
          var transacts = 0
          let stream = try StreamName("order-\(task)")
          for round in 0..<rounds {
            if (task + round) % 3 == 0 {
              let batch = AppendBatch([StreamAppend(stream: stream, events: [Fixtures.event("Hooked", "t\(task)r\(round)")])])
              let result = try await log.transact { session in
                try session.append(batch).get()
              } afterCommit: { result in
                hooks.positions.withLock { $0.append(result.positions.lowerBound) }
              }
              // The hook ran before this caller was resumed.
              #expect(hooks.positions.withLock { $0.contains(result.positions.lowerBound) })
              transacts += 1
            } else {
              _ = try await log.append([Fixtures.event("Plain", "t\(task)r\(round)")], to: stream)
              appends += 1
            }
          }
          return (appends, transacts)
        }
      }
      return try await group.reduce(into: (appends: 0, transacts: 0)) { $0.appends += $1.appends; $0.transacts += $1.transacts }
    }

    let recorded = hooks.positions.withLock { $0 }
    #expect(recorded.count == counts.transacts)
    #expect(recorded == recorded.sorted())
    #expect(try log.head().position == UInt64(counts.appends + counts.transacts))
    #expect(log.commitCount < UInt64(tasks * rounds))
    #expect(try log.verify().isIntact)
  }
}
