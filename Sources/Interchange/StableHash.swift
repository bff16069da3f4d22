import LedgerDomain

/// A stable 128-bit FNV-1a hash (two 64-bit lanes), for idempotency keys and ids derived from
/// content. Not cryptographic: it only has to tell rows apart, the same on every machine.
enum StableHash {
  static func lanes(_ text: String) -> (UInt64, UInt64) {
    var a: UInt64 = 0xcbf2_9ce4_8422_2325
    var b: UInt64 = 0x8422_2325_cbf2_9ce4
    for byte in text.utf8 {
      a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 &+ 0x9E37
    }
    return (a, b)
  }

  static func hex(_ text: String) -> String { id(text).description.replacingDashes }

  /// A version-4-shaped id from `text`, so re-imports give the same transaction ids.
  static func id(_ text: String) -> EntityID {
    let (a, b) = lanes(text)
    return EntityID(high: (a & ~0xF000) | 0x4000, low: (b & ~(0xC << 60)) | (0x8 << 60))
  }

  /// A version-7-shaped id from `text` whose time part is `date` (midnight UTC): the same row
  /// gives the same id on every import, and rows of nearby dates get nearby ids, so an import
  /// fills id-keyed tables in runs instead of scattering one row per page.
  static func id(_ text: String, ordering date: CivilDate) -> EntityID {
    let (a, b) = lanes(text)
    let milliseconds = UInt64(max(0, date.daysSinceEpoch)) * 86_400_000 | (a >> 40 & 0xFFFF)
    return EntityID.versionSeven(milliseconds: milliseconds, a: a, b: b)
  }
}

extension String {
  fileprivate var replacingDashes: String {
    // An id's description is ASCII: drop the dash bytes without forming Characters.
    guard utf8.allSatisfy({ $0 < 0x80 }) else { return String(filter { $0 != "-" }) }
    return String(decoding: utf8.filter { $0 != UInt8(ascii: "-") }, as: UTF8.self)
  }
}
