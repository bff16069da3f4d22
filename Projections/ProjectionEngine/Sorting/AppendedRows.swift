/// The rows of a write-only table (``RebuildHints/writeOnlyTables``): ``PackedRows`` with keys in as
/// many words as the table's width needs — the common widths get a key type of their own,
/// any other is kept as an ``InlineKey``.
///
/// One of the optionals holds the rows: changed through it in place (`rows!.append`), where
/// an enum's payload would be copied out and back — a retain and a release of every array on
/// each of millions of appends.
struct AppendedRows: Sendable {
  private var words2: PackedRows<PackedKey2>?
  private var words3: PackedRows<PackedKey3>?
  private var words5: PackedRows<PackedKey5>?
  private var words6: PackedRows<PackedKey6>?
  private var inline: PackedRows<InlineKey>?

  /// Rows of `keySize`-byte keys, with room reserved for `expected`.
  init(keySize: Int, expected: ExpectedTableSize = .init()) {
    switch keySize {
    case 16: words2 = PackedRows(expected: expected)
    case 24: words3 = PackedRows(expected: expected)
    case 40: words5 = PackedRows(expected: expected)
    case 48: words6 = PackedRows(expected: expected)
    default: inline = PackedRows(expected: expected)
    }
  }

  /// How many rows were put (a row put twice at one position counts twice).
  var count: Int {
    words2?.count ?? words3?.count ?? words5?.count ?? words6?.count ?? inline?.count ?? 0
  }

  /// Makes room for `factor` times the rows so far (see ``PackedRows/reserve(growingBy:)``).
  mutating func reserve(growingBy factor: Double) {
    words2?.reserve(growingBy: factor)
    words3?.reserve(growingBy: factor)
    words5?.reserve(growingBy: factor)
    words6?.reserve(growingBy: factor)
    inline?.reserve(growingBy: factor)
  }

  /// Adds a row; `key` has the table's width.
  mutating func append(_ key: InlineKey, value: [UInt8], at position: UInt64) {
    value.withUnsafeBytes { append(key, bytes: $0, at: position) }
  }

  /// ``append(_:value:at:)`` with the value's bytes where they are.
  mutating func append(_ key: InlineKey, bytes value: UnsafeRawBufferPointer, at position: UInt64) {
    if words5 != nil {
      words5!.append(key, bytes: value, at: position)
    } else if words6 != nil {
      words6!.append(key, bytes: value, at: position)
    } else if words3 != nil {
      words3!.append(key, bytes: value, at: position)
    } else if words2 != nil {
      words2!.append(key, bytes: value, at: position)
    } else {
      inline!.append(key, bytes: value, at: position)
    }
  }

  /// The newest value of `key` at or before `position` (a scan: see ``PackedRows``).
  func value(of key: InlineKey, asKnownAt position: UInt64) -> [UInt8]? {
    if let words5 { return words5.value(of: key, asKnownAt: position) }
    if let words6 { return words6.value(of: key, asKnownAt: position) }
    if let words3 { return words3.value(of: key, asKnownAt: position) }
    if let words2 { return words2.value(of: key, asKnownAt: position) }
    return inline!.value(of: key, asKnownAt: position)
  }

  /// Sorts the rows for writing (see ``PackedRows/sort(ways:minimumRun:)``).
  mutating func sort(ways: Int, minimumRun: Int) {
    words2?.sort(ways: ways, minimumRun: minimumRun)
    words3?.sort(ways: ways, minimumRun: minimumRun)
    words5?.sort(ways: ways, minimumRun: minimumRun)
    words6?.sort(ways: ways, minimumRun: minimumRun)
    inline?.sort(ways: ways, minimumRun: minimumRun)
  }

  /// Every row in LMDB key order (see ``PackedRows/forEachSortedRow(_:)``).
  func forEachSortedRow(_ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Void) rethrows {
    try words2?.forEachSortedRow(body)
    try words3?.forEachSortedRow(body)
    try words5?.forEachSortedRow(body)
    try words6?.forEachSortedRow(body)
    try inline?.forEachSortedRow(body)
  }
}
