/// A bulk load's appends, encoded before they reach the writer: each one event that starts a
/// stream of its own, under an idempotency key — an imported row. The caller validates,
/// encodes and fingerprints them on its own thread, so that the single writer — whose time
/// sets the pace of a million-row import — only checks the key and the stream are new, copies
/// the bytes into the page, numbers and hashes them
/// (``LogWriteSession/append(_:)-prepared``).
///
/// Each entry is checked exactly as ``EventLog/append(_:)`` would check
/// `AppendBatch([StreamAppend(stream:expectedVersion: .noStream, events: [event])], idempotencyKey:)`,
/// and recorded under the same fingerprint: a retry may come either way.
///
/// Layout of `bytes`, entry after entry: kind (`UInt8`), canonical size `C` (`UInt32`), key
/// length `K` (`UInt16`), the fingerprint (32 bytes), `C` canonical bytes (position, stream
/// version and recorded-at zero; the stream's name is inside them), `K` key bytes.
public struct PreparedAppends: Sendable {
  /// What the writer does with an entry.
  enum Kind: UInt8 {
    /// Append the event unless its key was recorded (a duplicate) or its stream exists.
    case append = 0
    /// Only look the key up: an entry the caller could not encode because its key's event
    /// seems recorded already (see ``PreparedAppends/checkKey(_:)``).
    case checkKey = 1
  }

  private(set) var bytes: [UInt8] = []
  /// The number of entries.
  public private(set) var count = 0

  /// An empty list with room for about `bytes` bytes of entries.
  public init(reservingBytes bytes: Int = 0) { self.bytes.reserveCapacity(max(0, bytes)) }

  static let entryHeaderSize = 1 + 4 + 2 + ChainHash.byteCount

  /// Adds `event` as the first event of `stream`, under `key`.
  ///
  /// - Throws: what ``EventLog/append(_:)`` would refuse `event` for (its type, size, metadata).
  public mutating func append(
    _ event: ProposedEvent, stream: StreamName, idempotencyKey key: IdempotencyKey
  ) throws(EventLogError) {
    try event.validate()
    let streamName = stream.rawValue
    let canonicalSize = EnvelopeLayout.canonicalSize(of: event, streamLength: streamName.utf8.count)
    var fingerprint = AppendFingerprint()
    fingerprint.feed(stream: streamName, expected: .noStream, eventCount: 1)
    fingerprint.feed(event)
    let digest = fingerprint.finish()
    var keyText = key.rawValue
    keyText.withUTF8 { keyBytes in
      let start = bytes.count
      bytes.append(contentsOf: repeatElement(0, count: Self.entryHeaderSize + canonicalSize + keyBytes.count))
      bytes.withUnsafeMutableBytes { buffer in
        let entry = UnsafeMutableRawBufferPointer(rebasing: buffer[start...])
        entry.storeBytes(of: Kind.append.rawValue, toByteOffset: 0, as: UInt8.self)
        entry.storeBytes(of: UInt32(canonicalSize).littleEndian, toByteOffset: 1, as: UInt32.self)
        entry.storeBytes(of: UInt16(keyBytes.count).littleEndian, toByteOffset: 5, as: UInt16.self)
        digest.write(to: entry.baseAddress! + 7)
        let canonical = UnsafeMutableRawBufferPointer(
          rebasing: entry[Self.entryHeaderSize..<(Self.entryHeaderSize + canonicalSize)])
        EnvelopeLayout.encode(event, stream: streamName, position: 0, streamVersion: 0, recordedAt: 0, into: canonical)
        UnsafeMutableRawBufferPointer(rebasing: entry[(Self.entryHeaderSize + canonicalSize)...])
          .copyMemory(from: UnsafeRawBufferPointer(keyBytes))
      }
    }
    count += 1
  }

  /// Adds an entry that only asks whether `key` was recorded: the writer answers with the
  /// earlier append's positions (``PreparedOutcome/duplicate(positions:)``) or
  /// ``PreparedOutcome/keyNotRecorded``, and writes nothing.
  public mutating func checkKey(_ key: IdempotencyKey) {
    var keyText = key.rawValue
    keyText.withUTF8 { keyBytes in
      let start = bytes.count
      bytes.append(contentsOf: repeatElement(0, count: Self.entryHeaderSize + keyBytes.count))
      bytes.withUnsafeMutableBytes { buffer in
        let entry = UnsafeMutableRawBufferPointer(rebasing: buffer[start...])
        entry.storeBytes(of: Kind.checkKey.rawValue, toByteOffset: 0, as: UInt8.self)
        entry.storeBytes(of: UInt16(keyBytes.count).littleEndian, toByteOffset: 5, as: UInt16.self)
        UnsafeMutableRawBufferPointer(rebasing: entry[Self.entryHeaderSize...])
          .copyMemory(from: UnsafeRawBufferPointer(keyBytes))
      }
    }
    count += 1
  }

  /// One entry, as the writer reads it.
  struct Entry {
    var kind: Kind
    var fingerprint: ChainHash
    var canonical: UnsafeRawBufferPointer
    var key: UnsafeRawBufferPointer
  }

  /// Calls `body` with each entry in order.
  func forEachEntry(_ body: (Entry) throws -> Void) rethrows {
    try bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let kind = Kind(rawValue: buffer[offset]) ?? .checkKey
        let canonicalSize = Int(UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset + 1, as: UInt32.self)))
        let keySize = Int(UInt16(littleEndian: buffer.loadUnaligned(fromByteOffset: offset + 5, as: UInt16.self)))
        let canonicalStart = offset + Self.entryHeaderSize
        let keyStart = canonicalStart + canonicalSize
        try body(
          Entry(
            kind: kind,
            fingerprint: ChainHash(bytes: UnsafeRawBufferPointer(rebasing: buffer[(offset + 7)..<canonicalStart])),
            canonical: UnsafeRawBufferPointer(rebasing: buffer[canonicalStart..<keyStart]),
            key: UnsafeRawBufferPointer(rebasing: buffer[keyStart..<(keyStart + keySize)])))
        offset = keyStart + keySize
      }
    }
  }
}
