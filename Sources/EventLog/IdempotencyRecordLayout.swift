/// The stored form of an idempotency record, the value under a key in the log's key table:
/// the first position it answers (`UInt64`, little-endian), how many positions (`UInt64`), and
/// the fingerprint of what the request asked for (32 bytes).
enum IdempotencyRecordLayout {
  static let size = 16 + ChainHash.byteCount

  /// Calls `body` with the stored form of a record, formed on the stack.
  static func withRecord<R, Failure: Error>(
    positions: ClosedRange<UInt64>, fingerprint: ChainHash,
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> R
  ) throws(Failure) -> R {
    var record = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
    return try withUnsafeMutableBytes(of: &record) { (bytes) throws(Failure) -> R in
      bytes.storeBytes(of: positions.lowerBound.littleEndian, toByteOffset: 0, as: UInt64.self)
      bytes.storeBytes(of: UInt64(positions.count).littleEndian, toByteOffset: 8, as: UInt64.self)
      fingerprint.write(to: bytes.baseAddress! + 16)
      return try body(UnsafeRawBufferPointer(bytes))
    }
  }

  /// The positions and fingerprint of a stored record; `nil` if it is malformed or empty.
  static func read(_ record: UnsafeRawBufferPointer) -> (positions: ClosedRange<UInt64>, fingerprint: ChainHash)? {
    guard record.count == size else { return nil }
    let first = UInt64(littleEndian: record.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
    let count = UInt64(littleEndian: record.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    guard count > 0, first <= UInt64.max - (count - 1) else { return nil }
    return (first...(first + count - 1), ChainHash(bytes: UnsafeRawBufferPointer(rebasing: record[16...])))
  }
}
