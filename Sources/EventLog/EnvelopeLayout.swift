/// The stored form of an event (record format 1).
///
/// ```
/// offset  size  field
///      0     1  record format (1)
///      1     1  flags: bit 0 actor, bit 1 correlation id, bit 2 causation id
///      2     2  schema version            (little-endian, as every integer here)
///      4     8  global position
///     12     8  stream version
///     20     8  recorded-at, UTC milliseconds since 1970
///     28     2  stream name length  S
///     30     2  type name length    T
///     32     4  payload length      P
///     36     S  stream name (UTF-8)
///      …     T  type name (UTF-8)
///      …  2+n   actor, if flagged: length then UTF-8
///      …  2+n   correlation id, if flagged
///      …  2+n   causation id, if flagged
///      …     P  payload
///    end    32  chain hash (not part of the canonical bytes)
/// ```
///
/// The canonical bytes, which the chain hash covers, are everything but the trailing hash.
/// The position is inside them, so an event moved to another key no longer verifies.
enum EnvelopeLayout {
  static let recordFormat: UInt8 = 1
  static let headerSize = 36

  enum Offset {
    static let format = 0
    static let flags = 1
    static let schemaVersion = 2
    static let position = 4
    static let streamVersion = 12
    static let recordedAt = 20
    static let streamLength = 28
    static let typeLength = 30
    static let payloadLength = 32
  }

  enum Flag {
    static let actor: UInt8 = 1
    static let correlation: UInt8 = 2
    static let causation: UInt8 = 4
  }

  /// The size of the canonical bytes for `event` in a stream whose name has `streamLength` bytes.
  @inline(__always)
  static func canonicalSize(of event: ProposedEvent, streamLength: Int) -> Int {
    headerSize + streamLength + event.type.utf8.count + event.payload.count
      + optionalFieldSize(event.metadata.actor) + optionalFieldSize(event.metadata.correlationId)
      + optionalFieldSize(event.metadata.causationId)
  }

  @inline(__always)
  private static func optionalFieldSize(_ field: String?) -> Int {
    field.map { 2 + $0.utf8.count } ?? 0
  }

  /// Writes the canonical bytes of `event` into `buffer`, which has exactly the right size.
  static func encode(
    _ event: ProposedEvent, stream: String, position: UInt64, streamVersion: UInt64,
    recordedAt: Int64, into buffer: UnsafeMutableRawBufferPointer
  ) {
    let metadata = event.metadata
    var flags: UInt8 = 0
    if metadata.actor != nil { flags |= Flag.actor }
    if metadata.correlationId != nil { flags |= Flag.correlation }
    if metadata.causationId != nil { flags |= Flag.causation }
    buffer.storeBytes(of: recordFormat, toByteOffset: Offset.format, as: UInt8.self)
    buffer.storeBytes(of: flags, toByteOffset: Offset.flags, as: UInt8.self)
    buffer.storeBytes(of: event.schemaVersion.littleEndian, toByteOffset: Offset.schemaVersion, as: UInt16.self)
    buffer.storeBytes(of: position.littleEndian, toByteOffset: Offset.position, as: UInt64.self)
    buffer.storeBytes(of: streamVersion.littleEndian, toByteOffset: Offset.streamVersion, as: UInt64.self)
    buffer.storeBytes(of: recordedAt.littleEndian, toByteOffset: Offset.recordedAt, as: Int64.self)
    buffer.storeBytes(of: UInt16(stream.utf8.count).littleEndian, toByteOffset: Offset.streamLength, as: UInt16.self)
    buffer.storeBytes(of: UInt16(event.type.utf8.count).littleEndian, toByteOffset: Offset.typeLength, as: UInt16.self)
    buffer.storeBytes(of: UInt32(event.payload.count).littleEndian, toByteOffset: Offset.payloadLength, as: UInt32.self)
    var offset = headerSize
    copy(stream, into: buffer, at: &offset)
    copy(event.type, into: buffer, at: &offset)
    if flags != 0 {
      // Field by field: an array literal here would allocate for every event.
      copyField(metadata.actor, into: buffer, at: &offset)
      copyField(metadata.correlationId, into: buffer, at: &offset)
      copyField(metadata.causationId, into: buffer, at: &offset)
    }
    event.payload.withUnsafeBytes { payload in
      if let base = payload.baseAddress {
        (buffer.baseAddress! + offset).copyMemory(from: base, byteCount: payload.count)
      }
      offset += payload.count
    }
    assert(offset == buffer.count)
  }

  @inline(__always)
  private static func copyField(_ field: String?, into buffer: UnsafeMutableRawBufferPointer, at offset: inout Int) {
    guard let field else { return }
    buffer.storeBytes(of: UInt16(field.utf8.count).littleEndian, toByteOffset: offset, as: UInt16.self)
    offset += 2
    copy(field, into: buffer, at: &offset)
  }

  @inline(__always)
  private static func copy(_ string: String, into buffer: UnsafeMutableRawBufferPointer, at offset: inout Int) {
    var string = string
    string.withUTF8 { utf8 in
      if let base = utf8.baseAddress {
        (buffer.baseAddress! + offset).copyMemory(from: base, byteCount: utf8.count)
      }
      offset += utf8.count
    }
  }
}
