import Dispatch
import EventLog
import LedgerDomain
import Synchronization

extension Ledger {
  /// Events in the log from which the history fold behind ``state`` decodes on a second
  /// thread (``foldDecodingAside(_:of:)``): below it, a thread's start is not worth it.
  static let decodingAsideThreshold: UInt64 = 20_000

  /// ``foldTail(_:of:)`` on two threads: one reads and decodes the log a chunk at a time, the
  /// calling thread folds the chunks as they come. On a big ledger the history fold behind
  /// every command's first read of the state is about half decoding, half folding. `false`
  /// if the log cannot be read (the events before the failure are folded). `chunkSize` is the
  /// events per chunk (tests make it small).
  static func foldDecodingAside(
    _ folded: inout FoldedState, of log: EventLog, chunkSize: Int = DecodedChunks.size
  ) -> Bool {
    let chunks = DecodedChunks()
    let start = folded.position + 1
    // A serial queue of its own gets a thread even when every thread of the shared pool is
    // busy or blocked (the caller may be one of them, waiting below): the decoding always runs.
    DispatchQueue(label: "budget-ledger.decoding").async {
      var chunk = DecodedChunks.Chunk()
      chunk.reserveCapacity(chunkSize)
      do {
        try log.scan(from: start) { view in
          chunk.append((try StoredEvent.decode(view), view.position, view.hash))
          if chunk.count == chunkSize {
            chunks.put(chunk)
            chunk = DecodedChunks.Chunk()
            chunk.reserveCapacity(chunkSize)
          }
          return .continue
        }
        chunks.put(chunk)
        chunks.finish(failed: false)
      } catch {
        chunks.finish(failed: true)
      }
    }
    while let chunk = chunks.take() {
      // By index: destructuring each element would copy the event (a retain per payload field).
      for index in chunk.indices {
        folded.apply(chunk[index].event, at: chunk[index].position, hash: chunk[index].hash)
      }
    }
    return !chunks.failed
  }
}

/// Decoded events handed from the thread that decodes them to the one that folds them: a
/// few chunks may wait, so that neither side waits on the other's every event.
final class DecodedChunks: Sendable {
  typealias Chunk = [(event: LedgerEvent, position: UInt64, hash: ChainHash)]

  /// Events per chunk by default.
  static let size = 2_048

  private let state = Mutex<(chunks: [Chunk], failed: Bool)>(([], false))
  /// Signalled once per chunk put and once at the end.
  private let available = DispatchSemaphore(value: 0)
  /// How many more chunks may wait.
  private let room = DispatchSemaphore(value: 4)

  /// Hands `chunk` over, waiting while four chunks wait already.
  func put(_ chunk: Chunk) {
    room.wait()
    state.withLock { $0.chunks.append(chunk) }
    available.signal()
  }

  /// Marks the end: no chunk follows.
  func finish(failed: Bool) {
    state.withLock { $0.failed = failed }
    available.signal()
  }

  /// The next chunk, waiting for it; `nil` at the end.
  func take() -> Chunk? {
    available.wait()
    return state.withLock { state -> Chunk? in
      guard !state.chunks.isEmpty else { return nil }
      room.signal()
      return state.chunks.removeFirst()
    }
  }

  /// Whether reading or decoding the log failed.
  var failed: Bool { state.withLock { $0.failed } }
}
