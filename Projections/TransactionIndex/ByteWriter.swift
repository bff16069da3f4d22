import LedgerDomain

/// Appends the primitive parts of a row.
struct ByteWriter {
  var bytes: [UInt8] = []

  init() { bytes.reserveCapacity(128) }

  mutating func id(_ id: EntityID) {
    withUnsafeBytes(of: id.high.bigEndian) { bytes.append(contentsOf: $0) }
    withUnsafeBytes(of: id.low.bigEndian) { bytes.append(contentsOf: $0) }
  }

  mutating func varint(_ value: UInt64) { bytes.appendVarint(value) }

  mutating func signed(_ value: Int64) { bytes.appendSignedVarint(value) }

  /// A 3-letter currency code.
  mutating func code(_ code: String) {
    let utf8 = Array(code.utf8.prefix(3))
    bytes.append(contentsOf: utf8)
    bytes.append(contentsOf: repeatElement(0x20, count: 3 - utf8.count))
  }

  mutating func text(_ text: String) {
    varint(UInt64(text.utf8.count))
    bytes.append(contentsOf: text.utf8)
  }
}
