import EventLog
import LMDB

extension ProjectionEngine {
  /// Each projector's versions, checkpoint, lag and table sizes.
  public func status() throws -> [ProjectorStatus] {
    let head = try log.head().position
    let entries = try catalogEntries()
    let live = try liveTablesAsCataloged()
    return try log.environment.read { txn in
      try names.map { name in
        let entry = entries[name]
        var rows: [String: Int] = [:]
        for (table, handle) in live[name]?.tables ?? [:] { rows[table] = try txn.count(of: handle.database) }
        return ProjectorStatus(
          name: name, codeVersion: projectors[name]!.version, storedVersion: entry?.version,
          generation: entry?.generation,
          checkpoint: entry?.checkpoint ?? 0, lag: head - min(head, entry?.checkpoint ?? 0), rows: rows)
      }
    }
  }

  /// Folds the whole log afresh in memory and compares every stored row of every projector
  /// with it. Returns the first difference per projector; empty when all match.
  public func verifyDeep(progress: (@Sendable (ProjectionProgress) -> Void)? = nil) throws -> [ProjectionError] {
    let chosen = names.compactMap { projectors[$0] }
    let (stores, snapshot) = try fold(chosen, progress: progress)
    let live = try liveTablesAsCataloged()
    var differences: [ProjectionError] = []
    try log.environment.read { txn in
      for projector in chosen {
        guard let tables = live[projector.name] else {
          differences.append(
            .mismatch(projector: projector.name, table: "*", detail: "never built; run projections rebuild"))
          continue
        }
        // A projector behind the log (a bulk load deferred it) holds the rows of the log up
        // to its checkpoint: those are compared, not the ones it lacks.
        let checkpoint = try txn.get(projector.name, in: catalog).flatMap(CatalogEntry.init)?.checkpoint ?? snapshot
        let upTo = try Self.comparableEnd(
          upTo: min(snapshot, checkpoint), snapshot: snapshot, in: txn, commits: commits)
        for spec in projector.tables {
          var expected = stores[projector.name]!.sortedRows(of: spec.name)
          if upTo < snapshot {
            expected.removeAll { row in row.key.withUnsafeBytes { VersionedKey.position(of: $0) } > upTo }
          }
          if let detail = try Self.firstDifference(
            expected: expected, stored: tables.tables[spec.name]!.database, upTo: upTo, in: txn)
          {
            differences.append(.mismatch(projector: projector.name, table: spec.name, detail: detail))
            break
          }
        }
      }
    }
    return differences
  }

  /// Where a comparison up to `checkpoint` must stop: at the checkpoint, unless it lies inside
  /// a commit (a deferred batch that shared its commit with a command folded before it) — that
  /// commit's rows carry one version, its first position, in the tables and in a fold of the
  /// log alike, but hold only the folded part in the tables; so the comparison stops before it.
  private static func comparableEnd(
    upTo checkpoint: UInt64, snapshot: UInt64, in txn: ReadTransaction, commits: Database
  ) throws -> UInt64 {
    guard checkpoint < snapshot else { return checkpoint }
    let straddling = try CommitBoundaries.load(after: checkpoint, in: txn, database: commits)
      .filter { $0.key <= checkpoint }.keys.min()
    return straddling.map { $0 - 1 } ?? checkpoint
  }

  /// Every stored row (all versions) of every projector's live tables, by
  /// `projector.table`: for tests that compare two ledgers byte for byte.
  package func storedRows() throws -> [String: [[UInt8]]] {
    let live = self.live.withLock { $0 }
    return try log.environment.read { txn in
      var rows: [String: [[UInt8]]] = [:]
      for (projector, tables) in live {
        for (table, handle) in tables.tables {
          rows["\(projector).\(table)"] = try txn.withCursor(on: handle.database) { cursor in
            var found: [[UInt8]] = []
            var entry = try cursor.first()
            while let current = entry {
              found.append(Array(current.key) + [0xFF] + Array(current.value))
              entry = try cursor.next()
            }
            return found
          }
        }
      }
      return rows
    }
  }

  /// Compares stored rows written at or before `snapshot` with `expected`.
  static func firstDifference(
    expected: [(key: [UInt8], value: [UInt8])], stored database: Database, upTo snapshot: UInt64,
    in txn: ReadTransaction
  ) throws -> String? {
    try txn.withCursor(on: database) { cursor in
      var index = 0
      var entry = try cursor.first()
      while true {
        while let current = entry, VersionedKey.position(of: current.key) > snapshot { entry = try cursor.next() }
        switch (entry, index < expected.count ? expected[index] : nil) {
        case (nil, nil):
          return nil
        case (nil, let row?):
          return "row \(hex(row.key)) is missing"
        case (let current?, nil):
          return "row \(hex(Array(current.key))) should not exist"
        case (let current?, let row?):
          guard current.key.elementsEqual(row.key) else {
            return "expected row \(hex(row.key)), found \(hex(Array(current.key)))"
          }
          guard current.value.elementsEqual(row.value) else {
            return "row \(hex(row.key)) holds \(hex(Array(current.value))), the log gives \(hex(row.value))"
          }
        }
        index += 1
        entry = try cursor.next()
      }
    }
  }
}

func hex(_ bytes: [UInt8]) -> String {
  let digits = Array("0123456789abcdef")
  return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
}
