import EventLog
import ProjectionEngine

/// The postings of one indexed word within a `day ‖ id` range, read in batches in one
/// direction: a pull-based cursor over ``ProjectionReader/scan``, for merging.
struct PostingStream {
  /// The word, zero-padded to ``TextTokens/width``.
  let token: [UInt8]
  /// What is still unread: `lower` (inclusive) ..< `upper` (exclusive) suffixes.
  var lower: [UInt8]
  var upper: [UInt8]
  /// Suffixes read but not yet taken, in reading order.
  private var buffer: [[UInt8]] = []
  private var next = 0
  private var exhausted = false
  /// How many postings the next read fetches; doubles up to 1024.
  private var batch: Int

  init(token: [UInt8], lower: [UInt8], upper: [UInt8], batch: Int) {
    self.token = token
    self.lower = lower
    self.upper = upper
    self.batch = batch
  }

  /// The next suffix in `direction`, reading a batch if needed; `nil` at the end.
  mutating func head(_ reader: ProjectionReader, direction: ReadDirection, asKnownAt: UInt64) throws -> [UInt8]? {
    if next == buffer.count {
      guard !exhausted else { return nil }
      try read(reader, direction: direction, asKnownAt: asKnownAt)
      if next == buffer.count { return nil }
    }
    return buffer[next]
  }

  /// Takes the head.
  mutating func pop() { next += 1 }

  private mutating func read(_ reader: ProjectionReader, direction: ReadDirection, asKnownAt: UInt64) throws {
    buffer.removeAll(keepingCapacity: true)
    next = 0
    guard lower.lexicographicallyPrecedes(upper) else {
      exhausted = true
      return
    }
    let limit = batch
    var read: [[UInt8]] = []
    try reader.scan(
      TransactionIndexProjector.name, "words", from: token + lower, to: token + upper, asKnownAt: asKnownAt, direction: direction
    ) { key, _ in
      read.append(Array(key.suffix(TransactionKeys.suffixSize)))
      return read.count < limit ? .continue : .stop
    }
    buffer = read
    if read.count < limit { exhausted = true }
    if let last = read.last {
      switch direction {
      case .forward: lower = TransactionKeys.successor(last)
      case .backward: upper = last
      }
    }
    batch = Swift.min(batch * 2, 1024)
  }
}
