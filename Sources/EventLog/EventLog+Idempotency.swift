import LMDB

extension EventLog {
  /// Whether an append was recorded under a key that starts with `prefix`: one seek. An
  /// importer asks it once to learn whether the log holds keys of an older naming scheme
  /// before it checks every row against those too.
  public func hasIdempotencyKey(withPrefix prefix: String) throws(EventLogError) -> Bool {
    try withRead { txn in
      try txn.withCursor(on: schema.idempotency) { cursor in
        guard let entry = try cursor.seek(atLeast: prefix) else { return false }
        return entry.key.starts(with: prefix.utf8)
      }
    }
  }

  /// The positions an append (or an operation, ``LogWriteSession/recordIdempotencyKey(_:positions:fingerprint:)``)
  /// recorded under `key` wrote, with the fingerprint of what it asked for; `nil` if none.
  public func idempotencyRecord(
    forKey key: IdempotencyKey
  ) throws(EventLogError) -> (positions: ClosedRange<UInt64>, fingerprint: ChainHash)? {
    try withRead { txn in
      try txn.get(key.rawValue, in: schema.idempotency).flatMap(IdempotencyRecordLayout.read)
    }
  }

  /// Every idempotency key recorded, in key order, with the positions it answers and its
  /// fingerprint: what a backup keeps so that the restored ledger recognises retries (and
  /// re-imports) as the original did.
  public func idempotencyRecords() throws(EventLogError) -> [IdempotencyRecord] {
    try withRead { txn in
      var records: [IdempotencyRecord] = []
      try txn.withCursor(on: schema.idempotency) { cursor in
        var entry = try cursor.first()
        while let current = entry {
          if let record = IdempotencyRecordLayout.read(current.value) {
            records.append(
              IdempotencyRecord(
                key: String(decoding: current.key, as: UTF8.self), positions: record.positions,
                fingerprint: record.fingerprint))
          }
          entry = try cursor.next()
        }
      }
      return records
    }
  }

  /// Those of `keys` that an earlier append was recorded under, read in one snapshot.
  public func recordedIdempotencyKeys(
    among keys: some Sequence<IdempotencyKey>
  ) throws(EventLogError) -> Set<IdempotencyKey> {
    try withRead { txn in
      var recorded: Set<IdempotencyKey> = []
      for key in keys where try txn.get(key.rawValue, in: schema.idempotency) != nil { recorded.insert(key) }
      return recorded
    }
  }
}
