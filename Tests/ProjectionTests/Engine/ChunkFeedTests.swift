import Dispatch
import ProjectionEngine
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Rebuild: the decoded feed every fold reads", .timeLimit(.minutes(5)))
struct ChunkFeedTests {
  private struct Broken: Error, Equatable {}

  /// Runs `body` for 0..<count, each on a thread of its own, and waits for all (consumers
  /// read in step: `concurrentPerform` may run them one after the other, which never ends).
  private func onThreadsOfTheirOwn(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count { DispatchQueue(label: "test-consumer").async(group: group) { body(index) } }
    group.wait()
  }

  /// Runs `consumers` consumers side by side over `feed`; each returns what it read (and
  /// `stopAt`, if given, makes consumer 0 cancel before chunk number `stopAt`).
  private func consume(_ feed: ChunkFeed<Int>, stopAt: Int? = nil) -> [[Int]] {
    let read = Mutex<[Int: [Int]]>([:])
    onThreadsOfTheirOwn(feed.consumers) { consumer in
      var seen: [Int] = []
      var sequence = 0
      while let chunk = feed.chunk(sequence, for: consumer) {
        if consumer == 0, sequence == stopAt {
          feed.cancel()
          break
        }
        seen += chunk
        feed.release(sequence)
        sequence += 1
      }
      read.withLock { $0[consumer] = seen }
    }
    feed.waitUntilEnded()
    return read.withLock { state in (0..<feed.consumers).map { state[$0]! } }
  }

  @Test("given a producer of 1,000 numbers in chunks of 7, when three consumers read, then each reads all, in order")
  func everyConsumerReadsEverything() {
    let feed = ChunkFeed<Int>(consumers: 3, capacity: 2)
    feed.start(label: "test-feed") { put in
      for first in stride(from: 0, to: 1_000, by: 7) {
        guard put(Array(first..<min(first + 7, 1_000))) else { return }
      }
    }

    let read = consume(feed)

    #expect(read == Array(repeating: Array(0..<1_000), count: 3))
    guard case .complete = feed.outcome else {
      Issue.record("outcome \(String(describing: feed.outcome))")
      return
    }
  }

  @Test("given a producer far ahead of its consumers, when it runs, then no more than the capacity of chunks wait")
  func producerWaitsForTheSlowestConsumer() {
    let feed = ChunkFeed<Int>(consumers: 2, capacity: 3)
    let ahead = Mutex<(put: Int, released: Int, mostWaiting: Int)>((0, 0, 0))
    feed.start(label: "test-feed") { put in
      for chunk in 0..<50 {
        guard put([chunk]) else { return }
        ahead.withLock { state in
          state.put += 1
          state.mostWaiting = max(state.mostWaiting, state.put - state.released)
        }
      }
    }

    let read = Mutex<[Int: [Int]]>([:])
    onThreadsOfTheirOwn(2) { consumer in
      var sequence = 0
      var seen: [Int] = []
      while let chunk = feed.chunk(sequence, for: consumer) {
        usleep(consumer == 1 ? 2_000 : 0)  // consumer 1 is slow
        seen += chunk
        if consumer == 1 { ahead.withLock { $0.released += 1 } }
        feed.release(sequence)
        sequence += 1
      }
      read.withLock { $0[consumer] = seen }
    }
    feed.waitUntilEnded()

    #expect(read.withLock { $0 } == [0: Array(0..<50), 1: Array(0..<50)])
    // Counted after each put returns and before each release: never more than are waiting.
    #expect(ahead.withLock { $0.mostWaiting } <= 3)
  }

  /// The threads elements were freed on.
  private final class FreeLog: Sendable {
    let threads = Mutex<[pthread_t]>([])
  }

  /// An element that records the thread it is freed on.
  private final class Tracked: Sendable {
    let log: FreeLog
    init(_ log: FreeLog) { self.log = log }
    deinit { log.threads.withLock { $0.append(pthread_self()) } }
  }

