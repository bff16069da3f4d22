import LedgerDomain
import Testing

@Suite("Binary codec: optionals of every primitive")
struct BinaryCodecOptionalsTests {
  struct Sample: Codable, Equatable {
    var flag: Bool?
    var count: Int?
    var units: Int64?
    var small: UInt8?
    var text: String?
    var tail: Int
  }

  @Test("given optionals set and unset, when encoded and decoded, then each comes back behind its presence byte")
  func roundTrips() throws {
    let unset = Sample(flag: nil, count: nil, units: nil, small: nil, text: nil, tail: 7)
    let set = Sample(flag: false, count: -3, units: 1 << 40, small: 200, text: "✓", tail: 7)
    for sample in [unset, set] {
      let bytes = try BinaryEncoder().encode(sample)
      #expect(try BinaryDecoder().decode(Sample.self, from: bytes) == sample)
    }
    // five absent optionals are five zero bytes, then the tail (7 as a signed varint: 14)
    #expect(try BinaryEncoder().encode(unset) == [0, 0, 0, 0, 0, 14])
    // a present one is 1 and its value: false is 0, -3 is zig-zag 5
    #expect(try BinaryEncoder().encode(set).prefix(4) == [1, 0, 1, 5])
  }
}
