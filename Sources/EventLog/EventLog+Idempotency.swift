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
