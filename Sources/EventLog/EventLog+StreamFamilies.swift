import LMDB

extension EventLog {
  /// Every event of the streams whose names start with one of `prefixes` — families of
  /// streams, such as every account's — up to `position`, in log order, read in one snapshot.
  ///
  /// A seek in the stream table per prefix and a read of each stream found: the cost follows
  /// the families' events, not the log's, so a reader that needs the ledger's three accounts
  /// does not walk a million transactions to find them.
  public func events(
    ofStreamsWithPrefixes prefixes: [String], upTo position: UInt64 = .max
  ) throws(EventLogError) -> [RecordedEvent] {
    guard prefixes.allSatisfy({ !$0.isEmpty }) else {
      throw .invalidInput(field: "stream prefix", reason: "it is empty (to read every stream, scan the log)")
    }
    return try withRead { txn in
      var names: [StreamName] = []
      try txn.withCursor(on: schema.streams) { cursor in
        for prefix in Set(prefixes) {
          let bytes = Array(prefix.utf8)
          var entry = try cursor.seek(atLeast: bytes)
          while let current = entry, current.key.starts(with: bytes) {
            names.append(try StreamName(String(decoding: current.key, as: UTF8.self)))
            entry = try cursor.next()
          }
        }
      }
      var events: [RecordedEvent] = []
      for name in Set(names) {
        guard let state = try schema.streamState(name, in: txn) else { continue }
        let stream = try schema.events(of: name, state: state, from: 1, direction: .forward, limit: .max, in: txn)
        events += stream.lazy.filter { $0.position <= position }
      }
      events.sort { $0.position < $1.position }
      return events
    }
  }
}

extension EventLog {
  /// Calls `body` with the name of every stream whose name starts with `prefix`, in name
  /// order, as `txn` sees the table of streams, until it returns `false`. Inside the writer's
  /// transaction, streams that transaction created are not listed yet: they are written when
  /// it commits.
  public func forEachStream(
    startingWith prefix: String, in txn: some Transaction, _ body: (String) throws -> Bool
  ) throws {
    let bytes = Array(prefix.utf8)
    try txn.withCursor(on: schema.streams) { cursor in
      var entry = try cursor.seek(atLeast: bytes)
      while let current = entry, current.key.starts(with: bytes) {
        guard try body(String(decoding: current.key, as: UTF8.self)) else { return }
        entry = try cursor.next()
      }
    }
  }
}

extension EventLog {
  /// Calls `body` with the stream name of every event after `position`, in log order, as
  /// `txn` sees the log, until it returns `false`: the name's bytes only, nothing decoded.
  /// For a short walk over the log's tail (a few thousand events), not the whole log.
  public func forEachEventStream(
    after position: UInt64, in txn: some Transaction, _ body: (UnsafeRawBufferPointer) throws -> Bool
  ) throws {
    try txn.withCursor(on: schema.events) { cursor in
      var entry = try cursor.seek(atLeast: BigEndianKey(position + 1))
      while let current = entry {
        let view = try EventView(storedBytes: current.value, key: BigEndianKey.decode(current.key) ?? 0)
        guard try body(view.streamBytes) else { return }
        entry = try cursor.next()
      }
    }
  }
}
