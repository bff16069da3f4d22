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

  public init() {}

  public func value(in table: String, key: [UInt8], asKnownAt position: UInt64) throws -> [UInt8]? {
    guard let index = names.firstIndex(of: table) else { return nil }
    return tables[index].value(of: InlineKey(key), asKnownAt: position)
  }

  public mutating func put(in table: String, key: [UInt8], value: [UInt8], at position: UInt64) throws {
    guard key.count <= InlineKey.capacity else {
      throw ProjectionError.badKey(table: table, expected: InlineKey.capacity, got: key.count)
    }
    let index: Int
    if let found = names.firstIndex(of: table) {
      index = found
    } else {
      names.append(table)
      tables.append(MemoryTable())
      index = tables.count - 1
    }
    tables[index].put(InlineKey(key), value: value, at: commitStart ?? position)
  }

  /// Calls `body` with every stored row of `table` — `logical key ‖ position` and value — in
  /// LMDB key order, without allocating per row. The key buffer is valid only inside `body`.
  package func forEachSortedRow(
    of table: String, _ body: (_ key: UnsafeRawBufferPointer, _ value: [UInt8]) throws -> Void
  ) rethrows {
    guard let index = names.firstIndex(of: table) else { return }
    try tables[index].forEachSortedRow(body)
  }

  /// Every stored row of `table` — `(logical key ‖ position, value)` — in LMDB key order.
  package func sortedRows(of table: String) -> [(key: [UInt8], value: [UInt8])] {
    var rows: [(key: [UInt8], value: [UInt8])] = []
    forEachSortedRow(of: table) { key, value in rows.append((Array(key), value)) }
    return rows
  }

  /// Sorts every table's keys now — on the thread that folded, in parallel with the other
  /// projectors' folds — so that the write transaction, which runs alone, only walks them.
  package mutating func sortForWriting() {
    for index in tables.indices { tables[index].sort() }
  }

  /// About how many bytes the rows take once written: keys, positions, values and LMDB's
  /// per-row header.
  package var byteCount: Int { tables.reduce(0) { $0 + $1.byteCount } }

  /// How many rows (versions) the store holds in `table`.
  package func rowCount(of table: String) -> Int {
    guard let index = names.firstIndex(of: table) else { return 0 }
    return tables[index].rowCount
  }
}

/// One table of a ``MemoryProjectionStore``: logical key → versions. Keys live in insertion
/// slots, found through an open-addressing index with a cheap hash — a rebuild spends most of
/// its time here, and `Dictionary`'s seeded SipHash cost more than the fold. Each bucket also
/// holds 32 bits of its key's hash, so a probe touches a key (a cache miss in a table of
/// millions) only when those bits match.
struct MemoryTable: Sendable {
  private var keys: [InlineKey] = []
  private var versions: [Versions] = []
  /// Per bucket: the key's hash bits (high half) and its slot + 1 (low half; 0 = empty). A
  /// power of two, at most half full.
  private var buckets = [UInt64](repeating: 0, count: 1024)
  private(set) var rowCount = 0
  /// Bytes of the rows as stored (see ``MemoryProjectionStore/byteCount``).
  private(set) var byteCount = 0

  func value(of key: InlineKey, asKnownAt position: UInt64) -> [UInt8]? {
    guard let slot = find(key, hash: key.cheapHash).slot else { return nil }
    return versions[slot].value(asKnownAt: position)
  }

  mutating func put(_ key: InlineKey, value: [UInt8], at position: UInt64) {
    sorted = nil
    let hash = key.cheapHash
    let (bucket, slot) = find(key, hash: hash)
    if let slot {
      if versions[slot].put(value, at: position) {
        rowCount += 1
        byteCount += key.count + Self.rowOverhead + value.count
      }
      return
    }
    buckets[bucket] = Self.entry(hash: hash, slot: keys.count)
    keys.append(key)
    versions.append(Versions(position: position, value: value))
    rowCount += 1
    byteCount += key.count + Self.rowOverhead + value.count
    if keys.count * 2 > buckets.count { grow() }
  }

  /// The position in the stored key and LMDB's node header and pointer per row.
  static let rowOverhead = 8 + 8 + 2

  private static func entry(hash: Int, slot: Int) -> UInt64 {
    UInt64(truncatingIfNeeded: hash) & 0xFFFF_FFFF_0000_0000 | UInt64(slot + 1)
  }

