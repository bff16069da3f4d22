/// The rows of a table its projector never reads while folding (an index: see
/// ``RebuildHints/writeOnlyTables``), kept in the order they were put and sorted once, when written
/// out. A rebuild then spends nothing on finding rows in a table of millions — no hashing, no
/// probing, no growing — only on the rows themselves. Keys are kept in as many words as the
/// table's width needs (``PackedKey``); ``AppendedRows`` picks the width.
struct PackedRows<Key: PackedKey>: Sendable {
  /// Key, position and where the value is; sorted by itself, without calling through a
  /// closure or moving the values.
  private struct Entry: WordOrdered, Sendable {
    var key: Key
    var position: UInt64
    /// The order the rows were put in.
    var sequence: Int32
    /// Where the value is (in the padding the other fields leave): at or above zero, its
    /// index in ``values``; below, ``small``'s offset `~value`.
    var value: Int32

    static func < (a: Entry, b: Entry) -> Bool {
      if a.key != b.key { return a.key < b.key }
      if a.position != b.position { return a.position < b.position }
      return a.sequence < b.sequence
    }

    static var wordCount: Int { Key.wordCount + 2 }
    func word(_ index: Int) -> UInt64 {
      if index < Key.wordCount { return key.word(index) }
      return index == Key.wordCount ? position : UInt64(truncatingIfNeeded: sequence)
    }

    /// Whether `other` is a row at the same key and position (a later put replaces it).
    func sameRow(as other: Entry) -> Bool { key == other.key && position == other.position }
  }

  private var entries: [Entry] = []
  /// The values, one after the other, each a length (a byte, or `0xFF` and four bytes) and its
  /// bytes: one buffer instead of an array per row kept for the whole rebuild (a million of
  /// them for a million transactions, all freed again at the end). A small value equal to one
  /// of the last few is stored once: an index puts the same marker in millions of rows.
  private var packed: [UInt8] = []
  /// Values that did not fit in ``packed`` (whose offsets are 31 bits), each an array of its own.
  private var overflow: [[UInt8]] = []
  /// The offsets in ``packed`` of the last few small values stored there, the ones a new
  /// small value is compared with.
  private var recent: [Int32] = []
  /// The entries sorted for writing, once ``sort(ways:minimumRun:)`` has run.
  private var sorted: SortedRuns<Entry>?

  /// How many bytes ``packed`` may hold: its offsets are 31 bits.
  private let packedCapacity: Int

  /// Rows with room reserved for `expected`; `packedCapacity` bytes of values in the one
  /// buffer before values get an array each (tests make it small).
  init(expected: ExpectedTableSize = .init(), packedCapacity: Int = Int(Int32.max)) {
    self.packedCapacity = min(packedCapacity, Int(Int32.max))
    entries.reserveCapacity(expected.rowsToReserve)
    packed.reserveCapacity(min(expected.bytes, self.packedCapacity))
  }

  /// How many rows were put (a row put twice at one position counts twice).
  var count: Int { sorted?.elements.count ?? entries.count }

  /// The rows and value bytes there is room for before a buffer must grow.
  var reserved: (rows: Int, valueBytes: Int) { (entries.capacity, packed.capacity) }

  /// Makes room for `factor` times the rows and value bytes put so far (a bulk rebuild that
  /// knows how many events are still to come), so that the buffers do not grow — copied and
  /// faulted in anew each time they double — on the way.
  mutating func reserve(growingBy factor: Double) {
    guard factor > 1, sorted == nil else { return }
    func scaled(_ count: Int) -> Int { Int((Double(count) * factor * 1.1).rounded(.up)) }
    entries.reserveCapacity(scaled(entries.count))
    packed.reserveCapacity(min(scaled(packed.count), packedCapacity))
  }

  mutating func append(_ key: InlineKey, value: [UInt8], at position: UInt64) {
    value.withUnsafeBytes { append(key, bytes: $0, at: position) }
  }

  /// ``append(_:value:at:)`` with the value's bytes where they are: a value built on the
  /// stack costs no array.
  mutating func append(_ key: InlineKey, bytes value: UnsafeRawBufferPointer, at position: UInt64) {
    precondition(sorted == nil, "sorted rows are only written out")
    // The put order breaks ties of key and position (the later put wins): 31 bits of it.
    precondition(entries.count < Int(Int32.max), "more than 2^31 rows in one table")
    entries.append(
      Entry(
        key: Key(key), position: position, sequence: Int32(truncatingIfNeeded: entries.count), value: store(value)))
  }

