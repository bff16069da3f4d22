/// One table of a ``MemoryProjectionStore``: logical key → versions. Keys live in insertion
/// slots, found through an open-addressing index with a cheap hash — a rebuild spends most of
/// its time here, and `Dictionary`'s seeded SipHash cost more than the fold. Each bucket also
/// holds 32 bits of its key's hash, so a probe touches a key (a cache miss in a table of
/// millions) only when those bits match.
struct MemoryTable: Sendable {
  /// The size of every logical key of the table.
  let keySize: Int
  private var keys: [InlineKey] = []

  /// The rows of a write-only table (``RebuildHints/writeOnlyTables``), instead of the index below.
  private var appended: AppendedRows?

  /// A table of `keySize`-byte keys, with room reserved for `expected` (the reserved memory
  /// costs nothing until used; the hash index still grows as keys come).
  init(keySize: Int, writeOnly: Bool = false, expected: ExpectedTableSize = .init()) {
    self.keySize = keySize
    if writeOnly {
      appended = AppendedRows(keySize: keySize, expected: expected)
    } else if expected.rows > 0 {
      // Rows count versions, so there are no more keys than rows.
      keys.reserveCapacity(expected.rows)
      versions.reserveCapacity(expected.rows)
    }
  }

  private var versions: [Versions] = []
  /// Per bucket: the key's hash bits (high half) and its slot + 1 (low half; 0 = empty). A
  /// power of two, at most half full.
  private var buckets = [UInt64](repeating: 0, count: 1024)
  /// Rows stored; in a write-only table, rows put (two puts at one position count twice).
  private(set) var rowCount = 0
  /// Bytes of the rows as stored (see ``MemoryProjectionStore/byteCount``).
  private(set) var byteCount = 0

  func value(of key: InlineKey, asKnownAt position: UInt64) -> [UInt8]? {
    precondition(sealed == nil, "a sealed memory table is only written out")
    if let appended { return appended.value(of: key, asKnownAt: position) }
    guard let slot = find(key, hash: key.cheapHash).slot else { return nil }
    return versions[slot].value(asKnownAt: position)
  }

  /// Makes room for `factor` times the rows so far, in a write-only table (the big ones: a
  /// keyed table's rows are mostly updated in place).
  mutating func reserve(growingBy factor: Double) {
    if appended != nil { appended!.reserve(growingBy: factor) }
  }

  mutating func put(_ key: InlineKey, value: [UInt8], at position: UInt64) {
    if appended != nil {
      precondition(sealed == nil, "a sealed memory table is only written out")
      appended?.append(key, value: value, at: position)
      rowCount += 1
      byteCount += key.count + Self.rowOverhead + value.count
      return
    }
    update(key, at: position) { $0 = value }
  }

  /// ``put(_:value:at:)`` with the value's bytes where they are: no array for a row of a
  /// write-only table.
  mutating func put(_ key: InlineKey, bytes value: UnsafeRawBufferPointer, at position: UInt64) {
    guard appended != nil else { return put(key, value: Array(value), at: position) }
    precondition(sealed == nil, "a sealed memory table is only written out")
    appended!.append(key, bytes: value, at: position)
    rowCount += 1
    byteCount += key.count + Self.rowOverhead + value.count
  }

  /// Lets `change` modify the newest value of `key` (empty when absent) and records it at
  /// `position`: in place when the newest version is already at `position`.
  mutating func update(_ key: InlineKey, at position: UInt64, _ change: (inout [UInt8]) throws -> Void) rethrows {
    precondition(sealed == nil, "a sealed memory table is only written out")
    if let appended {
      // A read of a write-only table: correct, but a scan (see `AppendedRows.value`).
      var value = appended.value(of: key, asKnownAt: .max) ?? []
      try change(&value)
      put(key, value: value, at: position)
      return
    }
    let hash = key.cheapHash
    let (bucket, slot) = find(key, hash: hash)
    guard let slot else {
      var value: [UInt8] = []
      try change(&value)
      buckets[bucket] = Self.entry(hash: hash, slot: keys.count)
      keys.append(key)
      versions.append(Versions(position: position, value: value))
      rowCount += 1
      byteCount += key.count + Self.rowOverhead + value.count
      if keys.count * 2 > buckets.count { grow() }
      return
    }
    if versions[slot].position == position {
      let before = versions[slot].value.count
      try change(&versions[slot].value)
      byteCount += versions[slot].value.count - before
      return
    }
    var value = versions[slot].value
    try change(&value)
    if versions[slot].put(value, at: position) {
      rowCount += 1
      byteCount += key.count + Self.rowOverhead + value.count
    }
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

  /// The keys in order, once ``seal(ways:minimumRun:)`` has run (the hash index is gone then).
  private var sealed: SortedRuns<SortEntry>?

  /// Sorts the keys for writing out (see ``MemoryProjectionStore/seal(ways:minimumRun:)``), in up to
  /// `ways` runs side by side, and frees the hash index; a write-only table's rows are sorted
  /// where they are.
  mutating func seal(ways: Int, minimumRun: Int) {
    if appended != nil {
      appended!.sort(ways: ways, minimumRun: minimumRun)
      return
    }
    guard sealed == nil else { return }
    sealed = SortedRuns(sorting: sortEntries(), ways: ways, minimumRun: minimumRun)
    keys = []
    buckets = [0]
  }

  private func sortEntries() -> [SortEntry] {
    keys.enumerated().map { SortEntry(key: $0.element, slot: Int32($0.offset)) }
  }

  /// Calls `body` with every stored row — `logical key ‖ position` and value — in LMDB key
  /// order: versions of a key by position.
  func forEachSortedRow(_ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Void) rethrows {
    if let appended { return try appended.forEachSortedRow(body) }
    let order = sealed ?? SortedRuns(sorting: sortEntries(), ways: 1, minimumRun: .max)
    let stored = UnsafeMutableRawBufferPointer.allocate(byteCount: InlineKey.capacity + 8, alignment: 8)
    defer { stored.deallocate() }
    try versions.withUnsafeBufferPointer { versions in
      try order.forEach { entry in
        let size = entry.key.write(into: stored)
        let key = UnsafeRawBufferPointer(rebasing: stored[0..<size + 8])
        let row = versions.baseAddress! + Int(entry.slot)
        for index in row.pointee.older.indices {
          stored.storeBytes(of: row.pointee.older[index].position.bigEndian, toByteOffset: size, as: UInt64.self)
          try row.pointee.older[index].value.withUnsafeBytes { try body(key, $0) }
        }
        stored.storeBytes(of: row.pointee.position.bigEndian, toByteOffset: size, as: UInt64.self)
        try row.pointee.value.withUnsafeBytes { try body(key, $0) }
      }
    }
  }
}

/// A key and its slot, sorted by key: a plain value, so the sort compares without calling
/// through a closure.
private struct SortEntry: WordOrdered, Sendable {
  var key: InlineKey
  var slot: Int32

  static var wordCount: Int { InlineKey.wordCount }
  func word(_ index: Int) -> UInt64 { key.word(index) }

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
