import Dispatch
import EventLog
import LMDB
import LedgerDomain
import Synchronization

/// A rebuild of every projector whose fold runs while a bulk load appends: the load hands it
/// each batch's events as they commit (``feed(_:commitStart:)``), already decoded, and the
/// folds take them on threads of their own — on the core the load leaves idle — instead of
/// reading and decoding the whole log again once the load has ended. ``finish(through:progress:)``
/// then only sorts and writes the tables and makes them live, as ``ProjectionEngine/rebuild(_:progress:)``
/// does.
///
/// Events it is not handed — the ledger's history before the load, a commit of another
/// writer in between — are read from the log, so the fold is always of the whole log, in order.
public final class LiveRebuild: Sendable {
  private let core: Core

  init(
    engine: ProjectionEngine, chosen: [any Projector], expected: [String: [String: ExpectedTableSize]],
    expectedEvents: UInt64?
  ) {
    core = Core(engine: engine, chosen: chosen, expected: expected, expectedEvents: expectedEvents)
  }

  /// A rebuild let go before it finished (its load failed, or was dropped) stops its threads.
  deinit { core.cancel() }

  /// Hands the events one commit appended (in log order, `commitStart` the first position the
  /// commit wrote) to the folds. Call in commit order; events already folded are skipped.
  public func feed(_ events: [(event: LedgerEvent, point: LogPoint)], commitStart: UInt64) {
    core.feed(events, commitStart: commitStart)
  }

  /// Folds the log up to `head` (what was not handed over is read from it), writes the
  /// tables and makes them live; returns the names rebuilt.
  public func finish(
    through head: UInt64, progress: (@Sendable (ProjectionProgress) -> Void)? = nil
  ) async throws -> [String] {
    try await core.finish(through: head, progress: progress)
  }

  /// Stops the folds (a load that failed); the projections are then rebuilt the ordinary way.
  public func cancel() { core.cancel() }

  /// Left when the rebuild's threads have ended (tests).
  package var ended: DispatchGroup { core.folding }
}

/// The rebuild itself, which its threads hold (the handle's lifetime is the caller's).
private final class Core: Sendable {
  private let engine: ProjectionEngine
  private let chosen: [any Projector]
  private let feed: ChunkFeed<DecodedEvent>
  private let sealing: TableSealing
  private let inbox = Mutex(Inbox())
  /// Signalled once per item put in the inbox.
  private let arrived = DispatchSemaphore(value: 0)
  /// Left when the folds have ended, with their outcome in `folded`.
  let folding = DispatchGroup()
  private let folded = Mutex<Result<Void, any Error>?>(nil)

  private struct Inbox {
    /// Items not taken yet are kept; those taken are let go (a load's million events).
    var items: [Item?] = []
    var next = 0
  }

  private enum Item: @unchecked Sendable {
    // Unchecked: the events are handed over, not shared (the caller keeps no reference it
    // mutates), and LedgerEvent is Sendable; the tuple array is what the writer collected.
    case events([(event: LedgerEvent, point: LogPoint)], commitStart: UInt64)
    case end(through: UInt64)
  }

  init(
    engine: ProjectionEngine, chosen: [any Projector], expected: [String: [String: ExpectedTableSize]],
    expectedEvents: UInt64?
  ) {
    self.engine = engine
    self.chosen = chosen
    self.feed = ChunkFeed<DecodedEvent>(consumers: chosen.count, producers: 1)
    self.sealing = TableSealing(ways: ProjectionEngine.cores)
    let log = engine.log
    let commits = engine.commits
    feed.start(label: "budget-ledger.live-rebuild") { [self] put in
      var next: UInt64 = 1
      // Events next...through from the log, a chunk at a time, each with its commit's start.
      func read(through last: UInt64) throws -> Bool {
        while next <= last {
          let end = min(next + UInt64(DecodedEvent.chunkSize) - 1, last)
          let chunk = try log.environment.read { txn in
            let boundaries = try CommitBoundaries.load(after: next - 1, in: txn, database: commits)
            return try ProjectionEngine.decode(
              log, from: next, through: end, walker: CommitBoundaries.Walker(boundaries), transactionText: true,
              in: txn)
          }
          guard put(chunk) else { return false }
          next = end + 1
        }
        return true
      }
      while true {
        arrived.wait()
        guard
          let item = inbox.withLock({ inbox in
            defer { inbox.next += 1 }
            return inbox.items[inbox.next].take()
          })
        else { continue }
        switch item {
        case .end(let last):
          _ = try read(through: last)
          return
        case .events(let events, let commitStart):
          guard let first = events.first?.point.position, let last = events.last?.point.position, last >= next
          else { continue }
          guard try read(through: first - 1) else { return }
          var chunk: [DecodedEvent] = []
          chunk.reserveCapacity(min(events.count, DecodedEvent.chunkSize))
          for index in events.indices where events[index].point.position >= next {
            chunk.append(DecodedEvent(event: events[index].event, point: events[index].point, commitStart: commitStart))
            if chunk.count == DecodedEvent.chunkSize {
              guard put(chunk) else { return }
              chunk.removeAll(keepingCapacity: true)
            }
          }
          if !chunk.isEmpty { guard put(chunk) else { return } }
          next = last + 1
        }
      }
    }
    folding.enter()
    DispatchQueue(label: "budget-ledger.live-rebuild-fold").async { [self] in
      let result = Result { () throws -> Void in
        _ = try engine.fold(
          chosen, from: feed, expected: expected, expectedEvents: expectedEvents, report: nil, sealing: sealing)
      }
      folded.withLock { $0 = result }
      folding.leave()
    }
  }

  func feed(_ events: [(event: LedgerEvent, point: LogPoint)], commitStart: UInt64) {
    guard !events.isEmpty else { return }
    put(.events(events, commitStart: commitStart))
  }

  func finish(
    through head: UInt64, progress: (@Sendable (ProjectionProgress) -> Void)?
  ) async throws -> [String] {
    put(.end(through: head))
    await withCheckedContinuation { continuation in
      folding.notify(queue: .global()) { continuation.resume() }
    }
    try folded.withLock { $0 }?.get()
    try await engine.write(
      sealing, of: chosen, foldedThrough: head, chunkBytes: RowChunks.defaultChunkBytes, progress: progress)
    return chosen.map(\.name)
  }

  func cancel() {
    feed.cancel()
    put(.end(through: 0))
  }

  private func put(_ item: Item) {
    inbox.withLock { $0.items.append(item) }
    arrived.signal()
  }
}

extension ProjectionEngine {
  /// Starts a rebuild of every projector fed by a bulk load about to append (see
  /// ``LiveRebuild``); `nil` if there are none. `events`: about how many events the load
  /// appends (0: unknown), for the size of the tables.
  public func startLiveRebuild(expectingEvents events: Int = 0) throws -> LiveRebuild? {
    let chosen = names.compactMap { projectors[$0] }
    guard !chosen.isEmpty else { return nil }
    try log.environment.reserveRoom(forBytes: try liveBytes(of: chosen) * 2 + (64 << 20))
    let total = events > 0 ? try log.head().position + UInt64(events) : nil
    return LiveRebuild(engine: self, chosen: chosen, expected: [:], expectedEvents: total)
  }
}
