/// A stable 128-bit FNV-1a hash (two 64-bit lanes), for idempotency keys and ids derived from
/// content. Not cryptographic: it only has to tell rows apart, the same on every machine.
public enum StableHash {
  public static func lanes(_ text: String) -> (UInt64, UInt64) {
    var a: UInt64 = 0xcbf2_9ce4_8422_2325
    var b: UInt64 = 0x8422_2325_cbf2_9ce4
    for byte in text.utf8 {
      a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 &+ 0x9E37
    }
    return (a, b)
  }

  public static func hex(_ text: String) -> String { hex(lanes: lanes(text)) }

  /// What ``hex(_:)`` gives for the text whose ``lanes(_:)`` are `lanes`: the version-4-shaped
  /// id's 32 hex digits, without dashes — after `prefix`, in the same string.
  public static func hex(lanes: (UInt64, UInt64), after prefix: String = "") -> String {
    id(lanes: lanes).hexText(after: prefix)
  }

  /// The hash of text fed piece by piece: the same lanes as ``lanes(_:)`` of the pieces joined.
  public struct Streaming {
    /// The hash of what was fed so far.
    public var lanes: (UInt64, UInt64) { state }
    @usableFromInline var state: (UInt64, UInt64) = (0xcbf2_9ce4_8422_2325, 0x8422_2325_cbf2_9ce4)

    public init() {}

    @inlinable @inline(__always)
    public mutating func feed(byte: UInt8) {
      state.0 = (state.0 ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      state.1 = (state.1 ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 &+ 0x9E37
    }

    @inlinable
    public mutating func feed(_ text: String) {
      if let fed = text.utf8.withContiguousStorageIfAvailable({ bytes in for byte in bytes { feed(byte: byte) } }) {
        return fed
      }
      for byte in text.utf8 { feed(byte: byte) }
    }

    /// U+001F, then `text` if any: one more field of a joined identity.
    @inlinable
    public mutating func feed(separated text: String?) {
      feed(byte: 0x1F)
      if let text { feed(text) }
    }

    /// `value` in decimal.
    public mutating func feed(decimal value: Int) { feed(String(value)) }
  }

  /// A version-4-shaped id from `text`, so re-imports give the same transaction ids.
  public static func id(_ text: String) -> EntityID { id(lanes: lanes(text)) }

  private static func id(lanes: (UInt64, UInt64)) -> EntityID {
    let (a, b) = lanes
    return EntityID(high: (a & ~0xF000) | 0x4000, low: (b & ~(0xC << 60)) | (0x8 << 60))
  }

  /// A version-7-shaped id from `text` whose time part is `date` (midnight UTC): the same row
  /// gives the same id on every import, and rows of nearby dates get nearby ids, so an import
  /// fills id-keyed tables in runs instead of scattering one row per page.
  public static func id(_ text: String, ordering date: CivilDate) -> EntityID {
    let (a, b) = lanes(text)
    let milliseconds = UInt64(max(0, date.daysSinceEpoch)) * 86_400_000 | (a >> 40 & 0xFFFF)
    return EntityID.versionSeven(milliseconds: milliseconds, a: a, b: b)
  }
}
