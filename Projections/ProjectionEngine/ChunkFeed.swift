import Dispatch
import Synchronization

/// One producer's chunks, each read by every one of a fixed number of consumers: a rebuild
/// reads and decodes the log once, on a thread of its own, for all of its passes.
///
/// At most ``capacity`` chunks wait at once (the producer waits for the slowest consumer), so
/// memory stays bounded however far the producer could run ahead. A consumer that fails
/// cancels the feed: the producer stops at its next chunk and the other consumers see the end
/// early, with ``Outcome/cancelled``.
package final class ChunkFeed<Element: Sendable>: Sendable {
  /// How a feed ended, as a consumer sees it after its last chunk.
  package enum Outcome: Sendable {
    /// The producer put its last chunk.
    case complete
    /// The producer failed with this error.
    case failed(any Error)
    /// A consumer cancelled the feed.
    case cancelled
  }

  private struct State {
    var chunks: [Int: [Element]] = [:]
    /// Chunks every consumer has released, left for the producer to free on its own thread
    /// (where their memory came from, so that the allocator reuses it without locking).
    var spent: [[Element]] = []
    /// Consumers yet to release each waiting chunk.
    var remaining: [Int: Int] = [:]
    var produced = 0
    var outcome: Outcome?
    var cancelled = false
  }

  /// Consumers that read every chunk.
  package let consumers: Int
  /// Chunks that may wait at once.
  package let capacity: Int
  private let state = Mutex(State())
  /// One per consumer: signalled once per chunk put and once at the end.
  private let available: [DispatchSemaphore]
  /// Signalled when every consumer has released a chunk.
  private let room: DispatchSemaphore
  /// Left once the producer has ended.
  private let running = DispatchGroup()

  package init(consumers: Int, capacity: Int = 4) {
    precondition(consumers > 0 && capacity > 0)
    self.consumers = consumers
    self.capacity = capacity
    available = (0..<consumers).map { _ in DispatchSemaphore(value: 0) }
    // Created empty and signalled up: libdispatch traps when a semaphore is freed below the
    // value it was created with, which a cancelled feed's may be.
    room = DispatchSemaphore(value: 0)
    for _ in 0..<capacity { room.signal() }
  }

  // MARK: Producing

  /// Runs `produce` on a thread of its own (a serial queue: it runs even when every thread
  /// of the shared pool is busy with the consumers) and ends the feed when it returns or
  /// throws. `produce` hands each chunk to the closure it is given, which returns `false`
  /// once the feed is cancelled: the producer should then stop.
  package func start(label: String, _ produce: @escaping @Sendable (_ put: ([Element]) -> Bool) throws -> Void) {
    running.enter()
    DispatchQueue(label: label).async {
      do {
        try produce { self.put($0) }
        self.finish(.complete)
      } catch {
        self.finish(.failed(error))
      }
    }
  }

  /// Hands `chunk` to every consumer, waiting while ``capacity`` chunks wait already; `false`
  /// (and nothing handed over) once the feed is cancelled.
  private func put(_ chunk: [Element]) -> Bool {
    if isCancelled { return false }
    room.wait()
    var (accepted, spent) = state.withLock { state -> (Bool, [[Element]]) in
      let spent = state.spent
      state.spent = []
      guard !state.cancelled else { return (false, spent) }
      state.chunks[state.produced] = chunk
      state.remaining[state.produced] = consumers
      state.produced += 1
      return (true, spent)
    }
    if accepted { for semaphore in available { semaphore.signal() } }
    spent.removeAll()  // freed here, after the consumers were woken
    return accepted
  }

  private func finish(_ outcome: Outcome) {
    var spent = state.withLock { state in
      state.outcome = state.cancelled ? .cancelled : outcome
      defer { state.spent = [] }
      return state.spent
    }
    for semaphore in available { semaphore.signal() }
    // The last ones the producer frees (later ones: `release`) — explicitly, before the feed
    // counts as ended: a release left to the end of the scope may come after `leave`.
    spent.removeAll()
    running.leave()
  }

  /// Waits until the producer has ended (after its last chunk, a failure or a cancel): its
  /// reads of whatever it produces from are over.
  package func waitUntilEnded() { running.wait() }

  // MARK: Consuming

  /// Chunk number `sequence` (from 0, one after the other) for `consumer`, waiting until it
  /// is put; `nil` after the last one (then see ``outcome``). Release each chunk when done.
  package func chunk(_ sequence: Int, for consumer: Int) -> [Element]? {
    available[consumer].wait()
    return state.withLock { $0.cancelled ? nil : $0.chunks[sequence] }
  }

  /// Marks chunk `sequence` as read by one more consumer; the last one makes room for another.
  package func release(_ sequence: Int) {
    let (freed, late) = state.withLock { state -> (Bool, [Element]?) in
      guard let left = state.remaining[sequence] else { return (false, nil) }
      if left > 1 {
        state.remaining[sequence] = left - 1
        return (false, nil)
      }
      state.remaining[sequence] = nil
      let chunk = state.chunks.removeValue(forKey: sequence)
      // Once the producer has ended, no put will free it: freed here, outside the lock.
      if state.outcome != nil || state.cancelled { return (true, chunk) }
      if let chunk { state.spent.append(chunk) }
      return (true, nil)
    }
    withExtendedLifetime(late) {}  // freed in this call, outside the lock
    if freed { room.signal() }
  }

  /// Stops the feed: the producer's next put returns `false`, and every consumer's next
  /// ``chunk(_:for:)`` returns `nil`.
  package func cancel() {
    state.withLock { $0.cancelled = true }
    room.signal()  // a producer waiting for room wakes and sees it
    for semaphore in available { semaphore.signal() }  // and so do waiting consumers
  }

  private var isCancelled: Bool { state.withLock { $0.cancelled } }

  /// How the feed ended (``Outcome/cancelled`` as soon as a consumer cancelled it); `nil`
  /// while the producer runs.
  package var outcome: Outcome? { state.withLock { $0.cancelled ? .cancelled : $0.outcome } }
}
