import LedgerTesting
import Testing

@testable import ProjectionEngine

@Suite("Rebuild: tables sealed in the background")
struct TableSealingTests {
  /// A store of `tables` tables with random rows, and the rows each should write.
  static func store(tables: [String], rows: Int, seed: UInt64) throws -> (MemoryProjectionStore, [String: [[UInt8]]]) {
    var random = SeededGenerator(seed: seed)
    var store = MemoryProjectionStore(writeOnlyTables: [tables[0]])
    for index in 0..<rows {
      let key = MemoryProjectionStoreTests.randomKeys(size: 24, count: 1, random: &random)[0]
      try store.put(in: tables[index % tables.count], key: key, value: [UInt8(index % 251)], at: UInt64(index / 3 + 1))
    }
    var expected: [String: [[UInt8]]] = [:]
    for table in tables { expected[table] = store.sortedRows(of: table).map { $0.key + $0.value } }
    return (store, expected)
  }

  @Test(
    "given two projectors' stores handed over, when the sealed tables are walked twice (a write transaction that is retried), then each walk sees every table once, in key order"
  )
  func everyTableOnceInOrderEachWalk() throws {
    let (first, firstRows) = try Self.store(tables: ["a", "b", "c"], rows: 3_000, seed: 1)
    let (second, secondRows) = try Self.store(tables: ["d", "e"], rows: 2_000, seed: 2)
    let sealing = TableSealing(ways: 2)
    sealing.seal(first, of: "one")
    sealing.seal(second, of: "two")

    for _ in 1...2 {
      var seen: [String: [[UInt8]]] = [:]
      sealing.forEachSealed { slot in
        #expect(seen["\(slot.projector).\(slot.table)"] == nil, "each table once per walk")
        var rows: [[UInt8]] = []
        slot.rows.forEachSortedRow { key, value in rows.append(Array(key) + Array(value)) }
        seen["\(slot.projector).\(slot.table)"] = rows
      }

      #expect(seen.count == 5)
      for (table, rows) in firstRows { #expect(seen["one.\(table)"] == rows, "one.\(table)") }
      for (table, rows) in secondRows { #expect(seen["two.\(table)"] == rows, "two.\(table)") }
    }
    #expect(sealing.byteCount > 5_000 * 24)
  }
}
