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
    /// The index of the value in ``values`` (in the padding the other fields leave).
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
  /// The values, each once if it is small and recent: an index puts the same marker value
  /// in millions of rows, and writing them out in key order then reads one value again and
  /// again instead of one array per row, anywhere in memory.
  private var values: [[UInt8]] = []
  /// The indices of the last few small values put, the ones a new value is compared with.
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
        key: key, position: position, sequence: Int32(truncatingIfNeeded: entries.count), value: index(of: value)))
  }

  /// The index of `value` in ``values``, where it is appended unless it is a recent small one.
  private mutating func index(of value: [UInt8]) -> Int32 {
    guard value.count <= Self.smallValue else {
      values.append(value)
      return Int32(truncatingIfNeeded: values.count - 1)
    }
    for index in recent where values[Int(index)] == value { return index }
    values.append(value)
    let index = Int32(truncatingIfNeeded: values.count - 1)
    if recent.count == Self.recentValues { recent.removeFirst() }
    recent.append(index)
    return index
  }

  /// The longest value compared with recent ones, and how many recent ones.
  private static let smallValue = 16
  private static let recentValues = 4

  /// The newest value of `key` at or before `position` — a scan of every row, for the read a
  /// write-only table should never get; `nil` if absent or deleted.
  func value(of key: InlineKey, asKnownAt position: UInt64) -> [UInt8]? {
    var newest: Entry?
    for entry in sorted?.elements ?? entries where entry.key == key && entry.position <= position {
      if newest.map({ entry.position >= $0.position }) ?? true { newest = entry }
    }
    guard let newest, !values[Int(newest.value)].isEmpty else { return nil }
    return values[Int(newest.value)]
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
      try values[Int(entry.value)].withUnsafeBytes {
        try body(UnsafeRawBufferPointer(rebasing: stored[0..<size + 8]), $0)
      }
    }
    try rows.forEach { entry in
      // Of two puts at one position, the later one (sorted after it) is the row.
      if let earlier = pending, !earlier.sameRow(as: entry) { try write(earlier) }
      pending = entry
    }
    if let pending { try write(pending) }
  }
}
