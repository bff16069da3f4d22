extension RandomAccessCollection where Element == UInt8, Index == Int {
  /// Reads an unsigned LEB128 varint (see ``Swift/Array/appendVarint(_:)``) at `offset` and
  /// moves `offset` past it; `nil` if the bytes end first or it is longer than 64 bits.
  @inlinable
  package func readVarint(at offset: inout Int) -> UInt64? {
    var result: UInt64 = 0
    var shift: UInt64 = 0
    while shift < 64, offset < endIndex {
      let byte = self[offset]
      offset += 1
      result |= UInt64(byte & 0x7F) << shift
      if byte & 0x80 == 0 { return result }
      shift += 7
    }
    return nil
  }

  /// Reads a zig-zag encoded varint (see ``Swift/Array/appendSignedVarint(_:)``).
  @inlinable
  package func readSignedVarint(at offset: inout Int) -> Int64? {
    guard let raw = readVarint(at: &offset) else { return nil }
    return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
  }
}
