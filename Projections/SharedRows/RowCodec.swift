import LedgerDomain
import ProjectionEngine

/// Writes a row value field by field: big-endian words, single bytes, ids, fixed and
/// length-prefixed text. Shared (package access) by the category-totals and budget-vs-actual
/// projectors, which keep their own tables in the same layouts.
package struct RowWriter {
  package private(set) var bytes: [UInt8] = []

  package init(capacity: Int = 32) { bytes.reserveCapacity(capacity) }

  package mutating func byte(_ value: UInt8) { bytes.append(value) }

  package mutating func word(_ value: UInt64) {
    withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
  }

  package mutating func int(_ value: Int64) { word(UInt64(bitPattern: value)) }

  package mutating func id(_ id: EntityID) {
    word(id.high)
    word(id.low)
  }

  /// Exactly `width` bytes of `text`'s UTF-8, cut or zero-padded (currency codes).
  package mutating func fixed(_ text: String, width: Int) {
    let utf8 = Array(text.utf8.prefix(width))
    bytes.append(contentsOf: utf8)
    bytes.append(contentsOf: repeatElement(0, count: width - utf8.count))
  }

  /// `text`'s UTF-8 after a 2-byte length (cut at 65,535 bytes).
  package mutating func text(_ text: String) {
    let utf8 = Array(text.utf8.prefix(Int(UInt16.max)))
    bytes.append(UInt8(utf8.count >> 8))
    bytes.append(UInt8(utf8.count & 0xFF))
    bytes.append(contentsOf: utf8)
  }
}

/// Reads a row value written by ``RowWriter``; every read returns `nil` past the end.
package struct RowReader {
  let bytes: [UInt8]
  package private(set) var offset = 0

  package init(_ bytes: some Collection<UInt8>) { self.bytes = Array(bytes) }

  package var isAtEnd: Bool { offset >= bytes.count }

  package mutating func byte() -> UInt8? {
    guard offset < bytes.count else { return nil }
    defer { offset += 1 }
    return bytes[offset]
  }

  package mutating func word() -> UInt64? {
    guard offset + 8 <= bytes.count else { return nil }
    defer { offset += 8 }
    return KeyBuilder.word(bytes, at: offset)
  }

  package mutating func int() -> Int64? { word().map { Int64(bitPattern: $0) } }

  package mutating func id() -> EntityID? {
    guard let high = word(), let low = word() else { return nil }
    return EntityID(high: high, low: low)
  }

  package mutating func fixed(width: Int) -> String? {
    guard offset + width <= bytes.count else { return nil }
    defer { offset += width }
    return String(decoding: bytes[offset..<offset + width].prefix { $0 != 0 }, as: UTF8.self)
  }

  package mutating func text() -> String? {
    guard let high = byte(), let low = byte() else { return nil }
    let count = Int(high) << 8 | Int(low)
    guard offset + count <= bytes.count else { return nil }
    defer { offset += count }
    return String(decoding: bytes[offset..<offset + count], as: UTF8.self)
  }
}

/// Key parts shared by the category-totals and budget-vs-actual tables.
package enum KeyPart {
  /// Months since January of year 0, so consecutive months differ by one and sort in order.
  @inlinable
  package static func month(_ month: YearMonth) -> UInt32 { UInt32(month.year * 12 + month.month - 1) }

  /// The month of a ``month(_:)`` index.
  package static func month(index: UInt32) -> YearMonth? {
    try? YearMonth(year: Int(index) / 12, month: Int(index) % 12 + 1)
  }

  /// The 3 ASCII bytes of an ISO 4217 code.
  package static func currency(_ code: String) -> [UInt8] {
    var key = KeyBuilder(capacity: 3)
    key.append(text: code, width: 3)
    return key.bytes
  }

  package static func id(_ id: EntityID) -> [UInt8] { KeyBuilder.words(id.high, id.low) }

  /// The big-endian 4 bytes of `value`.
  package static func u32(_ value: UInt32) -> [UInt8] {
    var key = KeyBuilder(capacity: 4)
    key.append(value)
    return key.bytes
  }

  /// Reads the big-endian UInt32 at `offset`.
  package static func u32(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// Reads the 16-byte id at `offset`.
  package static func id(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> EntityID {
    EntityID(high: KeyBuilder.word(bytes, at: offset), low: KeyBuilder.word(bytes, at: offset + 8))
  }

  /// Reads the 3-byte currency code at `offset`.
  package static func currency(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> String {
    String(decoding: bytes[offset..<offset + 3], as: UTF8.self)
  }
}
