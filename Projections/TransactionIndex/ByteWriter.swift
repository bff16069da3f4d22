import LedgerDomain

/// Appends the primitive parts of a row.
struct ByteWriter {
  var bytes: [UInt8] = []

  /// Room for `capacity` bytes: a row that outgrows it is copied once more.
  init(capacity: Int = 128) { bytes.reserveCapacity(capacity) }

  mutating func id(_ id: EntityID) {
    withUnsafeBytes(of: id.high.bigEndian) { bytes.append(contentsOf: $0) }
    withUnsafeBytes(of: id.low.bigEndian) { bytes.append(contentsOf: $0) }
  }

  mutating func varint(_ value: UInt64) { bytes.appendVarint(value) }

  mutating func signed(_ value: Int64) { bytes.appendSignedVarint(value) }

  /// A 3-letter currency code.
  mutating func code(_ code: String) {
    var count = 0
    for byte in code.utf8.prefix(3) {
      bytes.append(byte)
      count += 1
    }
    for _ in count..<3 { bytes.append(0x20) }
  }

  mutating func text(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      varint(UInt64(utf8.count))
      bytes.append(contentsOf: utf8)
    }
  }
}