  /// Stores `value` in ``packed`` (once, if it is small and equals a recent one) or, when that
  /// is full, in ``overflow``; returns the entry's ``Entry/value``.
  private mutating func store(_ value: UnsafeRawBufferPointer) -> Int32 {
    let isSmall = value.count <= Self.smallValue
    if isSmall {
      // Before the room is checked: a value stored once already needs none.
      for offset in recent where packed[Self.span(at: offset, in: packed)].elementsEqual(value) { return ~offset }
    }
    guard packed.count + 5 + value.count <= packedCapacity else {
      overflow.append(Array(value))
      return Int32(truncatingIfNeeded: overflow.count - 1)
    }
    let offset = Int32(truncatingIfNeeded: packed.count)
    if value.count < 0xFF {
      packed.append(UInt8(value.count))
    } else {
      packed.append(0xFF)
      withUnsafeBytes(of: UInt32(value.count).littleEndian) { packed.append(contentsOf: $0) }
    }
    packed.append(contentsOf: value)
    if isSmall {
      if recent.count == Self.recentValues { recent.removeFirst() }
      recent.append(offset)
    }
    return ~offset
  }

  /// Where the bytes of the value stored at `offset` of `packed` are.
  private static func span<Bytes: RandomAccessCollection<UInt8>>(at offset: Int32, in packed: Bytes) -> Range<Int>
  where Bytes.Index == Int {
    let start = packed.startIndex + Int(offset)
    let length = packed[start]
    guard length == 0xFF else { return start + 1..<start + 1 + Int(length) }
    var count = 0
    for index in 0..<4 { count |= Int(packed[start + 1 + index]) << (8 * index) }
    return start + 5..<start + 5 + count
  }

  /// The value an entry points at.
  private func value(of entry: Entry) -> [UInt8] {
    entry.value >= 0 ? overflow[Int(entry.value)] : Array(packed[Self.span(at: ~entry.value, in: packed)])
  }

  /// The longest value compared with recent ones, and how many recent ones.
  private static var smallValue: Int { 32 }
  private static var recentValues: Int { 4 }

  /// The newest value of `key` at or before `position` — a scan of every row, for the read a
  /// write-only table should never get; `nil` if absent or deleted.
  func value(of key: InlineKey, asKnownAt position: UInt64) -> [UInt8]? {
    let key = Key(key)
    var newest: Entry?
    for entry in sorted?.elements ?? entries where entry.key == key && entry.position <= position {
      if newest.map({ entry.position >= $0.position }) ?? true { newest = entry }
    }
    guard let newest else { return nil }
    let value = value(of: newest)
    return value.isEmpty ? nil : value
  }

  /// Sorts the rows for writing, in up to `ways` runs side by side (see ``SortedRuns``); rows
  /// can no longer be added after.
  mutating func sort(ways: Int, minimumRun: Int) {
    guard sorted == nil else { return }
    // Taken out first, so that the sort has the only reference and sorts in place (a shared
    // array would be copied whole).
    var taken: [Entry] = []
    swap(&taken, &entries)
    sorted = SortedRuns(sorting: consume taken, ways: ways, minimumRun: minimumRun)
  }

  /// Every row in LMDB key order, as ``MemoryTable`` stores them: versions of a key by
  /// position, and of two puts at one position the later one.
  func forEachSortedRow(_ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Void) rethrows {
    let rows = sorted ?? SortedRuns(sorting: entries, ways: 1, minimumRun: .max)
    let overflow = self.overflow
    let stored = UnsafeMutableRawBufferPointer.allocate(byteCount: InlineKey.capacity + 8, alignment: 8)
    defer { stored.deallocate() }
    // The values' buffer is borrowed once for the whole walk, and nothing per row refers to
    // `self`: a row would otherwise retain and release each of its arrays.
    try packed.withUnsafeBytes { packed in
      func write(_ entry: Entry) throws {
        let size = entry.key.inline.write(into: stored)
        stored.storeBytes(of: entry.position.bigEndian, toByteOffset: size, as: UInt64.self)
        let key = UnsafeRawBufferPointer(rebasing: stored[0..<size + 8])
        if entry.value >= 0 { return try overflow[Int(entry.value)].withUnsafeBytes { try body(key, $0) } }
        try body(key, UnsafeRawBufferPointer(rebasing: packed[Self.span(at: ~entry.value, in: packed)]))
      }
      var pending: Entry?
      try rows.forEach { entry in
        // Of two puts at one position, the later one (sorted after it) is the row.
        if let earlier = pending, !earlier.sameRow(as: entry) { try write(earlier) }
        pending = entry
      }
      if let pending { try write(pending) }
    }
  }
}
