import Dispatch
import Synchronization

/// A rebuild's folded tables on their way to LMDB: each pass hands its tables over when its
/// fold ends, they are sealed (sorted, ``MemoryTable/seal(ways:minimumRun:)``) in the
/// background, smallest first, and the write transaction writes each as soon as it is sealed —
/// so the sorting of one table overlaps the writing of others instead of preceding them all.
package final class TableSealing: Sendable {
  /// One table of one projector; sealed once its index is in ``TableSealing``'s sealed list.
  final class Slot: @unchecked Sendable {
    let projector: String
    let table: String
    /// Written by the sealing thread only, before it marks the slot sealed; read by the
    /// writer only after it saw the mark (through the lock in ``TableSealing/sealed``), which
    /// orders the two: hence `@unchecked Sendable`.
    fileprivate(set) var rows: MemoryTable
    /// About how many bytes the rows take once written (``MemoryTable/byteCount``).
    let byteCount: Int

    fileprivate init(projector: String, table: String, rows: MemoryTable) {
      self.projector = projector
      self.table = table
      self.rows = rows
      self.byteCount = rows.byteCount
    }
  }

  private let slots = Mutex<[Slot]>([])
  /// Indices into `slots` of the sealed ones, in the order they were sealed.
  private let sealed = Mutex<[Int]>([])
  /// Signalled once per sealed slot.
  private let sealedSignal = DispatchSemaphore(value: 0)
  private let ways: Int

  /// Sealing that sorts a big table in up to `ways` runs side by side.
  init(ways: Int) { self.ways = ways }

  /// Takes `store`'s tables over and seals them in the background, smallest first: writing
  /// (the kernel copying every page into the file's cache) is the slower half, so the write
  /// transaction gets a table to write as soon as possible and the biggest sort runs while it
  /// writes the others. Biggest first, it waited for the words index's sort, a third of a
  /// second at 1 M transactions, before writing any of the transaction index.
  ///
  /// On a serial queue of its own: such a queue gets a thread even when every thread of the
  /// shared pool is busy or blocked (the pool also runs Swift's tasks), so the write
  /// transaction, which waits for these tables on the writer's thread, always sees them come.
  /// A big table's sort still spreads over the free cores (``SortedRuns``).
  func seal(_ store: consuming MemoryProjectionStore, of projector: String) {
    let tables = store.takeTables().sorted { $0.rows.rowCount < $1.rows.rowCount }
    let added = tables.map { Slot(projector: projector, table: $0.name, rows: $0.rows) }
    let first = slots.withLock { slots in
      defer { slots += added }
      return slots.count
    }
    DispatchQueue(label: "budget-ledger.sealing.\(projector)").async { [self] in
      for (offset, slot) in added.enumerated() {
        slot.rows.seal(ways: ways, minimumRun: MemoryProjectionStore.minimumSortRun)
        sealed.withLock { $0.append(first + offset) }
        sealedSignal.signal()
      }
    }
  }

  /// Bytes of every table handed over.
  var byteCount: Int { slots.withLock { $0.reduce(0) { $0 + $1.byteCount } } }

  /// ``forEachSealed(_:waiting:)`` with nothing to do while waiting.
  func forEachSealed(_ body: (Slot) throws -> Void) rethrows { try forEachSealed(body, waiting: {}) }

  /// Calls `body` once with every table handed over, each as soon as it is sealed, and
  /// `waiting` each time none is and it is about to wait for the next. Can be called again (a
  /// write transaction that is retried): the tables stay sealed.
  func forEachSealed(_ body: (Slot) throws -> Void, waiting: () throws -> Void) rethrows {
    let total = slots.withLock { $0.count }
    var done = Set<Int>()
    while done.count < total {
      let ready = sealed.withLock { $0 }.filter { !done.contains($0) }
      if ready.isEmpty {
        try waiting()
        sealedSignal.wait()  // a stale signal (a slot already written) only loops once more
        continue
      }
      for index in ready {
        try body(slots.withLock { $0[index] })
        done.insert(index)
      }
    }
  }
}
