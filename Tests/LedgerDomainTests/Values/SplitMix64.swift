/// A small, seeded random generator (SplitMix64) so property tests are repeatable: a failure
/// prints its seed and iteration, and rerunning reproduces it.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A random `Int64` biased towards interesting magnitudes: sometimes tiny, sometimes near the
  /// limits, otherwise of a random bit width, so both small amounts and overflow are exercised.
  mutating func interestingInt64() -> Int64 {
    switch next() % 8 {
    case 0: return Int64.random(in: -20...20, using: &self)
    case 1: return Int64.max - Int64.random(in: 0...20, using: &self)
    case 2: return Int64.min + Int64.random(in: 0...20, using: &self)
    default:
      let bits = Int(next() % 64)
      let raw = Int64(bitPattern: next())
      return bits == 63 ? raw : raw >> (63 - bits)
    }
  }
}
