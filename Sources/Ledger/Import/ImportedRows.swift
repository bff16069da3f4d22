import EventLog
import LedgerCodec
import LedgerDomain

/// Which rows an import recorded before: under the keys rows get now, or — in a ledger that
/// holds keys of an earlier version (one seek tells) — under those (``ImportRow/legacyKey``),
/// so that a ledger that never saw one pays nothing per row for them.
struct ImportedRows: Sendable {
  let log: EventLog
  let hasLegacyKeys: Bool

  init(ledger: Ledger) throws {
    log = ledger.log
    hasLegacyKeys = try log.hasIdempotencyKey(withPrefix: "csv-")
  }

  /// The lines of `rows` recorded under their legacy key (none, without a seek, in a ledger
  /// that holds no legacy key).
  func legacyLines(of rows: [ImportRow]) throws -> Set<Int> {
    guard hasLegacyKeys else { return [] }
    var lines: [IdempotencyKey: Int] = [:]
    for row in rows where (try? row.result.get()) != nil { lines[try IdempotencyKey(row.legacyKey)] = row.line }
    guard !lines.isEmpty else { return [] }
    return Set(try log.recordedIdempotencyKeys(among: lines.keys).compactMap { lines[$0] })
  }

}

extension ImportedRows {
  /// The lines of `rows` whose key is recorded — rows an earlier import added — so that
  /// they are answered as duplicates before the rules see them (see ``BulkLoad/Row/isRecorded``).
  /// Keys lead with the row's date: a date no recorded key starts with (every date of a first
  /// import) costs one seek, not a lookup per row. `known` remembers that per date.
  func recordedLines(of rows: [ImportRow], known: inout [Substring: Bool]) throws -> Set<Int> {
    var candidates: [IdempotencyKey: Int] = [:]
    // Rows of a statement come mostly in date order: the last date's answer is kept at hand.
    var last: (prefix: Substring, any: Bool)?
    for index in rows.indices {
      guard case .success = rows[index].result else { continue }
      let key = rows[index].key
      // `csv:<date>:` — the prefix the key's date gives it.
      guard let colon = key.utf8.dropFirst(4).firstIndex(of: UInt8(ascii: ":")) else { continue }
      let prefix = key[..<key.utf8.index(after: colon)]
      let any: Bool
      if let last, last.prefix.utf8.elementsEqual(prefix.utf8) {
        any = last.any
      } else if let seen = known[prefix] {
        any = seen
      } else {
        any = try log.hasIdempotencyKey(withPrefix: String(prefix))
        known[prefix] = any
      }
      last = (prefix, any)
      if any { candidates[try IdempotencyKey(key)] = rows[index].line }
    }
    guard !candidates.isEmpty else { return [] }
    return Set(try log.recordedIdempotencyKeys(among: candidates.keys).compactMap { candidates[$0] })
  }

  /// `rows`, where a row's transaction was recorded by an earlier import and then taken back
  /// by `budget undo`, as a new row of its own (``ImportRow/again(generation:)``): undoing an
  /// import — say, to fix its column mapping — and importing the file again adds its rows
  /// again. A row whose transaction was deleted otherwise (`tx delete`) stays imported: a
  /// transaction the user removed does not come back with the next statement.
  ///
  /// The earlier transaction is found through the row's key (the id a row gets also depends
  /// on its date as read, which another `--date-format` changes). Nothing is looked up when
  /// `state` holds no deleted imported transaction — a new ledger, most imports.
  func redirectingUndone(_ rows: [ImportRow], state: LedgerState, anyUndone: Bool) throws -> [ImportRow] {
    guard anyUndone else { return rows }
    var rows = rows
    for index in rows.indices {
      var generation = 1
      while case .success(let added) = rows[index].result,
        let id = state.transactions[added.transaction] != nil
          ? added.transaction
          : try transaction(recordedUnder: rows[index].key)
            ?? (hasLegacyKeys && generation == 1 ? try transaction(recordedUnder: rows[index].legacyKey) : nil),
        state.transactions[id]?.isDeleted == true, try wasUndone(id)
      {
        generation += 1
        rows[index] = rows[index].again(generation: generation)
      }
    }
    return rows
  }

  /// Whether `state` holds an imported transaction that was deleted (by undo or otherwise).
  static func anyDeletedImport(in state: LedgerState) -> Bool {
    state.deletedImports > 0
  }

  /// The transaction the append recorded under `key` added, if any.
  private func transaction(recordedUnder key: String) throws -> TransactionID? {
    guard let record = try log.idempotencyRecord(forKey: try IdempotencyKey(key)),
      let event = try log.event(at: record.positions.lowerBound),
      case .transactionAdded(let added) = try EventCodec.decode(
        type: event.type, schemaVersion: event.schemaVersion, payload: event.payload)
    else { return nil }
    return added.transaction
  }

  /// Whether the last event of the transaction is an undo's (whose correlation id says so).
  private func wasUndone(_ id: TransactionID) throws -> Bool {
    let last = try log.read(stream: try StreamName(id.stream), from: .max, direction: .backward, limit: 1).first
    return last?.metadata.correlationId?.hasPrefix("undo-") == true
  }
}
