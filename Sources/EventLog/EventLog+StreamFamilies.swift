import LMDB

extension EventLog {
  /// Every event of the streams whose names start with `prefix` — a family of streams, such
  /// as every account's — in log order, read in one snapshot.
  ///
  /// A seek in the stream table and a read of each stream found: the cost follows the
  /// family's events, not the log's, so a reader that needs the ledger's three accounts does
  /// not walk a million transactions to find them.
  public func events(ofStreamsWithPrefix prefix: String) throws(EventLogError) -> [RecordedEvent] {
    try withRead { txn in
      var events: [RecordedEvent] = []
      let prefixBytes = Array(prefix.utf8)
      var names: [StreamName] = []
      try txn.withCursor(on: schema.streams) { cursor in
        var entry = try cursor.seek(atLeast: prefixBytes)
        while let current = entry, current.key.starts(with: prefixBytes) {
          names.append(try StreamName(String(decoding: current.key, as: UTF8.self)))
          entry = try cursor.next()
        }
      }
      for name in names {
        guard let state = try schema.streamState(name, in: txn) else { continue }
        events += try schema.events(
          of: name, state: state, from: 1, direction: .forward, limit: .max, in: txn)
      }
      events.sort { $0.position < $1.position }
      return events
    }
  }
}
