/// Builds an ``InlineKey`` from big-endian integers and padded text, as ``KeyBuilder`` builds
/// a byte array, without allocating: for keys a fold makes for every event that are not whole
/// words (a 4-byte month and a 3-byte currency before an id).
public struct InlineKeyBuilder {
  /// Six words of bytes in key order (memory order), the first `count` of them written.
  private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
  /// Bytes written; at most ``InlineKey/capacity`` (later bytes are dropped).
  public private(set) var count = 0

  public init() {}

  /// The key of the bytes written.
  public var key: InlineKey {
    var storage = self.storage
    return withUnsafeBytes(of: &storage) { InlineKey(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
  }

  private mutating func append(byte: UInt8) {
    guard count < InlineKey.capacity else { return }
    withUnsafeMutableBytes(of: &storage) { $0[count] = byte }
    count += 1
  }

  public mutating func append(_ value: UInt64) { appendBigEndian(value) }

  public mutating func append(_ value: UInt32) { appendBigEndian(value) }

  /// Appends `value` big-endian. Generic but private: specialized here, for the two entry
  /// points above that other modules call on every posting.
  private mutating func appendBigEndian(_ value: some FixedWidthInteger & UnsignedInteger) {
    let size = MemoryLayout.size(ofValue: value)
    guard count + size <= InlineKey.capacity else {
      for shift in stride(from: size * 8 - 8, through: 0, by: -8) {
        append(byte: UInt8(truncatingIfNeeded: value >> shift))
      }
      return
    }
    let offset = count
    withUnsafeMutableBytes(of: &storage) {
      $0.storeBytes(of: value.bigEndian, toByteOffset: offset, as: type(of: value))
    }
    count += size
  }

  /// Appends an id's two big-endian words.
  public mutating func append(high: UInt64, low: UInt64) {
    append(high)
    append(low)
  }

  /// Appends `text`'s UTF-8, cut or zero-padded to exactly `width` bytes.
  public mutating func append(text: String, width: Int) {
    var written = 0
    for byte in text.utf8.prefix(width) {
      append(byte: byte)
      written += 1
    }
    for _ in written..<width { append(byte: 0) }
  }
}
