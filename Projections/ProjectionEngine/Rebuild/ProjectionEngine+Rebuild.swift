import Dispatch
import EventLog
import LMDB
import LedgerCodec
import LedgerDomain
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ProjectionEngine {
  /// Rebuilds `names` (default: every projector that is missing, of another version, or
  /// behind) by re-projection, blue/green: the log is folded in memory from a snapshot, the
  /// rows are written to a new generation of tables, chunk by chunk, the events appended
  /// meanwhile are folded in, and the new generation replaces the old in one transaction.
  /// Appends go on all along: while the log is folded, and between the chunks of rows.
  /// Returns the names rebuilt.
  @discardableResult
  public func rebuild(
    _ names: [String]? = nil, progress: (@Sendable (ProjectionProgress) -> Void)? = nil
  ) async throws -> [String] {
    try await rebuild(names, chunkBytes: RowChunks.defaultChunkBytes, progress: progress)
  }

  /// ``rebuild(_:progress:)`` writing the rows in transactions of about `chunkBytes` bytes of
  /// rows each (tests make them small).
  @discardableResult
  package func rebuild(
    _ names: [String]?, chunkBytes: Int, progress: (@Sendable (ProjectionProgress) -> Void)? = nil
  ) async throws -> [String] {
    let selected = try names ?? staleProjectors()
    for name in selected where projectors[name] == nil {
      throw ProjectionError.unknownProjector(name, known: self.names)
    }
    guard !selected.isEmpty else { return [] }
    let chosen = selected.compactMap { projectors[$0] }
    // Room for the new generation beside the old one (both live until the switch commits),
    // with slack for half-full pages — reserved now, at about the size of the tables it
    // replaces: growing the map maps the file anew, and after the fold has read the whole log
    // through the map, unmapping it costs tens of milliseconds. Checked again once the size
    // is known.
    try log.environment.reserveRoom(forBytes: try liveBytes(of: chosen) * 2 + (64 << 20))
    // Each pass's tables are sorted in the background once its fold ends, and written as
    // soon as they are sorted.
    let sealing = TableSealing(ways: Self.cores)
    let snapshot = try fold(chosen, progress: progress, sealing: sealing).snapshot
    try await write(sealing, of: chosen, foldedThrough: snapshot, chunkBytes: chunkBytes, progress: progress)
    return selected
  }

  /// The end of a rebuild, once `chosen` are folded through `snapshot` and handed to
  /// `sealing`: their rows are written to a new generation of tables, chunk by chunk, the
  /// events appended meanwhile are folded in, and the new generation replaces the old.
  func write(
    _ sealing: TableSealing, of chosen: [any Projector], foldedThrough snapshot: UInt64, chunkBytes: Int,
    progress: (@Sendable (ProjectionProgress) -> Void)?
  ) async throws {
    progress?(ProjectionProgress(done: snapshot, total: snapshot, eventsPerSecond: 0, phase: .writing))
    try log.environment.reserveRoom(forBytes: sealing.byteCount * 2 + (64 << 20))
    let generations = try await reserveGenerations(of: chosen)
    let rows = RowChunks(sealing, chunkBytes: chunkBytes)
    do {
      for try await chunk in rows.chunks {
        try await log.transact(weight: 1, bulk: true) { session in
          try Self.write(chunk, to: generations, in: session.transaction)
        }
        rows.written(chunk)
      }
    } catch {
      rows.stop()
      throw error
    }
    try await switchGenerations(generations, of: chosen, foldingAfter: snapshot)
  }

  /// Bytes of the pages `chosen`'s live tables take.
  func liveBytes(of chosen: [any Projector]) throws -> Int {
    let live = self.live.withLock { $0 }
    return try log.environment.read { txn in
      var bytes = 0
      for projector in chosen {
        for handle in live[projector.name]?.tables.values ?? [:].values {
          bytes += try txn.statistics(of: handle.database).dataBytes
        }
      }
      return bytes
    }
  }

  /// Creates a new generation of `chosen`'s tables, empty: numbered past every generation in
  /// the file — also those of a rebuild that was interrupted, or that another process is
  /// writing right now — so that no two rebuilds ever write the same tables.
  private func reserveGenerations(of chosen: [any Projector]) async throws -> [String: LiveTables] {
    let catalog = self.catalog
    return try await log.transact { session in
      var reserved: [String: LiveTables] = [:]
      let txn = session.transaction
      for projector in chosen {
        let live = try txn.get(projector.name, in: catalog).flatMap(CatalogEntry.init)?.generation ?? 0
        let stored = try Self.storedTables(of: projector.name, in: txn).map(\.generation).max() ?? 0
        let generation = max(live, stored) + 1
        let entry = CatalogEntry(version: projector.version, generation: generation, checkpoint: 0)
        reserved[projector.name] = try Self.openTables(of: projector, generation: generation, entry: entry, in: txn)
      }
      return reserved
    }
  }

  /// Appends a chunk's rows to the tables they belong to. A table the projector does not
  /// declare is not written.
  private static func write(
    _ chunk: RowChunks.Chunk, to generations: [String: LiveTables], in txn: WriteTransaction
  ) throws {
    try chunk.forEachSegment { segment, rows in
      guard let database = generations[segment.projector]?.tables[segment.table]?.database else { return }
      try txn.withCursor(on: database) { cursor in
        try rows.forEach { key, value in try cursor.append(value, for: key) }
      }
    }
  }

  /// Folds the events appended since `snapshot` into the new generations (versioned by their
  /// own commits) and makes them live, in one transaction. A generation that another rebuild
  /// has overtaken meanwhile (a later one already live) is dropped instead.
  private func switchGenerations(
    _ generations: [String: LiveTables], of chosen: [any Projector], foldingAfter snapshot: UInt64
  ) async throws {
    let catalog = self.catalog
    let commits = self.commits
    _ = try await log.transact(weight: 1) { session in
      var switched: [String: LiveTables] = [:]
      let txn = session.transaction
      for projector in chosen {
        var tables = generations[projector.name]!
        let generation = tables.entry.generation
        let previous = try txn.get(projector.name, in: catalog).flatMap(CatalogEntry.init)
        if let previous, previous.generation >= generation {
          for (_, table) in tables.tables { try txn.drop(table.database) }
          continue
        }
        var walker = CommitBoundaries.Walker(try CommitBoundaries.load(after: snapshot, in: txn, database: commits))
        let reader = session
        try LMDBProjectionStore.with(txn: txn, tables: tables.tables) { store in
          try session.scan(after: snapshot) { view in
            let event = try BeforeImages.completing(
              EventCodec.decode(typeBytes: view.typeBytes, schemaVersion: view.schemaVersion, payload: view.payload),
              at: view.position
            ) { try reader.read(stream: $0, limit: .max) }
            store.commitStart = walker.commitStart(of: view.position)
            try projector.apply(event, at: LogPoint(position: view.position, recordedAt: view.recordedAt), into: &store)
          }
        }
        tables.entry.checkpoint = session.head.position
        try txn.put(tables.entry.encoded, for: projector.name, in: catalog)
        // The previous generation is emptied (a reader's snapshot may still name it); the ones
        // before were emptied by earlier rebuilds, and no snapshot a reader can still hold
        // names them: they are dropped, so that names and handles do not pile up (LMDB allows
        // 256 open tables per process). Both cover every stored table, also those the new
        // version no longer has, and those of interrupted rebuilds. A newer generation — of a
        // rebuild still writing — is left alone.
        for table in try Self.storedTables(of: projector.name, in: txn) where table.generation < generation {
          let database = try txn.openDatabase(named: table.name)
          if table.generation == previous?.generation { try txn.clear(database) } else { try txn.drop(database) }
        }
        switched[projector.name] = tables
      }
      // The bulk load that deferred them has been caught up once nothing is behind.
      if try BulkLoadMarker.stored(in: txn, catalog: catalog) != nil {
        let head = session.head.position
        let behind = try self.names.contains { name in
          try txn.get(name, in: catalog).flatMap(CatalogEntry.init).map { $0.checkpoint != head } ?? false
        }
        if !behind { _ = try txn.delete(BulkLoadMarker.catalogKey, in: catalog) }
      }
      return switched
    } afterCommit: { [live] switched in
      // On the writer, before any later append: inline updates go to the new tables at once.
      live.withLock { live in live.merge(switched) { $1 } }
    }
  }

  /// Every table of `projector` in the file, of any generation — also tables of an earlier
  /// version that the current one no longer has — read from LMDB's own list of named tables.
  package static func storedTables(
    of projector: String, in txn: WriteTransaction
  ) throws
    -> [(name: String, generation: Int)]
  {
    let prefix = Array("p.\(projector).".utf8)
    let names = try txn.openDatabase(named: nil)
    var tables: [(name: String, generation: Int)] = []
    try txn.withCursor(on: names) { cursor in
      var entry = try cursor.seek(atLeast: prefix)
      while let current = entry, current.key.starts(with: prefix) {
        // `p.<projector>.<table>.g<generation>`
        let name = String(decoding: current.key, as: UTF8.self)
        if let last = name.split(separator: ".").last, last.first == "g", let generation = Int(last.dropFirst()) {
          tables.append((name, generation))
        }
        entry = try cursor.next()
      }
    }
    return tables
  }
}
