import EventLog
import LedgerTesting
import Testing

@Suite("Subscriptions")
struct SubscriptionTests {
  @Test("given 3 events, when a subscriber follows from position 1, then it catches up and then receives live appends")
  func catchUpThenLive() async throws {
    let log = try LogFixture().log
    _ = try await log.append(Fixtures.events(3, prefix: "old"), to: "s")

    let follower = Task {
      var seen: [String] = []
      for try await event in log.subscribe(after: 1) {
        seen.append(event.text)
        if seen.count == 4 { break }
      }
      return seen
    }
    try await Task.sleep(for: .milliseconds(50))
    _ = try await log.append(Fixtures.events(2, prefix: "new"), to: "s")

    #expect(try await follower.value == ["old-2", "old-3", "new-1", "new-2"])
  }

  @Test("given a subscriber waiting at the head, when its task is cancelled, then the iteration ends promptly")
  func cancellationEndsWaiting() async throws {
    let log = try LogFixture().log
    let follower = Task {
      var count = 0
      do {
        for try await _ in log.subscribe(pollInterval: .seconds(60)) { count += 1 }
      } catch is CancellationError {}
      return count
    }
    try await Task.sleep(for: .milliseconds(50))
    let clock = ContinuousClock()
    let start = clock.now

    let (count, stall) = try await measuringStalls {
      follower.cancel()
      return try await follower.value
    }

    #expect(count == 0)
    // Well before its 60 s poll interval: on a busy 2-core machine a cancellation can take
    // seconds even while the pool is free
    #expect(clock.now - start < stall + .seconds(20), "the pool was stalled \(stall)")
  }
}
