extension EntityID {
  /// The id's 16 bytes, big-endian: byte order is the ids' order, as keys of a sorted table.
  public var bigEndianBytes: [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(16)
    withUnsafeBytes(of: high.bigEndian) { bytes.append(contentsOf: $0) }
    withUnsafeBytes(of: low.bigEndian) { bytes.append(contentsOf: $0) }
    return bytes
  }

  /// The id whose ``bigEndianBytes`` are `bytes`; `nil` unless there are exactly 16.
  public init?(bigEndianBytes bytes: some Collection<UInt8>) {
    guard bytes.count == 16 else { return nil }
    var high: UInt64 = 0
    var low: UInt64 = 0
    for (index, byte) in bytes.enumerated() {
      if index < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
    }
    self.init(high: high, low: low)
  }
}
