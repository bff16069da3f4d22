import Dispatch

/// A ``ProjectionStore`` in memory: rebuilds fold here at memory speed, then write the rows
/// to fresh tables in key order; deep verification folds here and compares.
///
/// Built for the rebuild's inner loop: tables are found by comparing a handful of short
/// names, logical keys are held inline (``InlineKey``, no allocation, no reference counting),
/// and a row with one version — most rows — keeps it without an array of versions.
public struct MemoryProjectionStore: ProjectionStore, Sendable {
  private var names: [String] = []
  private var tables: [MemoryTable] = []
  /// As ``LMDBProjectionStore/commitStart``: where this commit's rows are versioned.
  var commitStart: UInt64?

  /// Tables the projector never reads while folding (``RebuildHints/writeOnlyTables``).
  private let writeOnlyTables: Set<String>
  /// How big each table is expected to get (a rebuild's previous generation was as big), so
  /// that its memory is reserved once instead of doubling (and copying) on the way.
  private let expected: [String: ExpectedTableSize]

  public init(writeOnlyTables: Set<String> = [], expected: [String: ExpectedTableSize] = [:]) {
    self.writeOnlyTables = writeOnlyTables
    self.expected = expected
  }

  /// A store for `projector`'s fold, its write-only tables those its ``RebuildHints`` name;
  /// `expected` as in ``init(writeOnlyTables:expected:)``.
  public init(for projector: any Projector, expected: [String: ExpectedTableSize] = [:]) {
    self.init(writeOnlyTables: RebuildHints(of: projector).writeOnlyTables, expected: expected)
  }

  public func value(in table: String, key: [UInt8], asKnownAt position: UInt64) throws -> [UInt8]? {
    guard let found = index(of: table) else { return nil }
    try check(key.count, of: table, size: tables[found].keySize)
    return tables[found].value(of: InlineKey(key), asKnownAt: position)
  }

  /// Records a version of `key`. A table's keys all have the size of its first key, as in
  /// LMDB (``TableSpec/keySize``): with mixed sizes, ordering by logical key and then position
  /// would not be LMDB's order of the stored keys.
  public mutating func put(in table: String, key: [UInt8], value: [UInt8], at position: UInt64) throws {
    let index = try tableIndex(table, keySize: key.count)
    tables[index].put(InlineKey(key), value: value, at: commitStart ?? position)
  }

  /// ``put(in:key:value:at:)-(_,[UInt8],_,_)`` with the key as it is kept.
  public mutating func put(in table: String, key: InlineKey, value: [UInt8], at position: UInt64) throws {
    let index = try tableIndex(table, keySize: key.count)
    tables[index].put(key, value: value, at: commitStart ?? position)
  }

  /// ``put(in:key:value:at:)-(_,InlineKey,_,_)`` with the value's bytes where they are: a row
  /// of a write-only table costs no array.
  public mutating func put(
    in table: String, key: InlineKey, bytes value: UnsafeRawBufferPointer, at position: UInt64
  )
    throws
  {
    let index = try tableIndex(table, keySize: key.count)
    tables[index].put(key, bytes: value, at: commitStart ?? position)
  }

  /// ``ProjectionStore/update(in:key:at:_:)`` with one lookup, changing the row in place when
  /// it already has a version at this commit (most aggregate updates during a rebuild).
  public mutating func update(
    in table: String, key: [UInt8], at position: UInt64, _ change: (inout [UInt8]) throws -> Void
  ) throws {
    let index = try tableIndex(table, keySize: key.count)
    try tables[index].update(InlineKey(key), at: commitStart ?? position, change)
  }

  /// ``update(in:key:at:_:)-(_,[UInt8],_,_)`` with the key as it is kept.
  public mutating func update(
    in table: String, key: InlineKey, at position: UInt64, _ change: (inout [UInt8]) throws -> Void
  ) throws {
    let index = try tableIndex(table, keySize: key.count)
    try tables[index].update(key, at: commitStart ?? position, change)
  }

