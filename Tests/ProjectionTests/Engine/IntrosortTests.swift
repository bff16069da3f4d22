import LedgerTesting
import Testing

@testable import ProjectionEngine

/// A value sorted by `key` alone; `tag` tells equal keys apart.
private struct Tagged: Comparable {
  var key: UInt64
  var tag: Int
  static func < (a: Tagged, b: Tagged) -> Bool { a.key < b.key }
  static func == (a: Tagged, b: Tagged) -> Bool { a.key == b.key }
}

@Suite("Introsort: the rebuild's in-place sort")
struct IntrosortTests {
  private static func sorted(_ values: [UInt64]) -> [UInt64] {
    var copy = values
    copy.withUnsafeMutableBufferPointer { $0.introsort() }
    return copy
  }

  @Test(
    "given arrays of every length up to 200, random, sorted, reversed, all equal or of few values, when sorted in place, then they equal the standard sort"
  )
  func shapes() {
    var random = SeededGenerator(seed: 99)
    for count in 0...200 {
      let shuffled = (0..<count).map { _ in random.next() }
      let shapes: [[UInt64]] = [
        shuffled, shuffled.sorted(), shuffled.sorted(by: >), Array(repeating: 7, count: count),
        shuffled.map { $0 % 3 }, (0..<count).map { UInt64($0 % 2 == 0 ? $0 : count - $0) },  // organ pipe
      ]
      for shape in shapes { #expect(Self.sorted(shape) == shape.sorted(), "count \(count)") }
    }
  }

  @Test("given 300,000 random values, some repeated, when sorted in place, then they equal the standard sort")
  func large() {
    var random = SeededGenerator(seed: 5)
    let values = (0..<300_000).map { _ in random.next() % 100_000 }
    #expect(Self.sorted(values) == values.sorted())
  }

  @Test(
    "given random and few-valued arrays, when quicksort may go no deeper than 0 to 3 levels, then heapsort finishes them sorted and nothing is lost",
    arguments: [0, 1, 2, 3])
  func heapsortTakesOver(depthLimit: Int) {
    var random = SeededGenerator(seed: 17)
    for count in [17, 18, 100, 1_000, 20_000] {
      for modulus in [2, UInt64.max] as [UInt64] {
        var values = (0..<count).map { Tagged(key: random.next() % modulus, tag: $0) }
        values.withUnsafeMutableBufferPointer { $0.introsort(depthLimit: depthLimit) }
        #expect(zip(values, values.dropFirst()).allSatisfy { !($1 < $0) }, "count \(count)")
        #expect(Set(values.map(\.tag)).count == count)  // a permutation: nothing lost or doubled
      }
    }
  }
}
