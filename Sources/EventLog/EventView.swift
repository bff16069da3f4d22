/// A stored event read in place, without copying: a view into the memory map.
///
/// Valid only inside the closure that received it (the read transaction). Numeric fields are
/// read directly; strings and the payload are offered as raw bytes, or as owned values on
/// request. Use ``RecordedEvent`` to keep an event beyond the closure.
public struct EventView {
  /// The whole stored value: canonical bytes followed by the 32-byte chain hash.
  public let storedBytes: UnsafeRawBufferPointer
  /// The position the record is stored under; equal to ``position`` unless the log was
  /// tampered with.
  public let storedPosition: UInt64
  let streamLength: Int
  let typeLength: Int
  let payloadOffset: Int
  let payloadLength: Int
  let metadataOffset: Int

  /// Decodes the envelope header of `storedBytes`, checking every length against the buffer.
  ///
  /// - Parameter key: the position the record is stored under, reported if it is corrupt.

  public init(storedBytes: UnsafeRawBufferPointer, key: UInt64) throws(EventLogError) {
    let count = storedBytes.count
    guard count >= EnvelopeLayout.headerSize + ChainHash.byteCount else {
      throw .corruptRecord(position: key, reason: "record of \(count) bytes is shorter than its header")
    }
    let format = storedBytes.load(fromByteOffset: EnvelopeLayout.Offset.format, as: UInt8.self)
    guard format == EnvelopeLayout.recordFormat else {
      throw .corruptRecord(position: key, reason: "unknown record format \(format)")
    }
    let streamLength = Int(
      UInt16(
        littleEndian: storedBytes.loadUnaligned(fromByteOffset: EnvelopeLayout.Offset.streamLength, as: UInt16.self)))
    let typeLength = Int(
      UInt16(littleEndian: storedBytes.loadUnaligned(fromByteOffset: EnvelopeLayout.Offset.typeLength, as: UInt16.self))
    )
    let payloadLength = Int(
      UInt32(
        littleEndian: storedBytes.loadUnaligned(fromByteOffset: EnvelopeLayout.Offset.payloadLength, as: UInt32.self)))
    let flags = storedBytes.load(fromByteOffset: EnvelopeLayout.Offset.flags, as: UInt8.self)
    let metadataOffset = EnvelopeLayout.headerSize + streamLength + typeLength
    var offset = metadataOffset
    let canonicalEnd = count - ChainHash.byteCount
    var bit: UInt8 = 1  // actor, correlation id, causation id, in that order
    while bit <= EnvelopeLayout.Flag.causation {
      if flags & bit != 0 {
        guard offset + 2 <= canonicalEnd else {
          throw .corruptRecord(position: key, reason: "metadata runs past the end of the record")
        }
        offset += 2 + Int(UInt16(littleEndian: storedBytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
      }
      bit <<= 1
    }
    guard offset + payloadLength == canonicalEnd else {
      throw .corruptRecord(position: key, reason: "field lengths do not add up to the record size")
    }
    self.storedBytes = storedBytes
    self.storedPosition = key
    self.streamLength = streamLength
    self.typeLength = typeLength
    self.metadataOffset = metadataOffset
    self.payloadOffset = offset
    self.payloadLength = payloadLength
  }

  // MARK: Fields

  public var position: UInt64 { load(EnvelopeLayout.Offset.position) }
  public var streamVersion: UInt64 { load(EnvelopeLayout.Offset.streamVersion) }
  /// System time at which the event was recorded, UTC milliseconds since 1970.
  public var recordedAt: Int64 { Int64(bitPattern: load(EnvelopeLayout.Offset.recordedAt)) }
  public var schemaVersion: UInt16 {
    UInt16(
      littleEndian: storedBytes.loadUnaligned(fromByteOffset: EnvelopeLayout.Offset.schemaVersion, as: UInt16.self))
  }

  /// The stream name's UTF-8 bytes.
  public var streamBytes: UnsafeRawBufferPointer { slice(EnvelopeLayout.headerSize, streamLength) }
  /// The type name's UTF-8 bytes.
  public var typeBytes: UnsafeRawBufferPointer { slice(EnvelopeLayout.headerSize + streamLength, typeLength) }
  /// The payload, in place.
  public var payload: UnsafeRawBufferPointer { slice(payloadOffset, payloadLength) }
  /// The bytes the chain hash covers.
  public var canonicalBytes: UnsafeRawBufferPointer { slice(0, storedBytes.count - ChainHash.byteCount) }
  /// The stored chain hash of this event.
  public var hash: ChainHash {
    ChainHash(bytes: slice(storedBytes.count - ChainHash.byteCount, ChainHash.byteCount))
  }

  public var stream: String { String(decoding: streamBytes, as: UTF8.self) }
  public var type: String { String(decoding: typeBytes, as: UTF8.self) }

  /// Actor, correlation and causation ids, decoded into owned strings.
  public var metadata: EventMetadata {
    let flags = storedBytes.load(fromByteOffset: EnvelopeLayout.Offset.flags, as: UInt8.self)
    var offset = metadataOffset
    func field(_ bit: UInt8) -> String? {
      guard flags & bit != 0 else { return nil }
      let length = Int(UInt16(littleEndian: storedBytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
      defer { offset += 2 + length }
      return String(decoding: slice(offset + 2, length), as: UTF8.self)
    }
    let actor = field(EnvelopeLayout.Flag.actor)
    let correlation = field(EnvelopeLayout.Flag.correlation)
    let causation = field(EnvelopeLayout.Flag.causation)
    return EventMetadata(actor: actor, correlationId: correlation, causationId: causation)
  }

  func load(_ offset: Int) -> UInt64 {
    UInt64(littleEndian: storedBytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  func slice(_ start: Int, _ count: Int) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: storedBytes.baseAddress! + start, count: count)
  }
}
