/// Hexadecimal digits eight at a time, in the bytes of a 64-bit word: checked, read and
/// written with word arithmetic rather than a byte (or a table lookup) at a time.
package enum HexWord {
  /// The value of eight hex digits (either case) held in a word as loaded from memory on a
  /// little-endian machine (the first digit in the lowest byte), or `nil` if any byte is not
  /// a hex digit.
  @inlinable @inline(__always)
  package static func value(ofDigits word: UInt64) -> UInt64? {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    guard word & highBits == 0 else { return nil }  // ASCII only: the sums below cannot carry
    // Per byte, the high bit of `b + 0x80 - low` says b >= low; of `b + 0x7F - high`, b > high.
    func inRange(_ word: UInt64, _ low: UInt8, _ high: UInt8) -> UInt64 {
      (word &+ ones &* UInt64(0x80 - low)) & ~(word &+ ones &* UInt64(0x7F - high)) & highBits
    }
    let isDigit = inRange(word, UInt8(ascii: "0"), UInt8(ascii: "9"))
    let isLetter = inRange(word | ones &* 0x20, UInt8(ascii: "a"), UInt8(ascii: "f"))
    guard isDigit | isLetter == highBits else { return nil }
    // A digit's value is its low nibble; a letter's (bit 6 set) is its low nibble + 9.
    let nibbles = (word & (ones &* 0x0F)) &+ ((word >> 6) & ones) &* 9
    // Pack the nibbles, the first one most significant: pairs, then quads, then the word.
    var packed = ((nibbles << 4) | (nibbles >> 8)) & 0x00FF_00FF_00FF_00FF
    packed = (packed | packed >> 8) & 0x0000_FFFF_0000_FFFF
    packed = (packed | packed >> 16) & 0xFFFF_FFFF
    return UInt64(UInt32(truncatingIfNeeded: packed).byteSwapped)
  }

  /// The eight lowercase hex digits of `value`, as the bytes of a `UInt64` stored
  /// little-endian: one nibble spread to each byte, then each turned into its digit.
  @inlinable @inline(__always)
  package static func digits(of value: UInt32) -> UInt64 {
    var x = UInt64(value)
    x = (x | x << 16) & 0x0000_FFFF_0000_FFFF
    x = (x | x << 8) & 0x00FF_00FF_00FF_00FF
    x = (x | x << 4) & 0x0F0F_0F0F_0F0F_0F0F
    // 1 in each byte whose nibble is 10 or more: those become letters ('a' is '0' + 49).
    let letters = ((x &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
    x = x &+ 0x3030_3030_3030_3030 &+ letters &* 0x27
    // The most significant digit first in memory.
    return UInt64(littleEndian: x.byteSwapped)
  }
}
