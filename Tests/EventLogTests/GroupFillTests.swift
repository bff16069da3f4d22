import EventLog
import LMDB
import LedgerTesting
import Testing

/// The writer keeps a group's transaction open while the callers of the last commit come
/// back, applying their requests as they arrive. These tests drive that path with many
/// rounds of concurrent appenders, rejected appends and `transact` bodies that throw.
@Suite("Group commit: filling an open transaction")
struct GroupFillTests {
  private struct Boom: Error {}

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
}
