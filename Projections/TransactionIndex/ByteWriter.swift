import LedgerDomain

/// Writes the primitive parts of a row into memory it is handed (on the stack: see
/// ``TransactionRowCodec/withEncoded(_:_:)``), whose size the caller bounds beforehand.
struct ByteWriter {
  private let buffer: UnsafeMutableRawBufferPointer
  /// Bytes written.
  private(set) var count = 0

  init(_ buffer: UnsafeMutableRawBufferPointer) { self.buffer = buffer }

  /// The bytes written.
  var written: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: buffer[..<count]) }

  mutating func byte(_ byte: UInt8) {
    precondition(count < buffer.count, "a row outgrew the room its size bound gave it")
    buffer[count] = byte
    count += 1
  }

  mutating func bytes(_ bytes: UnsafeRawBufferPointer) {
    precondition(count + bytes.count <= buffer.count, "a row outgrew the room its size bound gave it")
    guard let source = bytes.baseAddress else { return }
    buffer.baseAddress!.advanced(by: count).copyMemory(from: source, byteCount: bytes.count)
    count += bytes.count
  }

  mutating func id(_ id: EntityID) {
    withUnsafeBytes(of: (id.high.bigEndian, id.low.bigEndian)) { bytes($0) }
  }

  /// At most ``varintSize`` bytes.
  mutating func varint(_ value: UInt64) {
    var value = value
    while value >= 0x80 {
      byte(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    byte(UInt8(value))
  }

  /// Zig-zag encoded, so that small negative numbers stay short.
  mutating func signed(_ value: Int64) { varint(UInt64(bitPattern: (value << 1) ^ (value >> 63))) }

  /// A 3-letter currency code.
  mutating func code(_ code: String) {
    var count = 0
    for byte in code.utf8.prefix(3) {
      self.byte(byte)
      count += 1
    }
    for _ in count..<3 { byte(0x20) }
  }

  /// A length (a varint) and the UTF-8: at most ``varintSize`` + its UTF-8 count bytes.
  mutating func text(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      varint(UInt64(utf8.count))
      bytes(UnsafeRawBufferPointer(utf8))
    }
  }

  /// The most bytes a varint takes.
  static let varintSize = 10
}