  @Test("given chunks every consumer has released, when the producer puts more, then they are freed on its thread")
  func releasedChunksAreFreedByTheProducer() {
    let freedOn = FreeLog()
    let producer = Mutex<pthread_t?>(nil)
    let feed = ChunkFeed<Tracked>(consumers: 3, capacity: 2)
    feed.start(label: "test-feed") { put in
      producer.withLock { $0 = pthread_self() }
      for _ in 0..<40 {
        guard put((0..<5).map { _ in Tracked(freedOn) }) else { return }
      }
    }
    onThreadsOfTheirOwn(3) { consumer in
      var sequence = 0
      while feed.chunk(sequence, for: consumer) != nil {
        feed.release(sequence)
        sequence += 1
      }
    }
    feed.waitUntilEnded()

    // Every element is freed by now. Chunks released before the producer's last put are freed
    // by that put or an earlier one; the last few by the producer's end or by their last release.
    let threads = freedOn.threads.withLock { $0 }
    let onProducer = threads.filter { pthread_equal($0, producer.withLock { $0! }) != 0 }.count
    #expect(threads.count == 40 * 5)
    #expect(onProducer >= 37 * 5, "freed on the producer: \(onProducer) of \(threads.count)")
  }

  @Test(
    "given a producer that fails after 20 chunks, when consumers read, then they read those chunks and see its error")
  func producerFailureReachesEveryConsumer() {
    let feed = ChunkFeed<Int>(consumers: 2)
    feed.start(label: "test-feed") { put in
      for chunk in 0..<20 { _ = put([chunk]) }
      throw Broken()
    }

    let read = consume(feed)

    #expect(read == [Array(0..<20), Array(0..<20)])
    guard case .failed(let error) = feed.outcome else {
      Issue.record("outcome \(String(describing: feed.outcome))")
      return
    }
    #expect(error as? Broken == Broken())
  }

  @Test(
    "given an endless producer, when one consumer cancels, then the producer stops, the other consumer ends early and the feed says cancelled"
  )
  func cancelStopsProducerAndConsumers() {
    let feed = ChunkFeed<Int>(consumers: 2, capacity: 2)
    let stopped = Mutex(false)
    feed.start(label: "test-feed") { put in
      var next = 0
      while put([next]) { next += 1 }
      stopped.withLock { $0 = true }
    }

    let read = consume(feed, stopAt: 10)

    #expect(stopped.withLock { $0 })
    #expect(read[0] == Array(0..<10))
    #expect(read[1].count <= 10 + 2 && read[1] == Array(0..<read[1].count))
    guard case .cancelled = feed.outcome else {
      Issue.record("outcome \(String(describing: feed.outcome))")
      return
    }
  }

  // MARK: Several producers

  /// The numbers of chunk `sequence` of 0..<1,000 in chunks of 7.
  private static func numbers(ofChunk sequence: Int) -> [Int] {
    Array(sequence * 7..<min(sequence * 7 + 7, 1_000))
  }

  @Test(
    "given three producers, each putting every third chunk of 1,000 numbers at its own pace, when two consumers read, then each reads all, in order"
  )
  func severalProducersAreReadInOrder() {
    let feed = ChunkFeed<Int>(consumers: 2, producers: 3, capacity: 2)
    feed.start(label: "test-feed") { producer, put in
      for sequence in stride(from: producer, to: 143, by: 3) {
        usleep(UInt32((sequence * 7 + producer * 13) % 5) * 100)  // out of step with each other
        guard put(Self.numbers(ofChunk: sequence)) else { return }
      }
    }

    let read = consume(feed)

    #expect(read == Array(repeating: Array(0..<1_000), count: 2))
    guard case .complete = feed.outcome else {
      Issue.record("outcome \(String(describing: feed.outcome))")
      return
    }
  }

