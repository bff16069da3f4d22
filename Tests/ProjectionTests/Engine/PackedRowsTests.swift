import LedgerTesting
import Testing

@testable import ProjectionEngine

@Suite("Packed rows: a write-only table's rows")
struct PackedRowsTests {
  @Test(
    "given a value buffer that fills after a few hundred bytes, when rows keep coming, then the later values go to arrays of their own and every row keeps its value",
    arguments: [0, 40, 300])
  func valuesPastTheBuffer(capacity: Int) {
    var random = SeededGenerator(seed: 31)
    var rows = PackedRows<PackedKey3>(packedCapacity: capacity)
    var expected: [(key: [UInt8], value: [UInt8])] = []
    for position in 1...400 as ClosedRange<UInt64> {
      let key = (0..<3).flatMap { _ in withUnsafeBytes(of: (random.next() % 50).bigEndian) { Array($0) } }
      let value: [UInt8] =
        switch random.next() % 3 {
        case 0: [1]  // the marker an index repeats: stored once while it is recent
        case 1: (0..<Int(random.next() % 40)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        default: (0..<300).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        }
      rows.append(InlineKey(key), value: value, at: position)
      expected.append((key + withUnsafeBytes(of: position.bigEndian) { Array($0) }, value))
      #expect(rows.value(of: InlineKey(key), asKnownAt: position) == (value.isEmpty ? nil : value))
    }
    expected.sort { $0.key.lexicographicallyPrecedes($1.key) }

    rows.sort(ways: 2, minimumRun: 50)
    var written: [(key: [UInt8], value: [UInt8])] = []
    rows.forEachSortedRow { key, value in written.append((Array(key), Array(value))) }

    #expect(written.map(\.key) == expected.map(\.key))
    #expect(written.map(\.value) == expected.map(\.value))
  }

  @Test(
    "given the size of the table a rebuild replaces, when a few more rows than it kept are put, then no buffer grows on the way"
  )
  func roomReservedForTheTableReplaced() {
    // The table replaced: 10,000 rows of 30-byte values in about 640 KB of pages.
    var rows = PackedRows<PackedKey2>(expected: ExpectedTableSize(rows: 10_000, bytes: 640_000))
    let reserved = rows.reserved
    #expect(reserved.rows >= 10_000 + 10_000 / 8)
    #expect(reserved.valueBytes >= 640_000)

    // 2 % more puts than rows kept (two puts of a key in one commit make one row).
    for position in 1...10_200 as ClosedRange<UInt64> {
      let value = (0..<30).map { UInt8(truncatingIfNeeded: Int(position) &* 7 &+ $0) }
      rows.append(InlineKey([UInt64(position % 10_000), 0].flatMap(\.bigEndianBytes)), value: value, at: position)
    }

    #expect(rows.count == 10_200)
    #expect(rows.reserved.rows == reserved.rows, "the rows' buffer grew")
    #expect(rows.reserved.valueBytes == reserved.valueBytes, "the values' buffer grew")
  }

  @Test(
    "given 1,000 rows put, when room is made for 50 times as many (a bulk load's first events extrapolated), then the next 49,000 rows and their values go in without a buffer growing"
  )
  func roomExtrapolatedFromTheFirstRows() {
    var rows = PackedRows<PackedKey2>()
    func value(_ position: UInt64) -> [UInt8] { (0..<20).map { UInt8(truncatingIfNeeded: Int(position) &+ $0) } }
    for position in 1...1_000 as ClosedRange<UInt64> {
      rows.append(InlineKey([position, 0].flatMap(\.bigEndianBytes)), value: value(position), at: position)
    }
    rows.reserve(growingBy: 50)
    let reserved = rows.reserved
    #expect(reserved.rows >= 50_000)
    for position in 1_001...50_000 as ClosedRange<UInt64> {
      rows.append(InlineKey([position, 0].flatMap(\.bigEndianBytes)), value: value(position), at: position)
    }
    #expect(rows.count == 50_000)
    #expect(rows.reserved.rows == reserved.rows, "the rows' buffer grew")
    #expect(rows.reserved.valueBytes == reserved.valueBytes, "the values' buffer grew")
  }

  @Test("given no expected size (a first build), when rows come, then the buffers grow as needed")
  func noReservationWithoutAnExpectedSize() {
    var rows = PackedRows<PackedKey2>()
    #expect(rows.reserved.rows == 0)
    for position in 1...100 as ClosedRange<UInt64> {
      rows.append(InlineKey([position, 0].flatMap(\.bigEndianBytes)), value: [1, 2, 3], at: position)
    }
    #expect(rows.count == 100)
    #expect(rows.reserved.rows >= 100)
  }
}

extension UInt64 {
  fileprivate var bigEndianBytes: [UInt8] { withUnsafeBytes(of: bigEndian) { Array($0) } }
}
