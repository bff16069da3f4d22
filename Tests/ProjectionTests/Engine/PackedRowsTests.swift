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
}
