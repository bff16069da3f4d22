import LedgerTesting
import ProjectionEngine
import Testing

@Suite("Memory projection store")
struct MemoryProjectionStoreTests {
  /// Keys of one table's fixed size, many sharing long prefixes (as account ‖ day keys do).
  static func randomKeys(size: Int, count: Int, random: inout SeededGenerator) -> [[UInt8]] {
    let prefixes = (0..<5).map { _ in (0..<size).map { _ in UInt8(truncatingIfNeeded: random.next()) } }
    return (0..<count).map { _ in
      var key = prefixes[Int(random.next() % 5)]
      for index in (size - 1 - Int(random.next() % UInt64(size)))..<size {
        key[index] = UInt8(truncatingIfNeeded: random.next() % 4)
      }
      return key
    }
  }

  @Test(
    "given thousands of versioned rows in tables of 16 to 48-byte keys, indexed or write-only, then reads and the sorted rows match a plain model",
    arguments: [false, true])
  func matchesModel(writeOnly: Bool) throws {
    var random = SeededGenerator(seed: 42)
    var store = MemoryProjectionStore(writeOnlyTables: writeOnly ? ["a", "b", "c", "d", "e"] : [])
    // table → key → versions (position, value), the reference.
    var model: [String: [[UInt8]: [(UInt64, [UInt8])]]] = [:]
    // Widths with a packed key type of their own, and one without (kept as an InlineKey).
    let tables = [("a", 16), ("b", 24), ("c", 40), ("d", 48), ("e", 32)]
    var position: UInt64 = 0
    for _ in 0..<20_000 {
      let (table, size) = tables[Int(random.next() % 5)]
      let key = Self.randomKeys(size: size, count: 1, random: &random)[0]
      if random.next() % 4 != 0 { position += 1 }  // some writes share a position: the later one replaces
      let value =
        random.next() % 10 == 0
        ? [] : (0..<Int(random.next() % 12)).map { _ in UInt8(truncatingIfNeeded: random.next()) } + [1]
      try store.put(in: table, key: key, value: value, at: position)
      var versions = model[table, default: [:]][key, default: []]
      if versions.last?.0 == position {
        versions[versions.count - 1].1 = value
      } else {
        versions.append((position, value))
      }
      model[table, default: [:]][key] = versions
    }
    for (table, keys) in model {
      // A write-only table answers reads by a scan: a sample of keys is enough there.
      for (key, versions) in writeOnly ? Array(keys.prefix(40)) : Array(keys) {
        for probe in [UInt64.max, versions[0].0, versions.last!.0 &- 1, versions[versions.count / 2].0] {
          let expected = versions.last(where: { $0.0 <= probe }).flatMap { $0.1.isEmpty ? nil : $0.1 }
          #expect(try store.value(in: table, key: key, asKnownAt: probe) == expected)
        }
      }
      let expectedRows = keys.sorted { $0.key.lexicographicallyPrecedes($1.key) }.flatMap { key, versions in
        versions.map { version in (key + withUnsafeBytes(of: version.0.bigEndian) { Array($0) }, version.1) }
      }
      let rows = store.sortedRows(of: table)
      #expect(rows.map(\.key) == expectedRows.map(\.0), "table \(table)")
      #expect(rows.map(\.value) == expectedRows.map(\.1), "table \(table)")
      // A write-only table counts puts: two at one position count twice.
      #expect(
        writeOnly ? store.rowCount(of: table) >= expectedRows.count : store.rowCount(of: table) == expectedRows.count)
    }
  }

  @Test(
    "given a write-only table whose rows repeat a few small values (more than it keeps once), other small ones and big ones, then each sorted row has its own value"
  )
  func repeatedValuesStayWithTheirRows() throws {
    var random = SeededGenerator(seed: 7)
    var store = MemoryProjectionStore(writeOnlyTables: ["index"])
    // Values of up to 32 bytes are compared with the last few stored, to be stored once.
    let small: [[UInt8]] = [[1], [], [2], [1, 1], [3, 0, 3], [9], Array(repeating: 5, count: 32)]
    var expected: [(key: [UInt8], value: [UInt8])] = []
    for position in 1...5_000 as ClosedRange<UInt64> {
      let key = withUnsafeBytes(of: (random.next() % 1_000_000).bigEndian) { Array($0) } + [0, 0, 0, 0, 0, 0, 0, 0]
      let value: [UInt8]
      switch random.next() % 8 {
      case 0:
        // Longer than the ones compared with recent values; from 255 bytes the length takes five.
        let lengths = [33, 200, 254, 255, 256, 1_000]
        value = (0..<lengths[Int(random.next() % 6)]).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      case 1: value = (0..<Int(random.next() % 33)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      default: value = small[Int(random.next() % 7)]
      }
      try store.put(in: "index", key: key, value: value, at: position)
      expected.append((key + withUnsafeBytes(of: position.bigEndian) { Array($0) }, value))
    }
    expected.sort { $0.key.lexicographicallyPrecedes($1.key) }

    store.seal(ways: 2, minimumRun: 100)
    let rows = store.sortedRows(of: "index")

    #expect(rows.map(\.key) == expected.map(\.key))
    #expect(rows.map(\.value) == expected.map(\.value))
  }

  /// A store with only reads and writes: its updates are the protocol's general form.
  struct ReadWriteOnly: ProjectionStore {
    var inner = MemoryProjectionStore()
    func value(in table: String, key: [UInt8], asKnownAt position: UInt64) throws -> [UInt8]? {
      try inner.value(in: table, key: key, asKnownAt: position)
    }
    mutating func put(in table: String, key: [UInt8], value: [UInt8], at position: UInt64) throws {
      try inner.put(in: table, key: key, value: value, at: position)
    }
  }

  /// Adds `delta` to the 8-byte counter in `value` (empty: 0), deleting it at zero; or, for
  /// `grow`, appends a byte — so updates change sizes too.
  static func change(_ value: inout [UInt8], delta: UInt8, grow: Bool) {
    if grow { value.append(delta); return }
    let current = value.count == 8 ? value.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) } : 0
    let next = current &+ UInt64(delta % 3) &- 1
    if next == 0 { value = [] } else { value = withUnsafeBytes(of: next) { Array($0) } }
  }

  @Test(
    "given thousands of updates, some at the same position, some deleting or resizing rows, then the one-lookup update stores what a read and a write store"
  )
  func updateMatchesReadAndWrite() throws {
    var random = SeededGenerator(seed: 77)
    var fast = MemoryProjectionStore()
    var plain = ReadWriteOnly()
    var position: UInt64 = 1
    let keys = Self.randomKeys(size: 24, count: 300, random: &random)
    for _ in 0..<20_000 {
      if random.next() % 5 == 0 { position += 1 }
      let key = keys[Int(random.next() % UInt64(keys.count))]
      let delta = UInt8(truncatingIfNeeded: random.next())
      let grow = random.next() % 7 == 0
      let table = random.next() % 2 == 0 ? "a" : "b"
      try fast.update(in: table, key: key, at: position) { Self.change(&$0, delta: delta, grow: grow) }
      try plain.update(in: table, key: key, at: position) { Self.change(&$0, delta: delta, grow: grow) }
    }
    for table in ["a", "b"] {
      let expected = plain.inner.sortedRows(of: table)
      let rows = fast.sortedRows(of: table)
      #expect(rows.map(\.key) == expected.map(\.key), "table \(table)")
      #expect(rows.map(\.value) == expected.map(\.value), "table \(table)")
      #expect(fast.rowCount(of: table) == plain.inner.rowCount(of: table))
      #expect(expected.count > 1_000)
    }
  }

  @Test(
    "given a store, when sealed for writing in one run or in several sorted side by side, then it lists the same rows in the same order",
    arguments: [(false, 1), (true, 1), (false, 3), (true, 3)])
  func sealedRowsAreTheSame(writeOnly: Bool, ways: Int) throws {
    var random = SeededGenerator(seed: 9)
    var store = MemoryProjectionStore(writeOnlyTables: writeOnly ? ["x"] : [])
    var previous: (table: String, key: [UInt8], position: UInt64)?
    for index in 1...3_000 {
      var key = Self.randomKeys(size: 24, count: 1, random: &random)[0]
      var table = index % 3 == 0 ? "x" : "y"
      var position = UInt64(index / 2)
      if index % 10 == 0, let previous {  // a second put at one position: the later one is the row
        (table, key, position) = previous
      }
      let value = (0..<Int(random.next() % 40)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      try store.put(in: table, key: key, value: value, at: position)
      previous = (table, key, position)
    }
    let before = (store.sortedRows(of: "x"), store.sortedRows(of: "y"))

    store.seal(ways: ways, minimumRun: 100)

    let after = (store.sortedRows(of: "x"), store.sortedRows(of: "y"))
    // Booleans, so that a failure does not print thousands of keys.
    let sameX = after.0.map(\.key) == before.0.map(\.key) && after.0.map(\.value) == before.0.map(\.value)
    let sameY = after.1.map(\.key) == before.1.map(\.key) && after.1.map(\.value) == before.1.map(\.value)
    #expect(sameX && sameY)
    #expect(!before.0.isEmpty && !before.1.isEmpty)
    for rows in [after.0, after.1] {
      let keys = rows.map(\.key)
      let inLMDBOrder = keys == keys.sorted { $0.lexicographicallyPrecedes($1) }
      let oneRowPerKeyAndPosition = Set(keys).count == keys.count
      #expect(inLMDBOrder && oneRowPerKeyAndPosition)
    }
  }

  @Test(
    "given keys that share prefixes and rows at several positions, then the stored keys come out in LMDB's bytewise order"
  )
  func storedKeyOrder() throws {
    var store = MemoryProjectionStore()
    let keys: [[UInt8]] = [[1, 2, 0], [1, 2, 1], [0xFF, 0, 0], [1, 3, 0], [1, 2, 0xFF], [0, 0, 0]]
    for (index, key) in keys.enumerated() {
      try store.put(in: "t", key: key, value: [UInt8(index)], at: UInt64(index + 1))
      try store.put(in: "t", key: key, value: [UInt8(index), 1], at: 0x1_0000 + UInt64(index))
    }
    let stored = store.sortedRows(of: "t").map(\.key)
    #expect(stored == stored.sorted { $0.lexicographicallyPrecedes($1) })
    #expect(stored.count == keys.count * 2)
  }

  @Test(
    "given a table, when a key of another size than its first is put or read, then the store refuses it, as LMDB's tables do"
  )
  func oneKeySizePerTable() throws {
    var store = MemoryProjectionStore()
    try store.put(in: "t", key: [1, 2], value: [1], at: 1)
    #expect(throws: ProjectionError.badKey(table: "t", expected: 2, got: 1)) {
      try store.put(in: "t", key: [1], value: [1], at: 2)
    }
    #expect(throws: ProjectionError.badKey(table: "t", expected: 2, got: 3)) {
      try store.value(in: "t", key: [1, 2, 0])
    }
  }

  @Test("given a key longer than 48 bytes, then put refuses it")
  func refusesLongKeys() {
    var store = MemoryProjectionStore()
    #expect(throws: ProjectionError.self) {
      try store.put(in: "t", key: [UInt8](repeating: 1, count: 49), value: [1], at: 1)
    }
  }
}
