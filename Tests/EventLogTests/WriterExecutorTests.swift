import EventLog
import Foundation
import LedgerTesting
import Synchronization
import Testing

/// Tasks can run on the log's writer (`EventLog.executor`): between commits, on the writer's
/// own thread, so that an append and the caller's resumption wake no other thread. These
/// tests pin what that promises — the task really runs on the writer, such tasks still
/// group-commit, and they mix with ordinary callers — and that it cannot hang the writer.
@Suite("Event log: tasks on the writer's executor", .timeLimit(.minutes(5)))
struct WriterExecutorTests {
  private struct Boom: Error {}

  @Test(
    "given a task on the log's executor, when it appends one event after another, then each commits in order and the task's own position follows"
  )
  func sequentialAppendsOnTheWriter() async throws {
    let log = try LogFixture().log
    let stream = try StreamName("solo")
    let results = try await withTaskExecutorPreference(log.executor) {
      var results: [AppendResult] = []
      for index in 0..<200 {
        results.append(
          try await log.append(
            [Fixtures.event("Appended", "n\(index)")], to: stream,
            expectedVersion: index == 0 ? .noStream : .exact(UInt64(index))))
      }
      return results
    }
    #expect(results.map(\.positions.lowerBound) == Array(1...200))
    #expect(try log.read(stream: stream).map(\.streamVersion) == Array(1...200))
    #expect(log.commitCount == 200)
    #expect(try log.verify().isIntact)
  }

  @Test(
    "given a task on the log's executor, when its append commits, then it resumes on the thread that ran the commit's hook"
  )
  func theTaskRunsOnTheWritersThread() async throws {
    let log = try LogFixture().log
    let hookThread = Mutex<UInt>(0)
    for preference in [true, false] {
      let (hook, task) = try await withTaskExecutorPreference(preference ? log.executor : nil) {
        _ = try await log.transact({ _ in 0 }, afterCommit: { _ in hookThread.withLock { $0 = UInt(pthread_self()) } })
        return (hookThread.withLock { $0 }, UInt(pthread_self()))
      }
      // `afterCommit` runs on the writer; a task on the shared pool never runs on that thread.
      #expect((hook == task) == preference)
    }
  }

  @Test(
    "given a task on the log's executor that yields until another caller's append is in, when it keeps yielding, then that append still commits"
  )
  func aYieldingTaskOnTheWriterLetsCommitsThrough() async throws {
    let log = try LogFixture().log
    let committed = try await withTaskExecutorPreference(log.executor) {
      let other = Task.detached { try await log.append([Fixtures.event("Other", "o")], to: StreamName("other")) }
      // Each yield queues this task's job again; the writer must still take the other append.
      while log.commitCount == 0 { await Task.yield() }
      return try await other.value
    }
    #expect(committed.positions == 1...1)
  }

  @Test(
    "given a task on the log's executor, when it holds the thread without awaiting, then no one else's append commits meanwhile"
  )
  func aTaskOnTheWriterHoldsCommitsBack() async throws {
    let log = try LogFixture().log
    let before = log.commitCount
    let (commitsWhileHeld, other) = try await withTaskExecutorPreference(log.executor) {
      // Another caller, on the shared pool, appends while this task keeps the writer's thread.
      let other = Task.detached { try await log.append([Fixtures.event("Other", "o")], to: StreamName("other")) }
      usleep(200_000)  // blocks this thread on purpose: the writer's
      let commitsWhileHeld = log.commitCount - before
      return (commitsWhileHeld, other)
    }
    // Were this task on any other thread, the writer would have committed the other append
    // within the 200 ms.
    #expect(commitsWhileHeld == 0)
    let result = try await other.value
    #expect(result.positions == 1...1)
  }

  @Test(
    "given 64 tasks on the log's executor, when each appends 50 single events, then they share commits and every position is dense"
  )
  func concurrentTasksOnTheWriterGroupCommit() async throws {
    let log = try LogFixture(options: .init(durability: .durable)).log
    let tasks = 64
    let appends = 50
    let positions = try await withThrowingTaskGroup(of: [UInt64].self) { group in
      for task in 0..<tasks {
        group.addTask(executorPreference: log.executor) {
          let stream = try StreamName("writer-\(task)")
          var positions: [UInt64] = []
          for index in 0..<appends {
            positions.append(
              try await log.append([Fixtures.event("Appended", "t\(task)n\(index)")], to: stream).positions.lowerBound)
          }
          return positions
        }
      }
      return try await group.reduce(into: [UInt64]()) { $0 += $1 }
    }
    #expect(positions.sorted() == Array(1...UInt64(tasks * appends)))
    // One commit per round of appends when they all group; one per append if none did.
    #expect(log.commitCount <= UInt64(tasks * appends / 8))
    #expect(try log.verify().isIntact)
  }

  @Test(
    "given tasks on the writer and on the shared pool, with rejected appends and throwing bodies, when they run together, then every outcome is its own"
  )
  func writerAndPoolCallersMix() async throws {
    let log = try LogFixture().log
    let tasks = 16
    let rounds = 30
    let outcomes = try await withThrowingTaskGroup(of: (kept: Int, rejected: Int, thrown: Int).self) { group in
      for task in 0..<tasks {
        group.addTask(executorPreference: task.isMultiple(of: 2) ? log.executor : nil) {
          var (kept, rejected, thrown) = (0, 0, 0)
          let stream = try StreamName("mixed-\(task)")
          for round in 0..<rounds {
            switch (task + round) % 5 {
            case 1:
              do {
                _ = try await log.append([Fixtures.event("Stale", "x")], to: stream, expectedVersion: .exact(10_000))
                Issue.record("a stale append was accepted")
              } catch EventLogError.wrongExpectedVersion { rejected += 1 }
            case 3:
              do {
                _ = try await log.transact { session in
                  _ = try session.append(
                    AppendBatch([StreamAppend(stream: stream, events: [Fixtures.event("Ghost", "x")])]))
                  throw Boom()
                }
                Issue.record("a throwing body succeeded")
              } catch is Boom { thrown += 1 }
            default:
              _ = try await log.append([Fixtures.event("Kept", "t\(task)r\(round)")], to: stream)
              kept += 1
            }
          }
          return (kept, rejected, thrown)
        }
      }
      return try await group.reduce(into: [(kept: Int, rejected: Int, thrown: Int)]()) { $0.append($1) }
    }
    let kept = outcomes.map(\.kept).reduce(0, +)
    #expect(kept == tasks * rounds * 3 / 5)
    #expect(outcomes.map(\.rejected).reduce(0, +) == tasks * rounds / 5)
    #expect(outcomes.map(\.thrown).reduce(0, +) == tasks * rounds / 5)
    let events = try log.all()
    #expect(events.count == kept)
    #expect(events.allSatisfy { $0.type == "Kept" })
    #expect(try log.verify().isIntact)
  }
}
