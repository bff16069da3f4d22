import Bytes
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

  mutating func varint() -> UInt64? { bytes.readVarint(at: &offset) }

  mutating func signed() -> Int64? { bytes.readSignedVarint(at: &offset) }

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
