/// The rows of a table its projector never reads while folding (an index: see
/// ``TableSpec/isWriteOnly``), kept in the order they were put and sorted once, when written
/// out. A rebuild then spends nothing on finding rows in a table of millions — no hashing, no
/// probing, no growing — only on the rows themselves.
struct AppendedRows: Sendable {
  /// Key, position and where the value is; sorted by itself, without calling through a
  /// closure or moving the values.
  private struct Entry: Comparable, Sendable {
    var key: InlineKey
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

    /// Whether `other` is a row at the same key and position (a later put replaces it).
    func sameRow(as other: Entry) -> Bool { key == other.key && position == other.position }
  }

  private var entries: [Entry] = []
  /// Values longer than ``smallValue`` bytes, each an array of its own.
  private var values: [[UInt8]] = []
  /// Small values — most rows of an index or a log: a marker, an amount — one after the
  /// other, each a length byte and its bytes. They take a few bytes each in one buffer
  /// instead of an allocation per row kept for the whole rebuild (a million of them for a
  /// million transactions, all freed again at the end); and a value equal to one of the last
  /// few is stored once: an index puts the same marker in millions of rows.
  private var small: [UInt8] = []
  /// The offsets in ``small`` of the last few values stored there, the ones a new value is
  /// compared with.
  private var recent: [Int32] = []
  /// The entries sorted for writing, once ``sort(ways:minimumRun:)`` has run.
  private var sorted: SortedRuns<Entry>?

  /// Rows with room reserved for `expectedRows` of them.
  init(expectedRows: Int = 0) {
    entries.reserveCapacity(expectedRows)
  }

  /// How many rows were put (a row put twice at one position counts twice).
  var count: Int { sorted?.elements.count ?? entries.count }

  mutating func append(_ key: InlineKey, value: [UInt8], at position: UInt64) {
    precondition(sorted == nil, "sorted rows are only written out")
    entries.append(
      Entry(
        key: key, position: position, sequence: Int32(truncatingIfNeeded: entries.count), value: store(value)))
  }

  /// Stores `value` in ``small`` (once, if it equals a recent one) or, if long, in ``values``;
  /// returns the entry's ``Entry/value``.
  private mutating func store(_ value: [UInt8]) -> Int32 {
    guard value.count <= Self.smallValue, small.count + 1 + value.count <= Int(Int32.max) else {
      values.append(value)
      return Int32(truncatingIfNeeded: values.count - 1)
    }
    for offset in recent where bytes(at: offset).elementsEqual(value) { return ~offset }
    let offset = Int32(truncatingIfNeeded: small.count)
    small.append(UInt8(value.count))
    small.append(contentsOf: value)
    if recent.count == Self.recentValues { recent.removeFirst() }
    recent.append(offset)
    return ~offset
  }

  /// The bytes of the small value at `offset`.
  private func bytes(at offset: Int32) -> ArraySlice<UInt8> {
    let start = Int(offset) + 1
    return small[start..<start + Int(small[Int(offset)])]
  }

  /// The value an entry points at.
  private func value(of entry: Entry) -> [UInt8] {
    entry.value >= 0 ? values[Int(entry.value)] : Array(bytes(at: ~entry.value))
  }

  /// Calls `body` with the bytes of an entry's value, in place.
  private func withValue<R>(of entry: Entry, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    if entry.value >= 0 { return try values[Int(entry.value)].withUnsafeBytes(body) }
    let offset = Int(~entry.value)
    return try small.withUnsafeBytes {
      try body(UnsafeRawBufferPointer(rebasing: $0[offset + 1..<offset + 1 + Int($0[offset])]))
    }
  }

  /// The longest value kept in ``small``, and how many recent ones a new value is compared with.
  private static let smallValue = 32
  private static let recentValues = 4

  /// The newest value of `key` at or before `position` — a scan of every row, for the read a
  /// write-only table should never get; `nil` if absent or deleted.
  func value(of key: InlineKey, asKnownAt position: UInt64) -> [UInt8]? {
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
    let stored = UnsafeMutableRawBufferPointer.allocate(byteCount: InlineKey.capacity + 8, alignment: 8)
    defer { stored.deallocate() }
    var pending: Entry?
    func write(_ entry: Entry) throws {
      let size = entry.key.write(into: stored)
      stored.storeBytes(of: entry.position.bigEndian, toByteOffset: size, as: UInt64.self)
      try withValue(of: entry) { try body(UnsafeRawBufferPointer(rebasing: stored[0..<size + 8]), $0) }
    }
    try rows.forEach { entry in
      // Of two puts at one position, the later one (sorted after it) is the row.
      if let earlier = pending, !earlier.sameRow(as: entry) { try write(earlier) }
      pending = entry
    }
    if let pending { try write(pending) }
  }
}
