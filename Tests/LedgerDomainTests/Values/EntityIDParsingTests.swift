import Testing

@testable import LedgerDomain

@Suite("EntityID: the canonical form parsed a word at a time")
struct EntityIDParsingTests {
  /// The canonical form parsed a character at a time, for comparison.
  static func reference(_ bytes: [UInt8]) -> EntityID? {
    guard bytes.count == 36 else { return nil }
    var halves: [UInt64] = [0, 0]
    var digits = 0
    for (offset, byte) in bytes.enumerated() {
      if [8, 13, 18, 23].contains(offset) {
        guard byte == UInt8(ascii: "-") else { return nil }
        continue
      }
      let value: UInt64
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt64(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): value = UInt64(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): value = UInt64(byte - UInt8(ascii: "A") + 10)
      default: return nil
      }
      halves[digits / 16] = halves[digits / 16] << 4 | value
      digits += 1
    }
    return EntityID(high: halves[0], low: halves[1])
  }

  static func parsed(_ bytes: [UInt8]) -> EntityID? {
    bytes.withUnsafeBytes { EntityID.parseCanonical(bytes: $0) }
  }

  @Test(
    "given a canonical id with any one byte replaced by any of the 256 values, when parsed, then the result is the character-by-character parse's"
  )
  func everyByteAtEveryPosition() {
    let ids = [
      "0123abcd-ef45-6789-ABCD-EF0123456789", "ffffffff-ffff-ffff-ffff-ffffffffffff",
      "00000000-0000-0000-0000-000000000000",
    ]
    var checked = 0
    for id in ids {
      let original = Array(id.utf8)
      #expect(Self.parsed(original) == Self.reference(original))
      #expect(Self.parsed(original) != nil)
      for position in original.indices {
        for byte in 0...255 {
          var bytes = original
          bytes[position] = UInt8(byte)
          let expected = Self.reference(bytes)
          let got = Self.parsed(bytes)
          if got != expected {
            let wrong = "\(String(describing: got)), not \(String(describing: expected))"
            Issue.record("\(id), byte \(byte) at \(position): \(wrong)")
          }
          checked += 1
        }
      }
    }
    #expect(checked == 3 * 36 * 256)
  }

  @Test(
    "given 10,000 random ids in either case, when their text is parsed, then the same ids come back"
  )
  func randomIDsRoundTrip() {
    var generator = SplitMix64(seed: 2_026)
    for index in 0..<10_000 {
      let id = EntityID(high: generator.next(), low: generator.next())
      let text = index % 2 == 0 ? id.description : id.description.uppercased()
      #expect(Self.parsed(Array(text.utf8)) == id, "\(text)")
    }
  }
}
