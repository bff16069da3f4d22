import Dispatch
import Synchronization

/// Chunks made by one or more producers, each read by every one of a fixed number of
/// consumers, in order: a rebuild reads and decodes the log once, on threads of its own, for
/// all of its passes.
///
/// With several producers, producer `p` of `n` makes chunks number `p`, `p + n`, `p + 2n`, …
/// (its own `k`-th put is chunk `k × n + p`): decoding, the costliest single step of a
/// rebuild, then runs on as many cores as there are producers, while every consumer still
/// reads the chunks in order.
///
/// At most ``capacity`` chunks wait at once (a producer waits for the slowest consumer), so
/// memory stays bounded however far the producers could run ahead; the next chunk the
/// consumers need always has room, so a producer behind never waits for one ahead. A consumer
/// that fails cancels the feed: the producers stop at their next chunk and the other consumers
/// see the end early, with ``Outcome/cancelled``. A producer that fails stops the others; the
/// consumers read every chunk before the first missing one, then see its error.
///
/// The feed cannot tell a chunk that never comes from the end: a producer puts every one of
/// its chunks, in order, or throws; and each consumer releases each chunk it read exactly once.
package final class ChunkFeed<Element: Sendable>: Sendable {
  /// How a feed ended, as a consumer sees it after its last chunk.
  package enum Outcome: Sendable {
    /// Every producer put its last chunk.
    case complete
    /// A producer failed with this error.
    case failed(any Error)
    /// A consumer cancelled the feed.
    case cancelled
  }

  private struct State {
    var chunks: [Int: [Element]] = [:]
    /// Per producer, chunks every consumer has released, left for that producer to free on
    /// its own thread (where their memory came from, so that the allocator reuses it without
    /// locking).
    var spent: [[[Element]]]
    /// Consumers yet to release each waiting chunk.
    var remaining: [Int: Int] = [:]
    /// Chunks every consumer has released: always the first ones, since each consumer
    /// releases its chunks in order.
    var freed = 0
    /// Producers still running.
    var running: Int
    /// Which producers have ended.
    var ended: [Bool]
    var failure: (any Error)?
    var cancelled = false
    /// The chunk each consumer waits for, if it waits.
    var consumerWaits: [Int?]
    /// The chunk each producer waits for room for, if it waits.
    var producerWaits: [Int?]

    /// The chunks a consumer may still see: none once the feed was stopped.
    var isStopped: Bool { cancelled || failure != nil }
  }

  /// Consumers that read every chunk.
  package let consumers: Int
  /// Chunks that may wait at once.
  package let capacity: Int
  private let state: Mutex<State>
  /// One per consumer: signalled when the chunk it waits for is put, or the feed ends.
  private let available: [DispatchSemaphore]
  /// One per producer: signalled when there is room for the chunk it waits to put.
  private let room: [DispatchSemaphore]
  private let producers: Int
  /// Left by each producer when it has ended.
  private let running = DispatchGroup()

  /// A feed for `consumers`, with `producers` producers (``start(label:_:)`` starts them), of
  /// which `capacity` chunks may wait at once (at least two per producer).
  package init(consumers: Int, producers: Int = 1, capacity: Int = 4) {
    precondition(consumers > 0 && producers > 0 && capacity > 0)
    self.consumers = consumers
    self.producers = producers
    self.capacity = max(capacity, 2 * producers)
    available = (0..<consumers).map { _ in DispatchSemaphore(value: 0) }
    room = (0..<producers).map { _ in DispatchSemaphore(value: 0) }
    state = Mutex(
      State(
        spent: Array(repeating: [], count: producers), running: producers,
        ended: Array(repeating: false, count: producers),
        consumerWaits: Array(repeating: nil, count: consumers), producerWaits: Array(repeating: nil, count: producers)))
  }

  // MARK: Producing

  /// Runs `produce` once per producer, each on a thread of its own (a serial queue: it runs
  /// even when every thread of the shared pool is busy with the consumers), with the
  /// producer's number; the feed ends when every one has returned, or when one throws.
  /// `produce` hands each of its chunks to the closure it is given, which returns `false` once
  /// the feed is stopped: the producer should then stop.
  package func start(
    label: String, _ produce: @escaping @Sendable (_ producer: Int, _ put: ([Element]) -> Bool) throws -> Void
  ) {
    for producer in 0..<producers {
      running.enter()
      DispatchQueue(label: label).async {
        var next = producer
        do {
          try produce(producer) { chunk in
            defer { next += self.producers }
            return self.put(chunk, as: next, by: producer)
          }
          self.finish(producer, failure: nil)
        } catch {
          self.finish(producer, failure: error)
        }
      }
    }
  }

  /// ``start(label:_:)`` for a feed of one producer.
  package func start(label: String, _ produce: @escaping @Sendable (_ put: ([Element]) -> Bool) throws -> Void) {
    start(label: label) { _, put in try produce(put) }
  }

  /// Hands `chunk`, number `sequence`, to every consumer, waiting until fewer than
  /// ``capacity`` chunks before it wait; `false` (and nothing handed over) once the feed is
  /// stopped.
  private func put(_ chunk: [Element], as sequence: Int, by producer: Int) -> Bool {
    while true {
      let hasRoom = state.withLock { state -> Bool? in
        if state.isStopped { return nil }
        if sequence < state.freed + capacity { return true }
        state.producerWaits[producer] = sequence
        return false
      }
      guard let hasRoom else { return false }
      if hasRoom { break }
      room[producer].wait()
    }
    var (accepted, spent, waking) = state.withLock { state -> (Bool, [[Element]], [Int]) in
      let spent = state.spent[producer]
      state.spent[producer] = []
      guard !state.isStopped else { return (false, spent, []) }
      state.chunks[sequence] = chunk
      state.remaining[sequence] = consumers
      return (true, spent, Self.take(&state.consumerWaits) { $0 == sequence })
    }
    for consumer in waking { available[consumer].signal() }
    spent.removeAll()  // freed here, after the consumers were woken
    return accepted
  }

  private func finish(_ producer: Int, failure: (any Error)?) {
    var (spent, consumersWaking, producersWaking) = state.withLock {
      state -> ([[Element]], [Int], [Int]) in
      state.running -= 1
      state.ended[producer] = true
      if let failure, state.failure == nil, !state.cancelled { state.failure = failure }
      defer { state.spent[producer] = [] }
      // Consumers wait no more once every producer has ended or the feed stopped; nor do
      // producers once it stopped.
      guard state.running == 0 || state.isStopped else { return (state.spent[producer], [], []) }
      return (
        state.spent[producer], Self.take(&state.consumerWaits) { _ in true },
        state.isStopped ? Self.take(&state.producerWaits) { _ in true } : []
      )
    }
    for consumer in consumersWaking { available[consumer].signal() }
    for other in producersWaking { room[other].signal() }
    // The last ones this producer frees (later ones: `release`) — explicitly, before the feed
    // counts as ended: a release left to the end of the scope may come after `leave`.
    spent.removeAll()
    running.leave()
  }

  /// Waits until every producer has ended (after its last chunk, a failure or a cancel): their
  /// reads of whatever they produce from are over.
  package func waitUntilEnded() { running.wait() }

  // MARK: Consuming

  /// Chunk number `sequence` (from 0, one after the other) for `consumer`, waiting until it
  /// is put; `nil` after the last one (then see ``outcome``). Release each chunk when done.
  package func chunk(_ sequence: Int, for consumer: Int) -> [Element]? {
    while true {
      let found = state.withLock { state -> [Element]?? in
        if state.cancelled { return .some(nil) }
        if let chunk = state.chunks[sequence] { return chunk }
        if state.failure != nil || state.running == 0 { return .some(nil) }
        state.consumerWaits[consumer] = sequence
        return nil
      }
      if let found { return found }
      available[consumer].wait()
    }
  }

  /// Marks chunk `sequence` as read by one more consumer; the last one makes room for another.
  package func release(_ sequence: Int) {
    let (late, waking) = state.withLock { state -> ([Element]?, [Int]) in
      guard let left = state.remaining[sequence] else { return (nil, []) }
      if left > 1 {
        state.remaining[sequence] = left - 1
        return (nil, [])
      }
      state.remaining[sequence] = nil
      state.freed += 1
      let limit = state.freed + capacity
      let waking = Self.take(&state.producerWaits) { $0 < limit }
      let chunk = state.chunks.removeValue(forKey: sequence)
      // Once its producer has ended, no put of its will free it: freed here, outside the lock.
      let producer = sequence % producers
      if state.ended[producer] || state.isStopped { return (chunk, waking) }
      if let chunk { state.spent[producer].append(chunk) }
      return (nil, waking)
    }
    withExtendedLifetime(late) {}  // freed in this call, outside the lock
    for producer in waking { room[producer].signal() }
  }

  /// Stops the feed: each producer's next put returns `false`, and every consumer's next
  /// ``chunk(_:for:)`` returns `nil`.
  package func cancel() {
    let (consumersWaking, producersWaking) = state.withLock { state in
      state.cancelled = true
      return (Self.take(&state.consumerWaits) { _ in true }, Self.take(&state.producerWaits) { _ in true })
    }
    for producer in producersWaking { room[producer].signal() }
    for consumer in consumersWaking { available[consumer].signal() }
  }

  /// How the feed ended (``Outcome/cancelled`` as soon as a consumer cancelled it, the
  /// failure as soon as a producer failed); `nil` while producers run.
  package var outcome: Outcome? {
    state.withLock { state in
      if state.cancelled { return .cancelled }
      if let failure = state.failure { return .failed(failure) }
      return state.running == 0 ? .complete : nil
    }
  }

  /// The numbers of the waiters whose awaited chunk satisfies `wakes`, each waiting no more.
  private static func take(_ waits: inout [Int?], where wakes: (Int) -> Bool) -> [Int] {
    var woken: [Int] = []
    for index in waits.indices {
      if let awaited = waits[index], wakes(awaited) {
        waits[index] = nil
        woken.append(index)
      }
    }
    return woken
  }
}
