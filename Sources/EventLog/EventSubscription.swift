/// The log's events from a position on, first those already written (catch-up), then each new
/// one as it is committed (live). Each iterator pulls at its own pace: nothing is buffered
/// beyond one page, so a slow consumer cannot make the process grow.
///
/// ```swift
/// for try await event in log.subscribe(after: checkpoint) { apply(event) }
/// ```
public struct EventSubscription: AsyncSequence, Sendable {
  public typealias Element = RecordedEvent

  let log: EventLog
  let after: UInt64
  let pageSize: Int
  let pollInterval: Duration

  public func makeAsyncIterator() -> Iterator {
    Iterator(log: log, lastSeen: after, pageSize: pageSize, pollInterval: pollInterval)
  }

  public struct Iterator: AsyncIteratorProtocol {
    let log: EventLog
    var lastSeen: UInt64
    let pageSize: Int
    let pollInterval: Duration
    var page: [RecordedEvent] = []
    var index = 0

    public mutating func next() async throws -> RecordedEvent? {
      while index == page.count {
        try Task.checkCancellation()
        page = try log.read(from: lastSeen + 1, limit: pageSize)
        index = 0
        if page.isEmpty { await waitForNewEvents() }
      }
      defer { index += 1 }
      lastSeen = page[index].position
      return page[index]
    }

    /// Sleeps until this process commits past `lastSeen`, or `pollInterval` passes (to
    /// notice commits by other processes sharing the file), or the task is cancelled.
    private func waitForNewEvents() async {
      let watcher = log.watcher
      let position = lastSeen
      let interval = pollInterval
      await withTaskGroup(of: Void.self) { group in
        group.addTask { await watcher.wait(after: position) }
        group.addTask { try? await Task.sleep(for: interval) }
        await group.next()
        group.cancelAll()
      }
    }
  }
}

extension EventLog {
  /// Follows the log from just after `position`: catch-up, then live. See ``EventSubscription``.
  public func subscribe(
    after position: UInt64 = 0, pageSize: Int = 512, pollInterval: Duration = .seconds(1)
  )
    -> EventSubscription
  {
    EventSubscription(log: self, after: position, pageSize: pageSize, pollInterval: pollInterval)
  }
}
