import LedgerDomain
import ProjectionEngine

/// Reads what ``ByteWriter`` wrote; every read is bounds-checked and `nil` past the end.
struct ByteReader {
  let bytes: [UInt8]
  var offset = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var isAtEnd: Bool { offset == bytes.count }

  mutating func byte() -> UInt8? {
    guard offset < bytes.count else { return nil }
    defer { offset += 1 }
    return bytes[offset]
  }

  mutating func id() -> EntityID? {
    guard offset + 16 <= bytes.count else { return nil }
    defer { offset += 16 }
    return EntityID(high: KeyBuilder.word(bytes, at: offset), low: KeyBuilder.word(bytes, at: offset + 8))
  }

  mutating func varint() -> UInt64? {
    var result: UInt64 = 0
    var shift: UInt64 = 0
    while let byte = byte(), shift < 64 {
      result |= UInt64(byte & 0x7F) << shift
      if byte & 0x80 == 0 { return result }
      shift += 7
    }
    return nil
  }

  mutating func signed() -> Int64? {
    guard let raw = varint() else { return nil }
    return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
  }

  /// A count of items that are each at least one byte long.
  mutating func count() -> Int? {
    guard let count = varint(), count <= UInt64(bytes.count - offset) else { return nil }
    return Int(count)
  }

  mutating func currency() -> Currency? {
    guard offset + 3 <= bytes.count else { return nil }
    defer { offset += 3 }
    return try? Currency(code: String(decoding: bytes[offset..<offset + 3], as: UTF8.self))
  }

  mutating func text() -> String? {
    guard let count = count() else { return nil }
    defer { offset += count }
    return String(validating: bytes[offset..<offset + count], as: UTF8.self)
  }
}
