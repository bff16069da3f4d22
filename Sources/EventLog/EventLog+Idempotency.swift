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
      guard let record = try txn.get(key.rawValue, in: schema.idempotency), record.count == 16 + ChainHash.byteCount
      else { return nil }
      let first = UInt64(littleEndian: record.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
      let count = UInt64(littleEndian: record.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      guard count > 0 else { return nil }
      return (first...(first + count - 1), ChainHash(bytes: UnsafeRawBufferPointer(rebasing: record[16...])))
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
