import Dispatch
import EventLog
import LMDB
import LedgerCodec
import LedgerDomain
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ProjectionEngine {
  /// Folds the log from position 1 to its head into one memory store per projector. The log
  /// is read and decoded once, a chunk at a time by one decoder per core (up to
  /// ``mostDecoders``, each on a thread of its own), and each projector folds the decoded
  /// events on a thread of its own: a projector reads only its own tables, so they share
  /// nothing but the decoded events, and the busiest (the transaction index) sets the pace
  /// rather than the sum of the ones a core would have to take turns on.
  ///
  /// With `sealing`, each projector hands its store's tables over to it when its fold ends
  /// and the stores returned are empty; without, each seals its store itself. `chunkSize` is
  /// how many decoded events the folds are handed at a time, `decoders` how many decoders
  /// there are at most (tests set both).
  package func fold(
    _ chosen: [any Projector], progress: (@Sendable (ProjectionProgress) -> Void)?, sealing: TableSealing? = nil,
    chunkSize: Int = DecodedEvent.chunkSize,
    decoders decoderLimit: Int = min(ProjectionEngine.cores, ProjectionEngine.mostDecoders)
  ) throws -> (stores: [String: MemoryProjectionStore], snapshot: UInt64) {
    // The head and the commits that make it up, in one snapshot: the fold stops at that head,
    // which is a commit boundary, and versions rows by the same commits the inline path did.
    // A later snapshot, which the decoding takes, holds the same events up to that head.
    let commits = self.commits
    let live = self.live.withLock { $0 }
    let (total, boundaries, expected) = try log.environment.read { txn in
      // Each table will be about as big as its current generation.
      var expected: [String: [String: ExpectedTableSize]] = [:]
      for projector in chosen {
        for (table, handle) in live[projector.name]?.tables ?? [:] {
          let statistics = try txn.statistics(of: handle.database)
          expected[projector.name, default: [:]][table] = ExpectedTableSize(
            rows: statistics.entries, bytes: statistics.dataBytes)
        }
      }
      return (
        try log.head(in: txn).position, try CommitBoundaries.load(after: 0, in: txn, database: commits), expected
      )
    }
    guard !chosen.isEmpty else { return ([:], total) }
    // Decoding is the costliest single step: on several cores, each decoder taking every
    // n-th chunk of the log, so that the folds, not the decoding, set the pace.
    let chunks = (Int(total) + chunkSize - 1) / chunkSize
    let decoders = max(1, min(decoderLimit, chunks))
    let feed = ChunkFeed<DecodedEvent>(consumers: chosen.count, producers: decoders)
    let text = chosen.contains { RebuildHints(of: $0).readsTransactionText }
    let firsts = CommitBoundaries.Walker.sortedFirsts(of: boundaries)
    feed.start(label: "budget-ledger.rebuild-decoding") { [log] decoder, put in
      var first = UInt64(decoder * chunkSize) + 1
      while first <= total {
        let last = min(first + UInt64(chunkSize) - 1, total)
        // A snapshot per chunk, closed before the chunk is handed over: a decoder waiting for
        // room holds none. (Holding one, it kept the map from growing: a growth waits for the
        // open snapshots and holds new ones back, so the other decoder could not open its
        // snapshot to make the chunk that would have made room.) Every later snapshot holds
        // the same events up to `total`.
        let chunk = try log.environment.read { txn in
          try Self.decode(
            log, from: first, through: last, walker: CommitBoundaries.Walker(boundaries, firsts: firsts),
            transactionText: text, in: txn)
        }
        guard put(chunk) else { return }
        first += UInt64(decoders * chunkSize)
      }
    }
    let report = Self.progressReporter(progress, total: total, folds: chosen.count)
    return (try fold(chosen, from: feed, expected: expected, report: report, sealing: sealing), total)
  }

  /// Folds the events of `feed` into one memory store per projector of `chosen`, each on a
  /// thread of its own, as consumers `0..<chosen.count` of the feed; waits for the feed's
  /// producers to end. `expectedEvents`: how many events the feed will hold, if known before
  /// the tables' sizes are (a bulk load's live rebuild).
  func fold(
    _ chosen: [any Projector], from feed: ChunkFeed<DecodedEvent>, expected: [String: [String: ExpectedTableSize]],
    expectedEvents: UInt64? = nil, report: (@Sendable (UInt64) -> Void)?, sealing: TableSealing?
  ) throws -> [String: MemoryProjectionStore] {
    let results = Mutex<[Int: Result<MemoryProjectionStore?, any Error>]>([:])
    // Each fold on a thread of its own: they read the feed in step, so none may wait for a
    // thread another holds (`concurrentPerform` runs at most a thread per core, and all on
    // the calling thread when the shared pool is busy, one after the other).
    let folding = DispatchGroup()
    for (index, projector) in chosen.enumerated() {
      DispatchQueue(label: "budget-ledger.rebuild-fold").async(group: folding) {
        let result: Result<MemoryProjectionStore?, any Error>
        do {
          result = .success(
            try self.fold(
              projector, from: feed, as: index, expected: expected[projector.name] ?? [:],
              expectedEvents: expectedEvents, report: report, sealing: sealing))
        } catch {
          feed.cancel()  // the other folds stop too
          result = .failure(error)
        }
        results.withLock { $0[index] = result }
      }
    }
    folding.wait()
    feed.waitUntilEnded()  // its read transaction is over
    let outcomes = results.withLock { $0 }
    // The failure that stopped the rebuild, not the folds it stopped.
    for case .failure(let error) in outcomes.values where (error as? ProjectionError) != .rebuildAbandoned {
      throw error
    }
    var stores: [String: MemoryProjectionStore] = [:]
    for (index, projector) in chosen.enumerated() {
      if let store = try outcomes[index]!.get() { stores[projector.name] = store }
    }
    return stores
  }

  /// The processors this process may run on.
  static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

  /// Turns the events each of `folds` folds into reports of the whole rebuild's progress.
  static func progressReporter(
    _ progress: (@Sendable (ProjectionProgress) -> Void)?, total: UInt64, folds: Int
  ) -> (@Sendable (UInt64) -> Void)? {
    guard let progress else { return nil }
    let folded = FoldCounter()
    let start = ContinuousClock.now
    return { @Sendable step in
      let done = folded.events.add(step, ordering: .relaxed).newValue / UInt64(folds)
      let elapsed = (ContinuousClock.now - start) / .seconds(1)
      progress(ProjectionProgress(done: done, total: total, eventsPerSecond: elapsed > 0 ? Double(done) / elapsed : 0))
    }
  }

  /// Folds each event of `feed` into `projector`'s store, as the feed's consumer number
  /// `consumer`. Returns the store, or `nil` once handed to `sealing`.
  private func fold(
    _ projector: any Projector, from feed: ChunkFeed<DecodedEvent>, as consumer: Int,
    expected: [String: ExpectedTableSize], expectedEvents: UInt64?,
    report: (@Sendable (UInt64) -> Void)?, sealing: TableSealing?
  ) throws -> MemoryProjectionStore? {
    var store = MemoryProjectionStore(for: projector, expected: expected)
    // The fold's specialised entry for the memory store, where the projector has one: looked
    // for once, not per event.
    let tuned = projector as? any TunedProjector
    let step: UInt64 = 50_000
    var unreported: UInt64 = 0
    var sequence = 0
    // With the number of events to come known, the tables get their room once the first
    // events show how many rows an event makes (instead of doubling their way there).
    var folded: UInt64 = 0
    var sized = expectedEvents == nil
    while let chunk = feed.chunk(sequence, for: consumer) {
      // Each event is borrowed from its object's immutable fields, unretained (the chunk
      // holds it): the one object every fold's thread reads is neither copied nor retained
      // (see `DecodedEvent`). Loaded from the raw bytes, since other folds read the same
      // memory as `DecodedEvent` references meanwhile.
      try chunk.withUnsafeBytes { events in
        let width = MemoryLayout<DecodedEvent>.stride
        for offset in stride(from: 0, to: events.count, by: width) {
          try events.load(fromByteOffset: offset, as: Unmanaged<DecodedEvent>.self)._withUnsafeGuaranteedRef {
            decoded in
            store.commitStart = decoded.commitStart
            if let tuned {
              try tuned.apply(decoded.event, at: decoded.point, into: &store)
            } else {
              try projector.apply(decoded.event, at: decoded.point, into: &store)
            }
          }
        }
      }
      unreported += UInt64(chunk.count)
      folded += UInt64(chunk.count)
      if !sized, folded >= Self.eventsBeforeSizing, let expectedEvents {
        store.reserve(growingBy: Double(expectedEvents) / Double(folded))
        sized = true
      }
      // After the last use of `chunk`: a chunk every fold has released is freed by the
      // producer, which this reference must not outlive.
      feed.release(sequence)
      sequence += 1
      if unreported >= step {
        report?(unreported)
        unreported = 0
      }
    }
    switch feed.outcome {
    case .complete: if unreported > 0 { report?(unreported) }
    case .failed(let error): throw error
    case .cancelled, nil: throw ProjectionError.rebuildAbandoned
    }
    if let sealing {
      sealing.seal(store, of: projector.name)
      return nil
    }
    // Sealing sorts millions of rows: all cores help, since the other folds are mostly done
    // by the time the costliest one ends.
    store.seal(ways: Self.cores)
    return store
  }

  /// Events folded before a fold that knows how many are coming sizes its tables from them.
  static let eventsBeforeSizing: UInt64 = 4_096

  /// Decoders a rebuild runs at most, however many cores there are: the folds read every
  /// decoded event, and beyond a few decoders they, not the decoding, set the pace.
  static let mostDecoders = 4

  /// The events `first...last` of the log, read in `txn` and decoded (with their
  /// before-images, ``BeforeImages``), as one chunk. Without `transactionText`, added
  /// transactions come without their free text (``RebuildHints/readsTransactionText``).
  static func decode(
    _ log: EventLog, from first: UInt64, through last: UInt64, walker: consuming CommitBoundaries.Walker,
    transactionText: Bool, in txn: ReadTransaction
  ) throws -> [DecodedEvent] {
    var chunk = [DecodedEvent]()
    chunk.reserveCapacity(Int(last - first) + 1)
    try log.scan(from: first, in: txn) { view in
      guard view.position <= last else { return .stop }
      let event = try BeforeImages.completing(
        EventCodec.decode(
          typeBytes: view.typeBytes, schemaVersion: view.schemaVersion, payload: view.payload,
          transactionText: transactionText),
        at: view.position
      ) { try log.read(stream: $0, limit: .max, in: txn) }
      chunk.append(
        DecodedEvent(
          event: consume event, point: LogPoint(position: view.position, recordedAt: view.recordedAt),
          commitStart: walker.commitStart(of: view.position)))
      return .continue
    }
    return chunk
  }
}

/// An event as the passes of a fold read it: decoded, with its point of the log and the first
/// position of the commit it belongs to.
///
/// A class with immutable fields, so that every fold borrows the event where it lies. A
/// struct read through the chunk's shared memory was copied for each fold before its
/// projector saw it: ~450 bytes, and a retain and a release of each text field on objects
/// all the folds' threads share (contended atomics).
package final class DecodedEvent: Sendable {
  /// Events per chunk of a ``ChunkFeed`` by default.
  package static let chunkSize = 2_048

  let event: LedgerEvent
  let point: LogPoint
  let commitStart: UInt64

  init(event: consuming LedgerEvent, point: LogPoint, commitStart: UInt64) {
    self.event = event
    self.point = point
    self.commitStart = commitStart
  }
}

/// Events folded so far by all passes of a rebuild, for its progress reports.
private final class FoldCounter: Sendable {
  let events = Atomic<UInt64>(0)
}
