import LedgerTesting
import Testing

@testable import ProjectionEngine

/// A row as an index keeps it: an owner (few of them), a day, an id, and the order it was put
/// in — compared word by word, like ``PackedRows``' entries.
private struct Row: WordOrdered, CustomStringConvertible {
  var owner: UInt64
  var day: UInt64
  var id: UInt64
  var sequence: UInt64

  static var wordCount: Int { 4 }
  func word(_ index: Int) -> UInt64 {
    switch index {
    case 0: owner
    case 1: day
    case 2: id
    default: sequence
    }
  }
  static func < (a: Row, b: Row) -> Bool {
    (a.owner, a.day, a.id, a.sequence) < (b.owner, b.day, b.id, b.sequence)
  }
  var description: String { "(\(owner), \(day), \(id), \(sequence))" }
}

@Suite("Word sort: the rebuild's sort of rows that arrive nearly in order")
struct WordSortTests {
  private static func wordSorted(_ rows: [Row]) -> [Row] {
    var copy = rows
    copy.withUnsafeMutableBufferPointer { $0.wordSort() }
    return copy
  }

  /// Rows of `owners` owners, interleaved as a log appends them: days ascending, except that
  /// one row in `backDated` is `days` back (0: never); ids random, few of them repeated.
  private static func appended(
    count: Int, owners: UInt64, backDated: Int = 0, random: inout SeededGenerator
  ) -> [Row] {
    (0..<count).map { index in
      var day = UInt64(index / 40)
      if backDated > 0, index % backDated == 0 { day = random.next() % (day + 1) }
      let owner = random.next() % owners
      return Row(owner: owner, day: day, id: random.next() % UInt64(count), sequence: UInt64(index))
    }
  }

  @Test(
    "given rows of few owners appended in date order, some back-dated, of every kind of disorder, when word-sorted, then they equal the standard sort",
    arguments: [1, 3, 40, 5_000])
  func nearlyOrdered(owners: UInt64) {
    var random = SeededGenerator(seed: owners)
    for count in [0, 1, 2, 47, 49, 1_023, 1_025, 20_000] {
      for backDated in [0, 1, 7, 1_000] {
        let rows = Self.appended(count: count, owners: owners, backDated: backDated, random: &random)
        #expect(Self.wordSorted(rows) == rows.sorted(), "count \(count), back-dated 1 in \(backDated)")
      }
    }
  }

  @Test(
    "given random rows, sorted rows, reversed rows, and rows all equal but for their order, when word-sorted, then they equal the standard sort"
  )
  func shapes() {
    var random = SeededGenerator(seed: 3)
    for count in [0, 1, 48, 49, 500, 1_024, 5_000, 20_000] {
      let shuffled = (0..<count).map { index in
        Row(owner: random.next(), day: random.next(), id: random.next(), sequence: UInt64(index))
      }
      let same = (0..<count).map { Row(owner: 1, day: 2, id: 3, sequence: UInt64(count - $0)) }
      let fewValues = shuffled.map { Row(owner: $0.owner % 2, day: $0.day % 3, id: $0.id % 5, sequence: $0.sequence) }
      for shape in [shuffled, shuffled.sorted(), shuffled.sorted(by: >), same, fewValues] {
        #expect(Self.wordSorted(shape) == shape.sorted(), "count \(count)")
      }
    }
  }

  @Test("given more distinct owners than a distribution takes, when word-sorted, then it still sorts them all")
  func manyDistinctValues() {
    var random = SeededGenerator(seed: 11)
    // 30,000 rows of ~19,000 owners: more than the 3,750 buckets (one per 8 rows) a
    // distribution takes.
    let rows = Self.appended(count: 30_000, owners: 30_000, random: &random)
    #expect(Self.wordSorted(rows) == rows.sorted())
  }

  @Test(
    "given one owner's rows, 2,000 a day, each day's in random order of four ids, when word-sorted, then every run, the last included, is sorted"
  )
  func runsAfterACut() {
    var random = SeededGenerator(seed: 21)
    let rows = (0..<10_000).map { index in
      Row(owner: 1, day: UInt64(index / 2_000), id: random.next() % 4, sequence: UInt64(index))
    }
    #expect(Self.wordSorted(rows) == rows.sorted())
  }

  @Test("given owners that differ only in their high bytes, as short text does, when word-sorted, then they sort")
  func highBytes() {
    var random = SeededGenerator(seed: 8)
    let rows = (0..<20_000).map { index in
      Row(owner: (random.next() % 600) << 48, day: UInt64(index / 40), id: random.next(), sequence: UInt64(index))
    }
    #expect(Self.wordSorted(rows) == rows.sorted())
  }

  @Test("given more rows than are sorted outright whose words are all equal, when word-sorted, then `<` orders them")
  func tiesBeyondTheWords() {
    var random = SeededGenerator(seed: 4)
    var values = (0..<500).map { _ in Hidden(tag: random.next()) }
    values.withUnsafeMutableBufferPointer { $0.wordSort() }
    #expect(values.map(\.tag) == values.map(\.tag).sorted())
  }

  @Test(
    "given rows of three owners appended in date order, when word-sorted, then it compares a few times per row, not log n times (only each day's rows are sorted)"
  )
  func comparesOnlyWithinADay() {
    var random = SeededGenerator(seed: 12)
    let counter = Comparisons()
    var rows = (0..<20_000).map { index in
      let row = Row(owner: random.next() % 3, day: UInt64(index / 40), id: random.next(), sequence: UInt64(index))
      return CountedRow(row: row, counter: counter)
    }
    let expected = rows.map(\.row).sorted()
    rows.withUnsafeMutableBufferPointer { $0.wordSort() }
    #expect(rows.map(\.row) == expected)
    // ~13 rows per owner and day: a few comparisons each; a sort of the whole would make
    // ~20,000 × log2(20,000) ≈ 286,000.
    #expect(counter.count < 20_000 * 6, "\(counter.count) comparisons")
  }
}

/// An element whose words are all equal: only `<` tells them apart.
private struct Hidden: WordOrdered {
  var tag: UInt64
  static var wordCount: Int { 1 }
  func word(_ index: Int) -> UInt64 { 0 }
  static func < (a: Hidden, b: Hidden) -> Bool { a.tag < b.tag }
}

/// Counts the comparisons a sort makes.
private final class Comparisons {
  var count = 0
}

/// A ``Row`` whose comparisons are counted.
private struct CountedRow: WordOrdered {
  var row: Row
  let counter: Comparisons

  static var wordCount: Int { Row.wordCount }
  func word(_ index: Int) -> UInt64 { row.word(index) }
  static func < (a: CountedRow, b: CountedRow) -> Bool {
    a.counter.count += 1
    return a.row < b.row
  }
  static func == (a: CountedRow, b: CountedRow) -> Bool { a.row == b.row }
}
