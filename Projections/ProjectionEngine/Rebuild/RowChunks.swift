import Dispatch
import LMDB
import Synchronization

/// A rebuild's sealed tables cut into chunks of rows in the order they are written, each for
/// a write transaction of its own (``ProjectionEngine/rebuild(_:progress:)``).
///
/// Why not one transaction: the log's appends wait while it runs (seconds, at a million
/// events), and LMDB keeps every page buffer a transaction dirtied for the environment's
/// lifetime — a rebuild written at once left as many buffers as the new tables have pages,
/// each first taken from memory the process had not touched (slow to come by on a VM that
/// hands memory back to its host). Chunk by chunk, the next chunk's pages reuse the last one's.
///
/// A thread of its own walks the tables in order, as each is sealed, and copies their rows
/// into at most ``ahead`` chunk buffers (reused, for the same reason); the rebuild writes a
/// chunk and hands its buffer back.
final class RowChunks: Sendable {
  /// Rows of one table in a chunk: `bytes[range]` holds them one after the other, each a key
  /// length (2 bytes, little-endian), a value length (4 bytes), the key and the value.
  struct Segment: Sendable {
    let projector: String
    let table: String
    var range: Range<Int>
  }

  /// Rows of one or more tables, at most about ``RowChunks/chunkBytes`` of them.
  struct Chunk: Sendable {
    fileprivate let buffer: ChunkBuffer
    fileprivate(set) var segments: [Segment] = []

    /// Calls `body` with each table's rows in the chunk, in order.
    func forEachSegment(_ body: (Segment, _ rows: Rows) throws -> Void) rethrows {
      let bytes = buffer.bytes
      for segment in segments {
        try body(segment, Rows(bytes: UnsafeRawBufferPointer(rebasing: bytes[segment.range])))
      }
    }
  }

  /// The rows of one segment, read in place.
  struct Rows {
    let bytes: UnsafeRawBufferPointer

