import EventLog
import LedgerDomain
import LedgerTesting
import ProjectionEngine
import Testing

@testable import TransactionIndex

@Suite("Projection engine: a live-key walk")
struct LiveKeyWalkTests {
  /// A word's postings in the text index of a random ledger — added, amended away and deleted
  /// over ten commits, so keys have several versions and tombstones — and the log position
  /// after the fifth commit.
  static func given() async throws -> (ProjectionHarness, UInt64) {
    let harness = try await ProjectionHarness([TransactionIndexProjector()])
    var ledger = RandomTextLedger(seed: 5)
    var half: UInt64 = 0
    for batch in 0..<10 {
      let position = try await harness.given((0..<150).map { _ in ledger.next() })
      if batch == 4 { half = position }
    }
    return (harness, half)
  }

  /// "food" as a `words` key starts: zero-padded to the indexed width.
  static let token = Array("food".utf8) + [UInt8](repeating: 0, count: TextTokens.width - 4)

  @Test(
    "given keys with versions and tombstones, when walked to rising targets both ways, then each answer is the nearest live key",
    arguments: [0, 1, 2, LiveKeyWalk.defaultStepLimit])
  func nearestLiveKey(stepLimit: Int) async throws {
    let (harness, half) = try await Self.given()
    var random = SeededGenerator(seed: UInt64(stepLimit) + 1)
    for asKnownAt in [half, UInt64.max] {
      try harness.read { reader throws in
        var live: [[UInt8]] = []
        try reader.walkLive(
          TransactionIndexProjector.name, "words", from: Self.token + [UInt8](repeating: 0, count: 24),
          to: Self.token + [UInt8](repeating: 0xFF, count: 24), asKnownAt: asKnownAt
        ) { live.append(Array($0.suffix(24))) }
        try #require(live.count > 20)
        let (lower, upper) = (live[3], live[live.count - 4])

        for direction in [ReadDirection.forward, .backward] {
          // Rising (forward) or falling (backward) targets: on keys, between keys, far apart.
          var targets = (0..<40).map { _ in
            var target = live.randomElement(using: &random)!
            if Bool.random(using: &random) { target[23] ^= 1 }
            return target
          }
          .sorted { $0.lexicographicallyPrecedes($1) }
          if direction == .backward { targets.reverse() }

          let answers = try reader.withLiveKeyWalks(
            TransactionIndexProjector.name, "words", prefixes: [Self.token], from: lower, to: upper,
            direction: direction, asKnownAt: asKnownAt, stepLimit: stepLimit
          ) { walks in
            try targets.map { target in try target.withUnsafeBytes { try walks[0].advance(to: $0).map(Array.init) } }
          }

          let inRange = live.filter { !$0.lexicographicallyPrecedes(lower) && $0.lexicographicallyPrecedes(upper) }
          let expected = targets.map { target in
            direction == .forward
              ? inRange.first { !$0.lexicographicallyPrecedes(target) }
              : inRange.last { !target.lexicographicallyPrecedes($0) }
          }
          #expect(answers == expected, "\(direction), as known at \(asKnownAt)")
        }
      }
    }
  }
}
