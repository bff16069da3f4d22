extension Array where Element == UInt8 {
  /// Appends `value` as an unsigned LEB128 varint: 7 bits per byte, low bits first, the high
  /// bit set on every byte but the last. The one varint form of the event codec and the
  /// read models' rows.
  @inlinable
  package mutating func appendVarint(_ value: UInt64) {
    var value = value
    while value >= 0x80 {
      append(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    append(UInt8(value))
  }

  /// Appends `value` zig-zag encoded as a varint, so that small negative numbers stay short.
  @inlinable
  package mutating func appendSignedVarint(_ value: Int64) {
    appendVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
  }
}
