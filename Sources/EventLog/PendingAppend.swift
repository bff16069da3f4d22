import Crypto

/// A validated batch waiting for the writer, with the fingerprint that ties it to its
/// idempotency key.
struct PendingAppend: Sendable {
  let batch: AppendBatch
  /// SHA-256 of what the batch asks for, computed only when it carries an idempotency key:
  /// a retry must ask for the same thing to get the original result.
  let fingerprint: ChainHash?

  init(_ batch: AppendBatch) throws(EventLogError) {
    try batch.validate()
    self.batch = batch
    self.fingerprint = batch.idempotencyKey == nil ? nil : Self.fingerprint(of: batch)
  }

  private static func fingerprint(of batch: AppendBatch) -> ChainHash {
    var hasher = SHA256()
    func feed(_ value: some FixedWidthInteger) {
      withUnsafeBytes(of: value.littleEndian) { hasher.update(bufferPointer: $0) }
    }
    func feed(_ string: String) {
      feed(UInt64(string.utf8.count))
      hasher.update(data: Array(string.utf8))
    }
    for append in batch.streams {
      feed(append.stream.rawValue)
      switch append.expectedVersion {
      case .any: feed(UInt64(0)); feed(UInt64(0))
      case .noStream: feed(UInt64(1)); feed(UInt64(0))
      case .streamExists: feed(UInt64(2)); feed(UInt64(0))
      case .exact(let version): feed(UInt64(3)); feed(version)
      }
      feed(UInt64(append.events.count))
      for event in append.events {
        feed(event.type)
        feed(event.schemaVersion)
        feed(UInt64(event.payload.count))
        hasher.update(data: event.payload)
      }
    }
    return hasher.finalize().withUnsafeBytes { ChainHash(bytes: $0) }
  }
}
