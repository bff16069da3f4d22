import ProjectionEngine

/// Spent, received and transaction count: the value of every aggregate row (24 bytes).
/// Sums wrap rather than trap, so taking a transaction back out always restores the row.
package struct Totals: Sendable, Hashable {
  /// Expense units.
  package var spent: Int64 = 0
  /// Income units.
  package var received: Int64 = 0
  /// Transactions booked to the row.
  package var count: Int64 = 0

  @inlinable
  package init(spent: Int64 = 0, received: Int64 = 0, count: Int64 = 0) {
    self.spent = spent
    self.received = received
    self.count = count
  }

  @inlinable
  package init?(_ bytes: some Collection<UInt8>) {
    // Read in place when the bytes are contiguous (every aggregate update of a fold): a
    // ``RowReader`` copies them into an array of its own.
    if let fast = bytes.withContiguousStorageIfAvailable({ Totals(contiguous: UnsafeRawBufferPointer($0)) }) {
      guard let fast else { return nil }
      self = fast
      return
    }
    var row = RowReader(bytes)
    guard let spent = row.int(), let received = row.int(), let count = row.int() else { return nil }
    self.init(spent: spent, received: received, count: count)
  }

  /// ``init(_:)`` from contiguous bytes: three big-endian words (what follows is ignored, as
  /// ``RowReader`` ignores it).
  @usableFromInline
  init?(contiguous bytes: UnsafeRawBufferPointer) {
    guard bytes.count >= 24 else { return nil }
    func int(_ offset: Int) -> Int64 {
      Int64(bitPattern: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
    }
    self.init(spent: int(0), received: int(8), count: int(16))
  }

  package var encoded: [UInt8] {
    var row = RowWriter(capacity: 24)
    row.int(spent)
    row.int(received)
    row.int(count)
    return row.bytes
  }

  /// Writes ``encoded`` into `bytes`, in place when it already has 24 bytes.
  @inlinable
  package func store(in bytes: inout [UInt8]) {
    if bytes.count != 24 { bytes = [UInt8](repeating: 0, count: 24) }
    bytes.withUnsafeMutableBytes { row in
      row.storeBytes(of: UInt64(bitPattern: spent).bigEndian, toByteOffset: 0, as: UInt64.self)
      row.storeBytes(of: UInt64(bitPattern: received).bigEndian, toByteOffset: 8, as: UInt64.self)
      row.storeBytes(of: UInt64(bitPattern: count).bigEndian, toByteOffset: 16, as: UInt64.self)
    }
  }

  /// Spent less received: an expense category's spending net of refunds.
  @inlinable
  package var netSpent: Int64 { spent &- received }

  @inlinable
  package var isZero: Bool { spent == 0 && received == 0 && count == 0 }

  @inlinable
  package static func + (lhs: Totals, rhs: Totals) -> Totals {
    Totals(spent: lhs.spent &+ rhs.spent, received: lhs.received &+ rhs.received, count: lhs.count &+ rhs.count)
  }

  /// One transaction's posting of `units` (positive) as a delta of `sign` (+1 adds, -1 takes out).
  @inlinable
  package static func posting(_ units: Int64, expense: Bool, sign: Int64) -> Totals {
    expense ? Totals(spent: units &* sign, count: sign) : Totals(received: units &* sign, count: sign)
  }
}

/// Deltas to aggregate rows gathered over one event, written once per row: an amend that
/// takes a transaction out of a row and puts it back in writes that row a single time (a
/// store holds one version of a key per position), and not at all when nothing changes.
package struct TotalsBatch {
  /// Rows in the order first touched. A command touches a handful (a month, a year and a
  /// period row per category it posts to), so a linear search beats hashing byte arrays.
  @usableFromInline
  var rows: [(table: String, key: InlineKey, delta: Totals)] = []

  @inlinable
  package init() {
    rows.reserveCapacity(4)  // a month, a year and a period row: one allocation, not three
  }

  @inlinable
  package mutating func add(_ delta: Totals, in table: String, key: InlineKey) {
    if let index = rows.firstIndex(where: { $0.key == key && $0.table == table }) {
      rows[index].delta = rows[index].delta + delta
    } else {
      rows.append((table, key, delta))
    }
  }

  /// Adds each delta to its row (``Totals/add(_:toRow:in:of:at:)``).
  @inlinable
  package func flush<Store: ProjectionStore>(into store: inout Store, at position: UInt64) throws {
    for (table, key, delta) in rows where !delta.isZero {
      try Totals.add(delta, toRow: key, in: table, of: &store, at: position)
    }
  }
}

extension Totals {
  /// Adds `delta` to the row at `key`; a row back at zero is deleted. A change that only adds
  /// a transaction, or only takes one out, touches each row once and calls this directly; one
  /// that does both gathers its deltas in a ``TotalsBatch`` first, so that a row both touch is
  /// written once.
  @inlinable
  package static func add<Store: ProjectionStore>(
    _ delta: Totals, toRow key: InlineKey, in table: String, of store: inout Store, at position: UInt64
  ) throws {
    try store.update(in: table, key: key, at: position) { value in
      let total = (Totals(value) ?? Totals()) + delta
      if total.isZero { value = [] } else { total.store(in: &value) }
    }
  }
}
