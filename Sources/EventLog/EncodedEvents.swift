/// The canonical bytes of a small batch's events, encoded by the caller before the batch is
/// queued, so that the writer — whose time every caller in a group waits for — only copies
/// them into the page, fills in position, stream version and recorded-at, and hashes.
///
/// Layout: for each event in batch order (stream by stream), its canonical size as a native
/// `UInt32`, then its canonical bytes with position, stream version and recorded-at zero.
struct EncodedEvents: Sendable {
  /// Batches up to this many events are encoded before queueing. Bigger batches are encoded
  /// by the writer straight into the page: a sequential bulk load gains nothing from a copy.
  static let maximumEventCount = 256
  /// ... and up to this many bytes.
  static let maximumByteCount = 64 << 10

  private let bytes: [UInt8]

  /// Encodes `batch`, or returns `nil` if it is too big to be worth it.
  init?(_ batch: AppendBatch, eventCount: Int) {
    guard eventCount <= Self.maximumEventCount else { return nil }
    var total = 0
    for append in batch.streams {
      let streamLength = append.stream.rawValue.utf8.count
      for index in append.events.indices {
        total += 4 + EnvelopeLayout.canonicalSize(of: append.events[index], streamLength: streamLength)
      }
    }
    guard total <= Self.maximumByteCount else { return nil }
    bytes = [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
      let raw = UnsafeMutableRawBufferPointer(buffer)
      var offset = 0
      for append in batch.streams {
        let streamLength = append.stream.rawValue.utf8.count
        for index in append.events.indices {
          let size = EnvelopeLayout.canonicalSize(of: append.events[index], streamLength: streamLength)
          raw.storeBytes(of: UInt32(size), toByteOffset: offset, as: UInt32.self)
          EnvelopeLayout.encode(
            append.events[index], stream: append.stream.rawValue, position: 0, streamVersion: 0, recordedAt: 0,
            into: UnsafeMutableRawBufferPointer(rebasing: raw[(offset + 4)..<(offset + 4 + size)]))
          offset += 4 + size
        }
      }
      initialized = total
    }
  }

  /// Calls `body` with the encoded bytes; walk them with ``next(in:at:)``.
  func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try bytes.withUnsafeBytes(body)
  }

  /// The canonical bytes of the event at `offset`, advancing `offset` to the next one.
  @inline(__always)
  static func next(in bytes: UnsafeRawBufferPointer, at offset: inout Int) -> UnsafeRawBufferPointer {
    let size = Int(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    defer { offset += 4 + size }
    return UnsafeRawBufferPointer(rebasing: bytes[(offset + 4)..<(offset + 4 + size)])
  }
}
