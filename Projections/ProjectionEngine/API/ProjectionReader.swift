import EventLog
import LMDB

/// Read access to the projections in one consistent snapshot (one LMDB read transaction).
///
/// Every lookup takes `asKnownAt`: a log position; the answer is what the tables said right
/// after that event. `.max` means now.
public struct ProjectionReader {
  public let txn: ReadTransaction
  let tables: [String: LiveTables]
  /// The log's head in this snapshot.
  public let head: LogHead
  /// The position every projection has folded up to in this snapshot: the head's, unless a
  /// bulk load has deferred them (``ProjectionEngine/recordWithoutFolding(_:in:)``). Answers
  /// reflect the log up to here.
  public let checkpoint: UInt64

  /// The newest value of `key` at or before `asKnownAt`, zero-copy; `nil` if absent or deleted.
  public func value(
    _ projector: String, _ table: String, key: [UInt8], asKnownAt: UInt64 = .max
  ) throws -> UnsafeRawBufferPointer? {
    try LMDBProjectionStore.latest(in: txn, database: database(projector, table), key: key, asKnownAt: asKnownAt)
  }

  /// Calls `body` with the newest live version (at or before `asKnownAt`) of each logical key
  /// in `lower ..< upper`, in key order or reverse. Costs a few seeks per key, whatever the
  /// number of older versions.
  public func scan(
    _ projector: String, _ table: String, from lower: [UInt8], to upper: [UInt8], asKnownAt: UInt64 = .max,
    direction: ReadDirection = .forward,
    _ body: (_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws -> ScanControl
  ) throws {
    let database = try database(projector, table)
    let keySize = lower.count
    try txn.withCursor(on: database) { cursor in
      var entry: Cursor.Entry?
      switch direction {
      case .forward: entry = try cursor.seek(atLeast: VersionedKey.make(lower, position: 0))
      case .backward:
        entry =
          try cursor.seek(atLeast: VersionedKey.make(upper, position: 0)) != nil
          ? try cursor.previous() : try cursor.last()
      }
      while let current = entry {
        let key = Array(current.key.prefix(keySize))
        if direction == .forward ? !key.lexicographicallyPrecedes(upper) : key.lexicographicallyPrecedes(lower) {
          break
        }
        if let newest = try cursor.seek(atMost: VersionedKey.make(key, position: asKnownAt)),
          VersionedKey.matches(newest.key, key), !newest.value.isEmpty
        {
          if try body(UnsafeRawBufferPointer(rebasing: newest.key.prefix(keySize)), newest.value) == .stop { break }
        }
        switch direction {
        case .forward: entry = try cursor.seek(atLeast: VersionedKey.make(key, position: .max))
        case .backward:
          entry = try cursor.seek(atLeast: VersionedKey.make(key, position: 0)) != nil ? try cursor.previous() : nil
        }
      }
    }
  }

  func database(_ projector: String, _ table: String) throws -> Database {
    guard let database = tables[projector]?.tables[table]?.database else {
      throw ProjectionError.unknownTable("\(projector).\(table)")
    }
    return database
  }
}

extension ProjectionEngine {
  /// Runs `body` with a reader over one snapshot of the log and every projection.
  public func read<R>(_ body: (ProjectionReader) throws -> R) throws -> R {
    var attempts = 0
    while true {
      let tables = live.withLock { $0 }
      let result: R? = try log.environment.read { txn in
        // A rebuild switches generations in a commit and publishes the new tables just after
        // it: read only if the live tables are the ones this snapshot's catalog names.
        let head = try log.head(in: txn)
        var checkpoint = head.position
        for (name, live) in tables {
          guard let stored = try txn.get(name, in: catalog), let entry = CatalogEntry(stored),
            entry.generation == live.entry.generation
          else {
            return nil
          }
          checkpoint = min(checkpoint, entry.checkpoint)
        }
        return try body(ProjectionReader(txn: txn, tables: tables, head: head, checkpoint: checkpoint))
      }
      if let result { return result }
      attempts += 1
      // Still different after a while: another process rebuilt them; reopen from the catalog.
      if attempts % 100 == 0 { try refreshLiveTables() }
    }
  }

  /// The live tables, reopened first if the catalog names other generations — another
  /// process rebuilt them (a bulk import's catch-up) and emptied the ones this process has.
  func liveTablesAsCataloged() throws -> [String: LiveTables] {
    let tables = live.withLock { $0 }
    let switched = try log.environment.read { txn in
      try tables.contains { name, live in
        try txn.get(name, in: catalog).flatMap(CatalogEntry.init)?.generation != live.entry.generation
      }
    }
    if switched { try refreshLiveTables() }
    return live.withLock { $0 }
  }

  /// Opens the generation of each projector's tables that the catalog names now.
  func refreshLiveTables() throws {
    let refreshed = try log.environment.write { txn in
      var refreshed: [String: LiveTables] = [:]
      for name in names {
        guard let projector = projectors[name], let stored = try txn.get(name, in: catalog),
          let entry = CatalogEntry(stored)
        else { continue }
        refreshed[name] = try Self.openTables(of: projector, generation: entry.generation, entry: entry, in: txn)
      }
      return refreshed
    }
    live.withLock { $0 = refreshed }
  }
}
