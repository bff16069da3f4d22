/// A logical key of up to 48 bytes held in six big-endian words: a value with no heap
/// storage, so a rebuild's tables hash, compare and sort millions of keys without allocating
/// or reference counting — and a projector that builds its keys from words (ids, days) puts
/// them without allocating either (``ProjectionStore/put(in:key:value:at:)-(_,InlineKey,_,_)``).
///
/// Ordering is LMDB's key order — bytewise, a shorter key first when it is a prefix of a
/// longer one — because the words are loaded big-endian and zero-padded.
public struct InlineKey: Hashable, Comparable, Sendable {
  /// The longest key it holds (every projector table's key fits).
  public static let capacity = 48

  private var w0: UInt64 = 0
  private var w1: UInt64 = 0
  private var w2: UInt64 = 0
  private var w3: UInt64 = 0
  private var w4: UInt64 = 0
  private var w5: UInt64 = 0
  /// A full word, so the value has no padding and hashes as one block of bytes.
  private var length: UInt64 = 0

  /// The 16-byte key of two big-endian words, e.g. an id.
  public init(_ a: UInt64, _ b: UInt64) {
    (w0, w1, length) = (a, b, 16)
  }

  /// The 24-byte key of three big-endian words, e.g. a day and an id.
  public init(_ a: UInt64, _ b: UInt64, _ c: UInt64) {
    (w0, w1, w2, length) = (a, b, c, 24)
  }

  /// The 40-byte key of five big-endian words, e.g. an owner's id, a day and an id.
  public init(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64, _ e: UInt64) {
    (w0, w1, w2, w3, w4, length) = (a, b, c, d, e, 40)
  }

  /// The 48-byte key of six big-endian words.
  public init(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64, _ e: UInt64, _ f: UInt64) {
    (w0, w1, w2, w3, w4, w5, length) = (a, b, c, d, e, f, 48)
  }

  /// The key's bytes.
  public var bytes: [UInt8] {
    withUnsafeBytes(of: (w0.bigEndian, w1.bigEndian, w2.bigEndian, w3.bigEndian, w4.bigEndian, w5.bigEndian)) {
      Array($0.prefix(count))
    }
  }

  /// The key of `bytes`, which must hold at most ``capacity`` bytes (extra bytes are ignored).
  public init(_ bytes: [UInt8]) {
    self = bytes.withUnsafeBytes { InlineKey($0) }
  }

  /// The key of `bytes`, which must hold at most ``capacity`` bytes (extra bytes are ignored).
  public init(_ bytes: UnsafeRawBufferPointer) {
    let count = min(bytes.count, Self.capacity)
    self.length = UInt64(count)
    bytes.withMemoryRebound(to: UInt8.self) { buffer in
      func word(_ index: Int) -> UInt64 {
        let start = index * 8
        guard start < count else { return 0 }
        if start + 8 <= count {
          return UInt64(bigEndian: UnsafeRawPointer(buffer.baseAddress! + start).loadUnaligned(as: UInt64.self))
        }
        var word: UInt64 = 0
        for offset in 0..<8 { word = word << 8 | UInt64(start + offset < count ? buffer[start + offset] : 0) }
        return word
      }
      w0 = word(0)
      w1 = word(1)
      w2 = word(2)
      w3 = word(3)
      w4 = word(4)
      w5 = word(5)
    }
  }

  /// How many bytes the key has.
  public var count: Int { Int(length) }

  /// The six words, for a table that keeps keys of its fixed width in fewer (``PackedKey``).
  var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) { (w0, w1, w2, w3, w4, w5) }

  /// The key of `count` bytes held in `words` (zero past `count`), as ``words`` gives them.
  init(words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64), count: Int) {
    (w0, w1, w2, w3, w4, w5) = words
    length = UInt64(count)
  }

  /// Hashes the seven words in one call (the synthesized conformance makes seven).
  public func hash(into hasher: inout Hasher) {
    withUnsafeBytes(of: self) { hasher.combine(bytes: $0) }
  }

  /// A fast, unseeded hash for the rebuild's own tables (``MemoryTable``): keys come from the
  /// ledger's own log, not from an adversary, so flooding is not a concern there.
  var cheapHash: Int {
    // Three lanes, folded and finished with MurmurHash3's 64-bit mixer, so that keys that
    // differ only in the high bits of a word (text, big-endian) still spread over the buckets.
    let a = (w0 &* 0x9E37_79B9_7F4A_7C15) ^ w3.rotated(31)
    let b = (w1 &* 0xC2B2_AE3D_27D4_EB4F) ^ w4.rotated(29)
    let c = (w2 &* 0x1656_67B1_9E37_79F9) ^ w5.rotated(27) ^ length
    var h = a ^ b.rotated(21) ^ c.rotated(42)
    h ^= h >> 33
    h = h &* 0xFF51_AFD7_ED55_8CCD
    h ^= h >> 33
    h = h &* 0xC4CE_B9FE_1A85_EC53
    h ^= h >> 33
    return Int(truncatingIfNeeded: h)
  }

  public static func == (a: InlineKey, b: InlineKey) -> Bool {
    a.w0 == b.w0 && a.w1 == b.w1 && a.w2 == b.w2 && a.w3 == b.w3 && a.w4 == b.w4 && a.w5 == b.w5 && a.length == b.length
  }

  public static func < (a: InlineKey, b: InlineKey) -> Bool {
    if a.w0 != b.w0 { return a.w0 < b.w0 }
    if a.w1 != b.w1 { return a.w1 < b.w1 }
    if a.w2 != b.w2 { return a.w2 < b.w2 }
    if a.w3 != b.w3 { return a.w3 < b.w3 }
    if a.w4 != b.w4 { return a.w4 < b.w4 }
    if a.w5 != b.w5 { return a.w5 < b.w5 }
    return a.length < b.length
  }

  /// Writes the key's bytes at the start of `buffer` (at least ``capacity`` bytes); returns
  /// how many.
  func write(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    let size = count
    withUnsafeBytes(of: (w0.bigEndian, w1.bigEndian, w2.bigEndian, w3.bigEndian, w4.bigEndian, w5.bigEndian)) { words in
      buffer.baseAddress!.copyMemory(from: words.baseAddress!, byteCount: size)
    }
    return size
  }
}

extension UInt64 {
  fileprivate func rotated(_ count: UInt64) -> UInt64 { self << count | self >> (64 - count) }
}