  /// The bucket holding `key`, or the empty bucket where it would go, and its slot if present.
  private func find(_ key: InlineKey, hash: Int) -> (bucket: Int, slot: Int?) {
    let mask = buckets.count - 1
    let tag = UInt64(truncatingIfNeeded: hash) & 0xFFFF_FFFF_0000_0000
    var bucket = hash & mask
    return buckets.withUnsafeBufferPointer { buckets in
      keys.withUnsafeBufferPointer { keys in
        while true {
          let entry = buckets[bucket]
          if entry == 0 { return (bucket, nil) }
          if entry & 0xFFFF_FFFF_0000_0000 == tag {
            let slot = Int(entry & 0xFFFF_FFFF) - 1
            if keys[slot] == key { return (bucket, slot) }
          }
          bucket = (bucket + 1) & mask
        }
      }
    }
  }

  private mutating func grow() {
    var grown = [UInt64](repeating: 0, count: buckets.count * 2)
    let mask = grown.count - 1
    for entry in buckets where entry != 0 {
      let slot = Int(entry & 0xFFFF_FFFF) - 1
      let hash = keys[slot].cheapHash
      var bucket = hash & mask
      while grown[bucket] != 0 { bucket = (bucket + 1) & mask }
      grown[bucket] = Self.entry(hash: hash, slot: slot)
    }
    buckets = grown
  }

  /// Slots in key order, once ``sort()`` has run and until the next put.
  private var sorted: [SortEntry]?

  /// Sorts the keys now, so that writing the rows later only walks them.
  mutating func sort() {
    var order = keys.enumerated().map { SortEntry(key: $0.element, slot: Int32($0.offset)) }
    order.sort()
    sorted = order
  }

  func forEachSortedRow(_ body: (UnsafeRawBufferPointer, [UInt8]) throws -> Void) rethrows {
    var order = sorted ?? []
    if sorted == nil {
      order = keys.enumerated().map { SortEntry(key: $0.element, slot: Int32($0.offset)) }
      order.sort()
    }
    let stored = UnsafeMutableRawBufferPointer.allocate(byteCount: InlineKey.capacity + 8, alignment: 8)
    defer { stored.deallocate() }
    try versions.withUnsafeBufferPointer { versions in
      for entry in order {
        let size = entry.key.write(into: stored)
        let key = UnsafeRawBufferPointer(rebasing: stored[0..<size + 8])
        let row = versions.baseAddress! + Int(entry.slot)
        for index in row.pointee.older.indices {
          stored.storeBytes(of: row.pointee.older[index].position.bigEndian, toByteOffset: size, as: UInt64.self)
          try body(key, row.pointee.older[index].value)
        }
        stored.storeBytes(of: row.pointee.position.bigEndian, toByteOffset: size, as: UInt64.self)
        try body(key, row.pointee.value)
      }
    }
  }
}

/// A key and its slot, sorted by key: a plain value, so the sort compares without calling
/// through a closure.
private struct SortEntry: Comparable {
  var key: InlineKey
  var slot: Int32

  static func < (a: SortEntry, b: SortEntry) -> Bool { a.key < b.key }
  static func == (a: SortEntry, b: SortEntry) -> Bool { a.key == b.key }
}

/// The versions of one logical key, oldest first; the newest is held apart so a key with a
/// single version needs no array.
struct Versions: Sendable {
  var position: UInt64
  var value: [UInt8]
  var older: [(position: UInt64, value: [UInt8])] = []

  init(position: UInt64, value: [UInt8]) {
    self.position = position
    self.value = value
  }

  /// Records a version; a second write at the newest position replaces it, as in LMDB.
  /// Returns whether a row was added.
  mutating func put(_ value: [UInt8], at position: UInt64) -> Bool {
    if position == self.position {
      self.value = value
      return false
    }
    older.append((self.position, self.value))
    self.position = position
    self.value = value
    return true
  }

  func value(asKnownAt limit: UInt64) -> [UInt8]? {
    if position <= limit { return value.isEmpty ? nil : value }
    guard let newest = older.last(where: { $0.position <= limit }), !newest.value.isEmpty else { return nil }
    return newest.value
  }

  func forEach(_ body: (UInt64, [UInt8]) throws -> Void) rethrows {
    for version in older { try body(version.position, version.value) }
    try body(position, value)
  }
}
