import CSHA256

/// A validated batch waiting for the writer, with the fingerprint that ties it to its
/// idempotency key.
struct PendingAppend: Sendable {
  let batch: AppendBatch
  /// SHA-256 of what the batch asks for, computed only when it carries an idempotency key:
  /// a retry must ask for the same thing to get the original result.
  let fingerprint: ChainHash?
  /// The events' canonical bytes for small batches, encoded here — on the caller's thread,
  /// before queueing — rather than on the writer; `nil` for big batches.
  let encoded: EncodedEvents?
  /// The number of events in the batch.
  let eventCount: Int

  init(_ batch: AppendBatch, encode: Bool = true) throws(EventLogError) {
    let eventCount = try batch.validate()
    self.batch = batch
    self.eventCount = eventCount
    self.fingerprint = batch.idempotencyKey == nil ? nil : batch.requestFingerprint ?? Self.fingerprint(of: batch)
    self.encoded = encode ? EncodedEvents(batch, eventCount: eventCount) : nil
  }

  private static func fingerprint(of batch: AppendBatch) -> ChainHash {
    var fingerprint = AppendFingerprint()
    for append in batch.streams {
      fingerprint.feed(
        stream: append.stream.rawValue, expected: append.expectedVersion, eventCount: append.events.count)
      for event in append.events { fingerprint.feed(event) }
    }
    return fingerprint.finish()
  }
}

/// The SHA-256 of what an append asks for — its streams, expected versions and events — that
/// ties an idempotency key to its request (see ``PendingAppend/fingerprint``). Fed stream by
/// stream, each followed by its events.
struct AppendFingerprint {
  private var hasher = csha256_ctx()

  init() { csha256_init(&hasher) }

  private mutating func feed(_ value: some FixedWidthInteger) {
    withUnsafeBytes(of: value.littleEndian) { csha256_update(&hasher, $0.baseAddress, $0.count) }
  }

  private mutating func feed(_ bytes: UnsafeRawBufferPointer) {
    csha256_update(&hasher, bytes.baseAddress, bytes.count)
  }

  private mutating func feed(_ string: String) {
    var string = string
    feed(UInt64(string.utf8.count))
    string.withUTF8 { feed(UnsafeRawBufferPointer($0)) }
  }

  /// The start of one stream's part, before its events.
  mutating func feed(stream: String, expected: ExpectedVersion, eventCount: Int) {
    feed(stream)
    switch expected {
    case .any: feed(UInt64(0)); feed(UInt64(0))
    case .noStream: feed(UInt64(1)); feed(UInt64(0))
    case .streamExists: feed(UInt64(2)); feed(UInt64(0))
    case .exact(let version): feed(UInt64(3)); feed(version)
    }
    feed(UInt64(eventCount))
  }

  mutating func feed(_ event: ProposedEvent) {
    feed(event.type)
    feed(event.schemaVersion)
    feed(UInt64(event.payload.count))
    event.payload.withUnsafeBytes { feed($0) }
  }

  mutating func finish() -> ChainHash {
    var digest: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    withUnsafeMutableBytes(of: &digest) { csha256_final(&hasher, $0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
    return ChainHash(words: digest)
  }
}
