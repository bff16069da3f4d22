#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Checks of ASCII bytes eight at a time, for text that every event of a replay carries.
package enum ASCIIBytes {
  /// Whether every byte is a printable ASCII character, space to tilde, eight at a time: a
  /// word holds a byte outside space...tilde if one has its high bit set, is below 0x20, or
  /// is 0x7F (the classic "has a byte less than n" and "has a zero byte" tests, exact as a
  /// whole).
  @inlinable
  package static func arePrintable(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var index = 0
    if let base = UnsafeRawPointer(bytes.baseAddress) {
      while index + 8 <= bytes.count {
        let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        let below20 = (word &- ones &* 0x20) & ~word
        let delete = word ^ (ones &* 0x7F)
        let is7F = (delete &- ones) & ~delete
        if (word | below20 | is7F) & highs != 0 { return false }
        index += 8
      }
    }
    while index < bytes.count {
      guard (0x20...0x7E).contains(bytes[index]) else { return false }
      index += 1
    }
    return true
  }

  /// Whether every byte is ASCII (high bit clear), eight at a time.
  @inlinable
  package static func areASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var index = 0
    var high: UInt64 = 0
    while index + 8 <= bytes.count {
      high |= bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      index += 8
    }
    while index < bytes.count {
      high |= UInt64(bytes[index])
      index += 1
    }
    return high & 0x8080_8080_8080_8080 == 0
  }

  /// Whether `bytes` are exactly `expected`'s.
  @inlinable
  package static func equal(_ bytes: UnsafeRawBufferPointer, _ expected: StaticString) -> Bool {
    bytes.count == expected.utf8CodeUnitCount && memcmp(bytes.baseAddress!, expected.utf8Start, bytes.count) == 0
  }
}