  /// Makes room in every write-only table for `factor` times its rows so far: a fold that
  /// has seen a part of the events it will fold (a bulk load's first batches) extrapolates.
  package mutating func reserve(growingBy factor: Double) {
    for index in tables.indices { tables[index].reserve(growingBy: factor) }
  }

  /// The index of `table`, created for keys of `keySize` bytes if new; the size checked.
  private mutating func tableIndex(_ table: String, keySize: Int) throws -> Int {
    if let found = index(of: table) {
      try check(keySize, of: table, size: tables[found].keySize)
      return found
    }
    try check(keySize, of: table, size: keySize)
    names.append(table)
    tables.append(
      MemoryTable(keySize: keySize, writeOnly: writeOnlyTables.contains(table), expected: expected[table] ?? .init()))
    return tables.count - 1
  }

  /// The index of `table`, if it has one. Names of different lengths are told apart by their
  /// lengths alone: a projector's tables mostly differ in length, and comparing two different
  /// strings takes the slow path of `==` (a fold looks a table up for every row it writes).
  /// Table names are ASCII (they name LMDB tables), so equal names have equal lengths.
  private func index(of table: String) -> Int? {
    let length = table.utf8.count
    return names.firstIndex { $0.utf8.count == length && $0 == table }
  }

  private func check(_ keySize: Int, of table: String, size: Int) throws {
    guard keySize == size, size <= InlineKey.capacity else {
      throw ProjectionError.badKey(table: table, expected: min(size, InlineKey.capacity), got: keySize)
    }
  }

  /// Calls `body` with every stored row of `table` — `logical key ‖ position` and value — in
  /// LMDB key order, without allocating per row. The buffers are valid only inside `body`.
  package func forEachSortedRow(
    of table: String, _ body: (_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws -> Void
  ) rethrows {
    guard let found = index(of: table) else { return }
    try tables[found].forEachSortedRow(body)
  }

  /// Every stored row of `table` — `(logical key ‖ position, value)` — in LMDB key order.
  package func sortedRows(of table: String) -> [(key: [UInt8], value: [UInt8])] {
    var rows: [(key: [UInt8], value: [UInt8])] = []
    forEachSortedRow(of: table) { key, value in rows.append((Array(key), Array(value))) }
    return rows
  }

  /// Sorts every table's rows for writing, now — on up to `ways` threads, the biggest
  /// tables first and big ones in several runs (``SortedRuns``), while other projectors may
  /// still be folding — so that the write transaction, which runs alone, only walks them in
  /// order. The hash indexes are freed: a sealed store can only be written out
  /// (``forEachSortedRow(of:_:)``), not read or changed. `minimumRun` is the fewest rows a
  /// sorting run gets (tests make it small).
  package mutating func seal(ways: Int = 1, minimumRun: Int = MemoryProjectionStore.minimumSortRun) {
    let biggestFirst = tables.indices.sorted { tables[$0].rowCount > tables[$1].rowCount }
    tables.withUnsafeMutableBufferPointer { buffer in
      let shared = UnsafeSendable(buffer)
      // Each iteration seals a table of its own.
      DispatchQueue.concurrentPerform(iterations: biggestFirst.count) { job in
        shared.value[biggestFirst[job]].seal(ways: ways, minimumRun: minimumRun)
      }
    }
  }

  /// The store's tables, by name, for sealing and writing elsewhere (``TableSealing``).
  consuming func takeTables() -> [(name: String, rows: MemoryTable)] {
    zip(names, tables).map { (name: $0, rows: $1) }
  }

  /// The fewest rows a sorting run of ``seal(ways:minimumRun:)`` gets by default: smaller
  /// tables sort on one thread.
  package static let minimumSortRun = 100_000

  /// About how many bytes the rows take once written: keys, positions, values and LMDB's
  /// per-row header.
  package var byteCount: Int { tables.reduce(0) { $0 + $1.byteCount } }

  /// How many rows (versions) the store holds in `table`.
  package func rowCount(of table: String) -> Int {
    guard let found = index(of: table) else { return 0 }
    return tables[found].rowCount
  }
}