  @Test(
    "given a slow producer and a fast one, when they fill the feed, then the slow one's next chunk always has room (no deadlock) and no more than the capacity wait"
  )
  func aProducerBehindIsNeverBlockedByOneAhead() {
    let feed = ChunkFeed<Int>(consumers: 1, producers: 2, capacity: 4)
    let ahead = Mutex<(put: Int, released: Int, most: Int)>((0, 0, 0))
    feed.start(label: "test-feed") { producer, put in
      for sequence in stride(from: producer, to: 60, by: 2) {
        if producer == 0 { usleep(1_000) }  // producer 0 is slow: producer 1 runs ahead
        guard put([sequence]) else { return }
        ahead.withLock { state in
          state.put += 1
          state.most = max(state.most, state.put - state.released)
        }
      }
    }
    var seen: [Int] = []
    var sequence = 0
    while let chunk = feed.chunk(sequence, for: 0) {
      seen += chunk
      ahead.withLock { $0.released += 1 }
      feed.release(sequence)
      sequence += 1
    }
    feed.waitUntilEnded()

    #expect(seen == Array(0..<60))
    #expect(feed.capacity == 4)
    // Counted after each put returns and before each release: never more than are waiting.
    #expect(ahead.withLock { $0.most } <= 4)
  }

  @Test(
    "given two producers of which one fails after its fifth chunk, when consumers read, then they read the chunks before the first missing one, see its error, and the other producer stops"
  )
  func oneProducerFailingStopsTheOthers() {
    let feed = ChunkFeed<Int>(consumers: 2, producers: 2, capacity: 4)
    let stopped = Mutex(false)
    feed.start(label: "test-feed") { producer, put in
      var sequence = producer
      if producer == 1 {
        for _ in 0..<5 {
          _ = put([sequence])
          sequence += 2
        }
        throw Broken()
      }
      while put([sequence]) { sequence += 2 }  // endless, unless stopped
      stopped.withLock { $0 = true }
    }

    let read = consume(feed)

    #expect(stopped.withLock { $0 })
    // In order, without a gap. Chunk 11 never comes; its fifth chunk, 9, had room only once
    // chunks 0 to 5 were read; the ones after may or may not have been put before the failure.
    for seen in read { #expect(seen == Array(0..<seen.count) && (6...11).contains(seen.count), "read \(seen)") }
    guard case .failed(let error) = feed.outcome else {
      Issue.record("outcome \(String(describing: feed.outcome))")
      return
    }
    #expect(error as? Broken == Broken())
  }

  @Test(
    "given three producers that all wait for room, when the only consumer cancels, then every producer stops and the feed says cancelled"
  )
  func cancelWakesEveryProducerWaitingForRoom() {
    let feed = ChunkFeed<Int>(consumers: 1, producers: 3, capacity: 6)
    let stopped = Mutex(0)
    feed.start(label: "test-feed") { producer, put in
      var sequence = producer
      while put([sequence]) { sequence += 3 }  // endless: each soon waits for room
      stopped.withLock { $0 += 1 }
    }
    // Nothing is released: the producers fill the room (chunks 0–5) and wait.
    #expect(feed.chunk(0, for: 0) == [0])
    usleep(20_000)
    feed.cancel()
    feed.waitUntilEnded()

    #expect(stopped.withLock { $0 } == 3)
    #expect(feed.chunk(1, for: 0) == nil)
    guard case .cancelled = feed.outcome else {
      Issue.record("outcome \(String(describing: feed.outcome))")
      return
    }
  }

  @Test(
    "given four producers and only two chunks, when two consumers read, then they read both and the feed completes"
  )
  func moreProducersThanChunks() {
    let feed = ChunkFeed<Int>(consumers: 2, producers: 4)
    feed.start(label: "test-feed") { producer, put in
      if producer < 2 { _ = put([producer]) }  // producers 2 and 3 have no chunk
    }

    let read = consume(feed)

    #expect(read == [[0, 1], [0, 1]])
    guard case .complete = feed.outcome else {
      Issue.record("outcome \(String(describing: feed.outcome))")
      return
    }
  }
}
