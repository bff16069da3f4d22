import Bytes

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A 128-bit identifier in UUID form, e.g. `6f1c2e4a-9b3d-4c8e-a1f0-123456789abc`.
///
/// Stored as two `UInt64` halves so it is cheap to copy, hash and compare. New identifiers are
/// time-ordered (UUID version 7, ``random()``); pass a seeded generator to ``random(using:)``
/// (version 4) for deterministic tests. Ordering compares the halves, which matches ordering of the canonical text.
public struct EntityID: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The first 64 bits (the first 16 hex digits).
  public let high: UInt64
  /// The last 64 bits (the last 16 hex digits).
  public let low: UInt64

  /// An identifier from its two halves, as stored.
  public init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }

  /// A new identifier for an entity created now: a time-ordered UUID (version 7, RFC 9562) —
  /// 48 bits of Unix milliseconds, then 74 random bits from the system's secure generator.
  ///
  /// Ids made later sort later, so every table keyed by id (transactions, streams, the
  /// indexes of the read models) receives new rows at its end instead of on a random page:
  /// a commit dirties a handful of pages rather than one per row and table.
  public static func random() -> EntityID {
    var generator = SystemRandomNumberGenerator()
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let milliseconds = UInt64(max(0, now.tv_sec)) * 1000 + UInt64(max(0, now.tv_nsec)) / 1_000_000
    return timeOrdered(milliseconds: milliseconds, using: &generator)
  }

  /// A version-7 identifier whose first 48 bits are `milliseconds` (since 1970) and whose other
  /// 74 free bits come from `generator`.
  public static func timeOrdered(milliseconds: UInt64, using generator: inout some RandomNumberGenerator) -> EntityID {
    let random = generator.next() as UInt64
    let more = generator.next() as UInt64
    return versionSeven(milliseconds: milliseconds, a: random, b: more)
  }

  /// A version-7-shaped identifier: `milliseconds` in the first 48 bits, the low 12 bits of `a`
  /// after the version nibble, 62 bits of `b` after the RFC 4122 variant.
  public static func versionSeven(milliseconds: UInt64, a: UInt64, b: UInt64) -> EntityID {
    EntityID(
      high: (milliseconds & 0xFFFF_FFFF_FFFF) << 16 | 0x7000 | (a & 0x0FFF),
      low: (b & ~(0xC000 << 48)) | (0x8000 << 48))
  }

  /// A new random version-4 identifier drawn from `generator` (seed it for repeatable tests).
  public static func random(using generator: inout some RandomNumberGenerator) -> EntityID {
    let high = generator.next() as UInt64
    let low = generator.next() as UInt64
    // Version 4 in bits 12-15 of the third group; RFC 4122 variant (binary 10) in the fourth.
    return EntityID(
      high: (high & ~0xF000) | 0x4000,
      low: (low & ~(0xC000 << 48)) | (0x8000 << 48))
  }

  /// Parses the canonical 8-4-4-4-12 hex form, in lower or upper case.
  public init(parsing text: String) throws(EntityIDError) {
    // Every stored event names ids as text: the well-formed case is parsed from the UTF-8
    // bytes without allocating; anything else takes the path that explains the problem.
    if let parsed = Self.parseCanonical(text.utf8) {
      self = parsed
      return
    }
    let scalars = Array(text.unicodeScalars)
    guard scalars.count == 36 else {
      throw EntityIDError(text: text, reason: "it has \(scalars.count) characters instead of 36")
    }
    var halves: [UInt64] = [0, 0]
    var nibbles = 0
    for (offset, scalar) in scalars.enumerated() {
      if Self.hyphenOffsets.contains(offset) {
        guard scalar == "-" else {
          throw EntityIDError(text: text, reason: "character \(offset + 1) should be '-'")
        }
        continue
      }
      guard let value = Self.hexValue(scalar) else {
        throw EntityIDError(
          text: text, reason: "character \(offset + 1), '\(Character(scalar))', is not a hex digit")
      }
      halves[nibbles / 16] = halves[nibbles / 16] << 4 | value
      nibbles += 1
    }
    self.init(high: halves[0], low: halves[1])
  }

  /// The id in `utf8` if it is exactly the canonical 8-4-4-4-12 form, else `nil`.
  private static func parseCanonical(_ utf8: String.UTF8View) -> EntityID? {
    if let parsed = utf8.withContiguousStorageIfAvailable({ parseCanonical(bytes: UnsafeRawBufferPointer($0)) }) {
      return parsed
    }
    return parseCanonical(sequence: utf8)
  }

  /// The id in `bytes` (UTF-8) if it is exactly the canonical 8-4-4-4-12 form, else `nil`.
  ///
  /// Every stored event names its ids in this form, and a replay parses millions of them: the
  /// 32 digits are gathered into four 8-byte words and each is checked and converted with word
  /// arithmetic (`HexWord`) rather than a byte at a time.
  package static func parseCanonical(bytes: UnsafeRawBufferPointer) -> EntityID? {
    guard bytes.count == 36, bytes[8] == UInt8(ascii: "-"), bytes[13] == UInt8(ascii: "-"),
      bytes[18] == UInt8(ascii: "-"),
      bytes[23] == UInt8(ascii: "-")
    else { return nil }
    func load(_ offset: Int) -> UInt64 {
      UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    func load4(_ offset: Int) -> UInt64 {
      UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }
    // Digits 0–7, 8–15 (two runs of four), 16–23 (two runs of four), 24–31, in text order.
    guard let w0 = HexWord.value(ofDigits: load(0)), let w1 = HexWord.value(ofDigits: load4(9) | load4(14) << 32),
      let w2 = HexWord.value(ofDigits: load4(19) | load4(24) << 32), let w3 = HexWord.value(ofDigits: load(28))
    else { return nil }
    return EntityID(high: w0 << 32 | w1, low: w2 << 32 | w3)
  }

  private static func parseCanonical(sequence utf8: some Collection<UInt8>) -> EntityID? {
    guard utf8.count == 36 else { return nil }
    var high: UInt64 = 0
    var low: UInt64 = 0
    var nibbles = 0
    var offset = 0
    for byte in utf8 {
      defer { offset += 1 }
      if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
        guard byte == UInt8(ascii: "-") else { return nil }
        continue
      }
      let value: UInt64
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt64(byte &- UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): value = UInt64(byte &- UInt8(ascii: "a") &+ 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): value = UInt64(byte &- UInt8(ascii: "A") &+ 10)
      default: return nil
      }
      if nibbles < 16 { high = high << 4 | value } else { low = low << 4 | value }
      nibbles += 1
    }
    return EntityID(high: high, low: low)
  }

  /// The UUID version nibble (4 for identifiers made by ``random(using:)``).
  public var version: Int { Int((high >> 12) & 0xF) }

  /// Appends the 36 bytes of ``description`` to `bytes`, without making a `String`: formed on
  /// the stack and appended at once (an event's payload holds three ids or more).
  package func appendCanonical(to bytes: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { buffer in
      let written = writeDescription(into: buffer)
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<written]))
    }
  }

  /// The 32 lowercase hex digits of the id without hyphens, after `prefix` and before
  /// `suffix`, formed in one string (an import's key per row: `csv:<date>:<digits>`).
  package func hexText(after prefix: String = "", before suffix: String = "") -> String {
    var prefix = prefix, suffix = suffix
    return prefix.withUTF8 { head in
      suffix.withUTF8 { tail in
        String(unsafeUninitializedCapacity: head.count + 32 + tail.count) { buffer in
          let out = UnsafeMutableRawPointer(buffer.baseAddress!)
          if let start = head.baseAddress { out.copyMemory(from: start, byteCount: head.count) }
          writeHexDigits(to: out + head.count)
          if let start = tail.baseAddress { (out + head.count + 32).copyMemory(from: start, byteCount: tail.count) }
          return head.count + 32 + tail.count
        }
      }
    }
  }

  /// The canonical lowercase form, e.g. `6f1c2e4a-9b3d-4c8e-a1f0-123456789abc`.
  public var description: String { description(prefixedBy: "") }

  /// `prefix-` and the canonical form (`prefix` empty: the canonical form alone), formed in
  /// one string: a stream name is asked for every event appended or replayed.
  func description(prefixedBy prefix: String) -> String {
    var prefix = prefix
    return prefix.withUTF8 { prefixBytes in
      let head = prefixBytes.isEmpty ? 0 : prefixBytes.count + 1
      return String(unsafeUninitializedCapacity: head + 36) { buffer in
        if head > 0 {
          for (index, byte) in prefixBytes.enumerated() { buffer[index] = byte }
          buffer[head - 1] = UInt8(ascii: "-")
        }
        let written = writeDescription(into: UnsafeMutableBufferPointer(rebasing: buffer[head...]))
        return head + written
      }
    }
  }

  /// Writes the 36 characters of the canonical form at the start of `buffer`; returns 36.
  /// (Every id of every event appended is written so: eight digits at a time, no table.)
  private func writeDescription(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
    precondition(buffer.count >= 36)
    let out = UnsafeMutableRawPointer(buffer.baseAddress!)
    // The 32 digits, then the groups after each hyphen moved on to make room for it (the last
    // group first; `copyMemory` is a memmove): 8-4-4-4-12.
    writeHexDigits(to: out)
    func makeRoom(before digit: Int, moving count: Int, by offset: Int) {
      (out + digit + offset).copyMemory(from: out + digit, byteCount: count)
      out.storeBytes(of: UInt8(ascii: "-"), toByteOffset: digit + offset - 1, as: UInt8.self)
    }
    makeRoom(before: 20, moving: 12, by: 4)
    makeRoom(before: 16, moving: 4, by: 3)
    makeRoom(before: 12, moving: 4, by: 2)
    makeRoom(before: 8, moving: 4, by: 1)
    return 36
  }

  /// The 32 lowercase hex digits, most significant first, at `out`: eight at a time.
  private func writeHexDigits(to out: UnsafeMutableRawPointer) {
    out.storeBytes(of: HexWord.digits(of: UInt32(truncatingIfNeeded: high >> 32)), toByteOffset: 0, as: UInt64.self)
    out.storeBytes(of: HexWord.digits(of: UInt32(truncatingIfNeeded: high)), toByteOffset: 8, as: UInt64.self)
    out.storeBytes(of: HexWord.digits(of: UInt32(truncatingIfNeeded: low >> 32)), toByteOffset: 16, as: UInt64.self)
    out.storeBytes(of: HexWord.digits(of: UInt32(truncatingIfNeeded: low)), toByteOffset: 24, as: UInt64.self)
  }

  public static func < (lhs: EntityID, rhs: EntityID) -> Bool {
    (lhs.high, lhs.low) < (rhs.high, rhs.low)
  }

  private static let hyphenOffsets: Set<Int> = [8, 13, 18, 23]

  static func hexValue(_ scalar: Unicode.Scalar) -> UInt64? {
    switch scalar {
    case "0"..."9": UInt64(scalar.value - 48)
    case "a"..."f": UInt64(scalar.value - 87)
    case "A"..."F": UInt64(scalar.value - 55)
    default: nil
    }
  }

  /// `value` as `count` lowercase hex digits, zero-padded.
  static func hex(_ value: UInt64, count: Int) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, count - digits.count)) + digits
  }
}