    func forEach(_ body: (_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws -> Void) rethrows {
      var offset = 0
      while offset < bytes.count {
        let keyCount = Int(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
        let valueCount = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 2, as: UInt32.self)))
        let key = offset + 6
        try body(
          UnsafeRawBufferPointer(rebasing: bytes[key..<key + keyCount]),
          UnsafeRawBufferPointer(rebasing: bytes[key + keyCount..<key + keyCount + valueCount]))
        offset = key + keyCount + valueCount
      }
    }
  }

  /// Bytes of rows per chunk by default: the pages of a chunk's transaction take about as
  /// much again, kept by LMDB for the next.
  static let defaultChunkBytes = 16 << 20
  /// Chunks filled while one is written: one ready to write next, one filling.
  static let ahead = 3

  /// The chunks, in order; ends after the last row of the last table, or with the error of
  /// the walk.
  let chunks: AsyncThrowingStream<Chunk, any Error>
  private let chunkBytes: Int
  /// Buffers of chunks already written, for the next chunks.
  private let spare = Mutex<[ChunkBuffer]>([])
  /// Signalled when a chunk has been written (or the writing stopped): the walk fills at most
  /// ``ahead`` chunks before it waits for one.
  /// (Made with no permits and given them in `init`: a semaphore freed with fewer permits than
  /// it was made with is taken for one still in use, which stops the process.)
  private let room = DispatchSemaphore(value: 0)
  private let stopped = Atomic<Bool>(false)

  /// Starts walking `sealing`'s tables into chunks of about `chunkBytes` bytes of rows.
  init(_ sealing: TableSealing, chunkBytes: Int = RowChunks.defaultChunkBytes) {
    self.chunkBytes = max(1, chunkBytes)
    for _ in 0..<Self.ahead { room.signal() }
    let (chunks, continuation) = AsyncThrowingStream<Chunk, any Error>.makeStream()
    self.chunks = chunks
    // A serial queue gets a thread of its own even when the shared pool is busy or blocked.
    DispatchQueue(label: "budget-ledger.rebuild-rows").async { [self] in
      do {
        try walk(sealing) { continuation.yield($0) }
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
  }

  /// Hands a written chunk's buffer back, for a chunk still to fill.
  func written(_ chunk: Chunk) {
    chunk.buffer.count = 0
    spare.withLock { $0.append(chunk.buffer) }
    room.signal()
  }

  /// Stops the walk (the rebuild failed): it fills no more chunks.
  func stop() {
    stopped.store(true, ordering: .relaxed)
    room.signal()
  }

  private struct Stopped: Error {}

  private func walk(_ sealing: TableSealing, emit: (Chunk) -> Void) throws {
    do {
      var chunk = try nextChunk()
      try sealing.forEachSealed(
        { slot in
          var start = chunk.buffer.count
          func endSegment() {
            let range = start..<chunk.buffer.count
            chunk.segments.append(Segment(projector: slot.projector, table: slot.table, range: range))
          }
          // `chunk` holds the buffer: each row uses it without a retain and a release.
          var buffer = Unmanaged.passUnretained(chunk.buffer)
          try slot.rows.forEachSortedRow { key, value in
            let full = buffer._withUnsafeGuaranteedRef { buffer in
              buffer.append(key: key, value: value)
              return buffer.count >= chunkBytes
            }
            guard full else { return }
            endSegment()
            emit(chunk)
            chunk = try nextChunk()
            buffer = Unmanaged.passUnretained(chunk.buffer)
            start = 0
          }
          if chunk.buffer.count > start { endSegment() }
        },
        waiting: {
          // The next table is still being sorted: what is filled is written meanwhile (the
          // small tables, sealed first, while the biggest sorts) instead of waiting for it.
          guard !chunk.segments.isEmpty else { return }
          emit(chunk)
          chunk = try nextChunk()
        })
      if !chunk.segments.isEmpty { emit(chunk) }
    } catch is Stopped {
      return
    }
  }

  /// An empty chunk, once fewer than ``ahead`` filled ones wait to be written.
  private func nextChunk() throws -> Chunk {
    room.wait()
    if stopped.load(ordering: .relaxed) { throw Stopped() }
    return Chunk(buffer: spare.withLock { $0.popLast() } ?? ChunkBuffer(capacity: chunkBytes + (64 << 10)))
  }
}

/// The bytes of a chunk: one buffer, reused from chunk to chunk — a value's copy-on-write
/// would copy it into fresh memory whenever the writer still held the last chunk.
///
/// `@unchecked Sendable`: a buffer has one user at a time, and changes hands through the
/// stream of chunks (filled → written) and ``RowChunks``'s lock (written → filled again).
final class ChunkBuffer: @unchecked Sendable {
  // Unchecked exclusivity: one user at a time (above), and a check on every row's append
  // was measurable.
  @exclusivity(unchecked) private var base: UnsafeMutableRawPointer
  @exclusivity(unchecked) private var capacity: Int
  /// Bytes in use.
  @exclusivity(unchecked) fileprivate(set) var count = 0

  init(capacity: Int) {
    self.capacity = max(capacity, 64)
    base = .allocate(byteCount: self.capacity, alignment: 8)
  }

  deinit { base.deallocate() }

  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

  /// Adds a row: key length (2 bytes, little-endian), value length (4 bytes), key, value.
  func append(key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
    let needed = count + 6 + key.count + value.count
    if needed > capacity { grow(to: max(needed, capacity * 2)) }
    base.storeBytes(of: UInt16(key.count).littleEndian, toByteOffset: count, as: UInt16.self)
    base.storeBytes(of: UInt32(value.count).littleEndian, toByteOffset: count + 2, as: UInt32.self)
    if let source = key.baseAddress { (base + count + 6).copyMemory(from: source, byteCount: key.count) }
    if let source = value.baseAddress {
      (base + count + 6 + key.count).copyMemory(from: source, byteCount: value.count)
    }
    count = needed
  }

  private func grow(to size: Int) {
    let grown = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
    grown.copyMemory(from: base, byteCount: count)
    base.deallocate()
    base = grown
    capacity = size
  }
}
