import LMDB

/// Whether a scan goes on after the current event.
public enum ScanControl: Sendable {
  case `continue`
  case stop
}

extension EventLog {
  /// The last event's position (0 for an empty log), chain hash and recorded-at.
  public func head() throws(EventLogError) -> LogHead {
    try withRead { txn in try schema.head(in: txn) }
  }

  /// The head as seen by `txn`, for callers reading other tables in the same snapshot.
  public func head(in txn: some Transaction) throws -> LogHead {
    try schema.head(in: txn)
  }

  /// The chain hash after the event at `position` as `txn` sees it, or `nil` if there is none.
  public func hash(at position: UInt64, in txn: some Transaction) throws -> ChainHash? {
    guard let stored = try txn.get(BigEndianKey(position), in: schema.events) else { return nil }
    return try EventView(storedBytes: stored, key: position).hash
  }

  /// The event at `position`, or `nil` if there is none.
  public func event(at position: UInt64) throws(EventLogError) -> RecordedEvent? {
    try withRead { txn in
      guard let bytes = try txn.get(BigEndianKey(position), in: schema.events) else { return nil }
      return RecordedEvent(try EventView(storedBytes: bytes, key: position))
    }
  }

  /// Calls `body` with each event from `position` on (inclusive) in `direction`, zero-copy.
  ///
  /// The views are valid only inside `body`. The whole scan sees one consistent snapshot.
  /// Returns the number of events visited. An error `body` throws ends the scan and is
  /// rethrown as it is; errors of the log itself are ``EventLogError``s.
  @discardableResult
  public func scan(
    from position: UInt64 = 1, direction: ReadDirection = .forward,
    _ body: (EventView) throws -> ScanControl
  ) throws -> Int {
    // An error `body` throws is the caller's: it leaves the scan as it is, not wrapped as the
    // log's own (storage errors and damaged envelopes are).
    var bodyError: (any Error)?
    let visited = try withRead { txn in
      try scan(from: position, direction: direction, in: txn) { view in
        do {
          return try body(view)
        } catch {
          bodyError = error
          return .stop
        }
      }
    }
    if let bodyError { throw bodyError }
    return visited
  }

  /// ``scan(from:direction:_:)`` in a read transaction the caller holds — for a fold that
  /// also reads other tables, or one stream's events (``read(stream:from:direction:limit:in:)``),
  /// in the same snapshot. Errors `body` throws are rethrown as they are, and so are the
  /// storage's own (`LMDBError`). Read transactions only: the scan finds the next record
  /// before `body` sees the current one, which a `body` that appended in a write transaction
  /// would make stale.
  @discardableResult
  public func scan(
    from position: UInt64 = 1, direction: ReadDirection = .forward, in txn: ReadTransaction,
    _ body: (EventView) throws -> ScanControl
  ) throws -> Int {
    try txn.withCursor(on: schema.events) { cursor in
      var entry: Cursor.Entry?
      switch direction {
      case .forward: entry = try cursor.seek(atLeast: BigEndianKey(position))
      case .backward: entry = try cursor.seek(atMost: BigEndianKey(position))
      }
      var visited = 0
      while let current = entry {
        let key = BigEndianKey.decode(current.key) ?? 0
        visited += 1
        let view = try EventView(storedBytes: current.value, key: key)
        // The next record is found, and its bytes prefetched, before this one is handed on:
        // its memory loads while `body` works (records are read where they lie in the map,
        // which stays valid for the read transaction).
        entry = direction == .forward ? try cursor.next() : try cursor.previous()
        entry?.value.prefetch()
        if try body(view) == .stop { break }
      }
      return visited
    }
  }

  /// Up to `limit` events from `position` on (inclusive), copied out.
  ///
  /// Backward reads start at `position` or the last event before it; pass `.max` for the end.
  public func read(
    from position: UInt64 = 1, direction: ReadDirection = .forward, limit: Int = 1000
  ) throws -> [RecordedEvent] {
    var events: [RecordedEvent] = []
    guard limit > 0 else { return events }
    events.reserveCapacity(min(limit, 1024))
    try scan(from: position, direction: direction) { view in
      events.append(RecordedEvent(view))
      return events.count < limit ? .continue : .stop
    }
    return events
  }

  /// The last position recorded at or before `milliseconds` (UTC), or 0 if none was: the
  /// log's state "as known at" that moment. Recorded-at never decreases along the log, so
  /// this is a binary search: about 20 reads for a million events.
  public func position(recordedAtOrBefore milliseconds: Int64) throws(EventLogError) -> UInt64 {
    try withRead { txn in
      var low: UInt64 = 0  // recorded at or before `milliseconds` (0: before the first event)
      var high = try schema.head(in: txn).position + 1  // after it
      while high - low > 1 {
        let middle = low + (high - low) / 2
        guard let stored = try txn.get(BigEndianKey(middle), in: schema.events) else {
          throw EventLogError.corruptRecord(position: middle, reason: "missing from the log")
        }
        if try EventView(storedBytes: stored, key: middle).recordedAt <= milliseconds {
          low = middle
        } else {
          high = middle
        }
      }
      return low
    }
  }

  /// The current version of `stream`, or `nil` if it has no events.
  public func version(of stream: StreamName) throws(EventLogError) -> UInt64? {
    try withRead { txn in try schema.streamState(stream, in: txn)?.version }
  }

  /// Up to `limit` events of one stream, from `version` (inclusive) in `direction`.
  public func read(
    stream: StreamName, from version: UInt64 = 1, direction: ReadDirection = .forward, limit: Int = 1000
  ) throws(EventLogError) -> [RecordedEvent] {
    try withRead { txn in try read(stream: stream, from: version, direction: direction, limit: limit, in: txn) }
  }

  /// ``read(stream:from:direction:limit:)`` in a transaction the caller holds. Inside the
  /// writer's transaction, use ``LogWriteSession/read(stream:limit:)``, which also sees the
  /// streams that transaction created.
  public func read(
    stream: StreamName, from version: UInt64 = 1, direction: ReadDirection = .forward, limit: Int = 1000,
    in txn: some Transaction
  ) throws(EventLogError) -> [RecordedEvent] {
    do {
      guard let state = try schema.streamState(stream, in: txn) else { return [] }
      return try schema.events(of: stream, state: state, from: version, direction: direction, limit: limit, in: txn)
    } catch let error as EventLogError {
      throw error
    } catch {
      throw EventLogError(error)
    }
  }
}

extension LogSchema {
  /// Up to `limit` events of `stream` (whose id and version are `state`) from `version` on.
  func events(
    of stream: StreamName, state: StreamState, from version: UInt64, direction: ReadDirection, limit: Int,
    in txn: some Transaction
  ) throws -> [RecordedEvent] {
    var events: [RecordedEvent] = []
    guard limit > 0 else { return events }
    try txn.withCursor(on: streamIndex) { index in
      var entry: Cursor.Entry? =
        direction == .forward
        ? try index.seek(atLeast: BigEndianPairKey(state.id, version))
        : try index.seek(atMost: BigEndianPairKey(state.id, version))
      while let current = entry, BigEndianKey.decode(current.key) == state.id, events.count < limit {
        guard let position = BigEndianKey.decode(current.value),
          let stored = try txn.get(BigEndianKey(position), in: self.events)
        else {
          throw EventLogError.corruptRecord(position: 0, reason: "stream index of '\(stream)' points nowhere")
        }
        events.append(RecordedEvent(try EventView(storedBytes: stored, key: position)))
        entry = direction == .forward ? try index.next() : try index.previous()
      }
    }
    return events
  }
}
