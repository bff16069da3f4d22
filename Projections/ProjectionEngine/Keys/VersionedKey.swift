import LMDB

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Stored keys of versioned tables: the logical key followed by the big-endian position, so
/// a key's versions sit together in position order and "newest at or before P" is one seek.
enum VersionedKey {
  static func make(_ key: [UInt8], position: UInt64) -> [UInt8] {
    var stored = key
    stored.reserveCapacity(key.count + 8)
    withUnsafeBytes(of: position.bigEndian) { stored.append(contentsOf: $0) }
    return stored
  }

  /// The position part of a stored key.
  static func position(of stored: UnsafeRawBufferPointer) -> UInt64 {
    BigEndianKey.decode(stored, at: stored.count - 8) ?? 0
  }

  /// Whether `stored` is a version of `key`.
  static func matches(_ stored: UnsafeRawBufferPointer, _ key: [UInt8]) -> Bool {
    stored.count == key.count + 8 && startsWith(stored, key)
  }

  /// Whether `stored` is exactly `key` (a stored key and one made by ``make(_:position:)``).
  static func equal(_ stored: UnsafeRawBufferPointer, _ key: [UInt8]) -> Bool {
    stored.count == key.count && startsWith(stored, key)
  }

  /// Whether `stored` begins with `key`'s bytes, compared with `memcmp`: the generic
  /// `elementsEqual` goes byte by byte through the collections' iterators, and an inline fold
  /// compares a key or two per row it updates — a million on a big undo.
  private static func startsWith(_ stored: UnsafeRawBufferPointer, _ key: [UInt8]) -> Bool {
    guard stored.count >= key.count else { return false }
    guard !key.isEmpty else { return true }
    return key.withUnsafeBytes { memcmp(stored.baseAddress!, $0.baseAddress!, key.count) == 0 }
  }
}

/// Builds fixed-size logical keys from big-endian integers and padded text.
public struct KeyBuilder {
  public private(set) var bytes: [UInt8] = []

  public init(capacity: Int = 32) { bytes.reserveCapacity(capacity) }

  /// A key made of big-endian words, e.g. `KeyBuilder.words(id.high, id.low, KeyBuilder.ordered(day))`.
  public static func words(_ words: UInt64...) -> [UInt8] {
    var key = KeyBuilder(capacity: words.count * 8)
    for word in words { key.append(word) }
    return key.bytes
  }

  // Fixed arities of `words(_:)`, chosen over the variadic one by the compiler: they build the
  // key in one allocation, without an array of arguments (projectors make keys per event).

  /// Two big-endian words, e.g. an id.
  public static func words(_ a: UInt64, _ b: UInt64) -> [UInt8] {
    withUnsafeBytes(of: (a.bigEndian, b.bigEndian)) { Array($0) }
  }

  /// Three big-endian words, e.g. an id and a day.
  public static func words(_ a: UInt64, _ b: UInt64, _ c: UInt64) -> [UInt8] {
    withUnsafeBytes(of: (a.bigEndian, b.bigEndian, c.bigEndian)) { Array($0) }
  }

  /// Five big-endian words, e.g. an account, a day and an id.
  public static func words(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64, _ e: UInt64) -> [UInt8] {
    withUnsafeBytes(of: (a.bigEndian, b.bigEndian, c.bigEndian, d.bigEndian, e.bigEndian)) { Array($0) }
  }

  /// `value` mapped to an unsigned word that sorts like the signed value (negatives first).
  public static func ordered(_ value: Int64) -> UInt64 { UInt64(bitPattern: value) ^ (1 << 63) }

  /// The signed value of a word made by ``ordered(_:)``.
  public static func signed(_ word: UInt64) -> Int64 { Int64(bitPattern: word ^ (1 << 63)) }

  /// Reads the big-endian word at byte `offset` of `bytes`.
  /// Inlinable, so that it is specialized where it is called: row decoding calls it for every
  /// field of every row, and the generic version dominated imports.
  @inlinable
  public static func word(_ bytes: some Collection<UInt8>, at offset: Int) -> UInt64 {
    let fast = bytes.withContiguousStorageIfAvailable { buffer -> UInt64 in
      var word: UInt64 = 0
      var index = offset
      let end = min(offset + 8, buffer.count)
      while index < end {
        word = word << 8 | UInt64(buffer[index])
        index += 1
      }
      return word
    }
    return fast ?? bytes.dropFirst(offset).prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
  }

  public mutating func append(_ value: UInt64) {
    withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
  }

  public mutating func append(_ value: UInt32) {
    withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
  }

  /// Appends `text`'s UTF-8, cut or zero-padded to exactly `width` bytes.
  public mutating func append(text: String, width: Int) {
    var written = 0
    for byte in text.utf8.prefix(width) {
      bytes.append(byte)
      written += 1
    }
    for _ in written..<width { bytes.append(0) }
  }

  /// Appends an id's two big-endian words.
  public mutating func append(high: UInt64, low: UInt64) {
    append(high)
    append(low)
  }

  public mutating func append(bytes more: [UInt8]) {
    bytes.append(contentsOf: more)
  }
}
