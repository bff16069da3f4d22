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

  /// The UUID version nibble (4 for identifiers made by ``random(using:)``).
  public var version: Int { Int((high >> 12) & 0xF) }

  /// The canonical lowercase form, e.g. `6f1c2e4a-9b3d-4c8e-a1f0-123456789abc`.
  public var description: String {
    let digits = Self.hex(high, count: 16) + Self.hex(low, count: 16)
    var result = ""
    result.reserveCapacity(36)
    for (offset, digit) in digits.enumerated() {
      if offset == 8 || offset == 12 || offset == 16 || offset == 20 { result.append("-") }
      result.append(digit)
    }
    return result
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
