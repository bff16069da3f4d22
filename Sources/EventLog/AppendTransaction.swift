import LMDB

/// Applies a group of appends inside one LMDB write transaction (group commit).
///
/// Each append is checked in full — idempotency key, every expected version — before any of
/// its events is written, so a rejected append leaves no trace while the others in the group
/// still commit. Stream versions seen by later appends in the group include earlier ones.
struct AppendTransaction {
  // Internal rather than private: the bulk path (`AppendTransaction+Prepared.swift`) writes
  // through them too.
  let txn: WriteTransaction
  let schema: LogSchema
  var recordedAt: Int64
  var head: LogHead
  /// Streams read or written by this group.
  var streams: [StreamName: CachedStream]
  var nextStreamId: UInt64
  var nextStreamIdChanged = false

  /// Starts a group; recorded-at never goes backwards along the log, even if the clock does.
  ///
  /// - Parameter expectedStreams: roughly how many streams the group touches, so that the
  ///   stream cache is sized once instead of growing while the writer holds every caller.
  init(txn: WriteTransaction, schema: LogSchema, now: Int64, expectedStreams: Int = 0) throws {
    self.txn = txn
    self.streams = Dictionary(minimumCapacity: min(expectedStreams, 4096))
    self.schema = schema
    self.head = try schema.head(in: txn)
    self.recordedAt = max(now, head.recordedAt)
    if let stored = try txn.get(LogSchema.MetaKey.nextStreamId, in: schema.meta), stored.count == 8 {
      nextStreamId = UInt64(littleEndian: stored.loadUnaligned(as: UInt64.self))
    } else {
      nextStreamId = 1
    }
  }

  /// The position of the last event written so far.
  var headPosition: UInt64 { head.position }

  /// Checks and writes one append. LMDB failures abort the whole group; rule violations
  /// reject only this append.
  mutating func apply(
    _ append: PendingAppend, recordedAt restored: Int64? = nil
  ) throws -> Result<AppendResult, EventLogError> {
    if let restored {
      // Replaying a backup keeps the original times, never going back along the log.
      recordedAt = max(restored, head.recordedAt)
    }
    if let key = append.batch.idempotencyKey, let earlier = try txn.get(key.rawValue, in: schema.idempotency) {
      return try replay(idempotencyRecord: earlier, key: key, fingerprint: append.fingerprint)
    }
    let streamAppends = append.batch.streams
    if streamAppends.count == 1 { return try apply(append, toOneStream: streamAppends[0]) }
    // Every expected version is checked before anything is written. The states are cached,
    // also "does not exist", so the writing pass below does not read them again.
    for streamAppend in streamAppends {
      let state = try state(of: streamAppend.stream)
      guard streamAppend.expectedVersion.isSatisfied(by: state?.version) else {
        return .failure(
          .wrongExpectedVersion(
            stream: streamAppend.stream.rawValue, expected: streamAppend.expectedVersion, actual: state?.version))
      }
    }
    let first = head.position + 1
    var versions: [StreamName: UInt64] = Dictionary(minimumCapacity: streamAppends.count)
    try Self.withCanonicalBytes(of: append) { canonical in
      var offset = 0
      for streamAppend in streamAppends {
        let state = try writeEvents(
          of: streamAppend, after: try state(of: streamAppend.stream), canonical: canonical, at: &offset)
        update(streamAppend.stream, to: state)
        versions[streamAppend.stream] = state.version
      }
    }
    try recordIdempotencyKey(of: append, first: first)
    return .success(
      AppendResult(
        positions: first...head.position, streamVersions: versions, recordedAt: recordedAt, wasDuplicate: false))
  }

  /// ``apply(_:recordedAt:)`` for the common batch of one stream: its state is looked up once
  /// and stored once, and the result holds its version without a dictionary.
  private mutating func apply(
    _ append: PendingAppend, toOneStream streamAppend: StreamAppend
  ) throws -> Result<AppendResult, EventLogError> {
    let stream = streamAppend.stream
    let current = try streams[stream].map(\.state) ?? schema.streamState(stream, in: txn)
    guard streamAppend.expectedVersion.isSatisfied(by: current?.version) else {
      return .failure(
        .wrongExpectedVersion(stream: stream.rawValue, expected: streamAppend.expectedVersion, actual: current?.version)
      )
    }
    let first = head.position + 1
    let state = try Self.withCanonicalBytes(of: append) { canonical in
      var offset = 0
      return try writeEvents(of: streamAppend, after: current, canonical: canonical, at: &offset)
    }
    update(stream, to: state)
    try recordIdempotencyKey(of: append, first: first)
    return .success(
      AppendResult(positions: first...head.position, stream: stream, version: state.version, recordedAt: recordedAt))
  }

  /// Writes the events of one stream after `state` (`nil`: a new stream) and returns its new
  /// state. `canonical` holds the batch's events encoded by the caller (``EncodedEvents``),
  /// read from `offset` on; without it the events are encoded here, straight into the page.
  private mutating func writeEvents(
    of streamAppend: StreamAppend, after state: StreamState?, canonical: UnsafeRawBufferPointer?, at offset: inout Int
  ) throws(LMDBError) -> StreamState {
    var state = state ?? newStream()
    for index in streamAppend.events.indices {
      state.version += 1
      if let canonical {
        try write(canonical: EncodedEvents.next(in: canonical, at: &offset), state: state)
      } else {
        try write(streamAppend.events[index], stream: streamAppend.stream, state: state)
      }
    }
    return state
  }

  /// Calls `body` with the canonical bytes the caller encoded, or `nil` for a big batch.
  private static func withCanonicalBytes<R>(
    of append: PendingAppend, _ body: (UnsafeRawBufferPointer?) throws -> R
  ) rethrows -> R {
    guard let encoded = append.encoded else { return try body(nil) }
    return try encoded.withBytes { try body($0) }
  }

  /// Remembers which positions an append with an idempotency key wrote, and what it asked
  /// for, so that a retry gets them back.
  private func recordIdempotencyKey(of append: PendingAppend, first: UInt64) throws(LMDBError) {
    guard let key = append.batch.idempotencyKey, let fingerprint = append.fingerprint else { return }
    try recordIdempotencyKey(key, positions: first...head.position, fingerprint: fingerprint)
  }

  /// Stores the stream states and counters changed by the group. Call once, before commit.
  mutating func finish() throws(LMDBError) {
    for (name, cached) in streams where cached.dirty {
      guard let state = cached.state else { continue }
      try withUnsafeBytes(of: (state.id.littleEndian, state.version.littleEndian)) { (bytes) throws(LMDBError) in
        try txn.put(bytes, for: name.rawValue, in: schema.streams)
      }
    }
    if nextStreamIdChanged {
      try txn.put(
        withUnsafeBytes(of: nextStreamId.littleEndian) { Array($0) }, for: LogSchema.MetaKey.nextStreamId,
        in: schema.meta)
    }
  }

  // MARK: Writing

  /// Writes one event whose canonical bytes were encoded before queueing (see ``EncodedEvents``):
  /// copies them into the page and fills in position, stream version and recorded-at.
  private mutating func write(canonical: UnsafeRawBufferPointer, state: StreamState) throws(LMDBError) {
    let position = head.position + 1
    let canonicalSize = canonical.count
    let stored = try txn.reserve(
      canonicalSize + ChainHash.byteCount, for: BigEndianKey(position), in: schema.events, flags: .append)
    let base = stored.baseAddress!
    base.copyMemory(from: canonical.baseAddress!, byteCount: canonicalSize)
    base.storeBytes(of: position.littleEndian, toByteOffset: EnvelopeLayout.Offset.position, as: UInt64.self)
    base.storeBytes(of: state.version.littleEndian, toByteOffset: EnvelopeLayout.Offset.streamVersion, as: UInt64.self)
    base.storeBytes(of: recordedAt.littleEndian, toByteOffset: EnvelopeLayout.Offset.recordedAt, as: Int64.self)
    let hash = head.hash.next(record: UnsafeRawBufferPointer(start: base, count: canonicalSize))
    hash.write(to: base + canonicalSize)
    try txn.put(BigEndianKey(position), for: BigEndianPairKey(state.id, state.version), in: schema.streamIndex)
    head = LogHead(position: position, hash: hash, recordedAt: recordedAt)
  }

  private mutating func write(_ event: ProposedEvent, stream: StreamName, state: StreamState) throws(LMDBError) {
    let position = head.position + 1
    let canonicalSize = EnvelopeLayout.canonicalSize(of: event, streamLength: stream.rawValue.utf8.count)
    let stored = try txn.reserve(
      canonicalSize + ChainHash.byteCount, for: BigEndianKey(position), in: schema.events, flags: .append)
    let canonical = UnsafeMutableRawBufferPointer(rebasing: stored[..<canonicalSize])
    EnvelopeLayout.encode(
      event, stream: stream.rawValue, position: position, streamVersion: state.version, recordedAt: recordedAt,
      into: canonical)
    let hash = head.hash.next(record: UnsafeRawBufferPointer(canonical))
    hash.write(to: stored.baseAddress! + canonicalSize)
    try txn.put(BigEndianKey(position), for: BigEndianPairKey(state.id, state.version), in: schema.streamIndex)
    head = LogHead(position: position, hash: hash, recordedAt: recordedAt)
  }

  /// `stream`'s id and version as this group sees them, its own appends included.
  func currentState(of stream: StreamName) throws(LMDBError) -> StreamState? {
    if let cached = streams[stream] { return cached.state }
    return try schema.streamState(stream, in: txn)
  }

  private mutating func state(of stream: StreamName) throws(LMDBError) -> StreamState? {
    if let cached = streams[stream] { return cached.state }
    let stored = try schema.streamState(stream, in: txn)
    streams[stream] = CachedStream(state: stored, dirty: false)
    return stored
  }

  private mutating func update(_ stream: StreamName, to state: StreamState) {
    streams[stream] = CachedStream(state: state, dirty: true)
  }

  mutating func newStream() -> StreamState {
    defer {
      nextStreamId += 1
      nextStreamIdChanged = true
    }
    return StreamState(id: nextStreamId, version: 0)
  }

  // MARK: Retries

  /// Records `key` for `positions` — what several appends of this group together answered (a
  /// multi-command operation) — so that a retry under it gets them back. The key must be new.
  func recordIdempotencyKey(
    _ key: IdempotencyKey, positions: ClosedRange<UInt64>, fingerprint: ChainHash
  ) throws(LMDBError) {
    try IdempotencyRecordLayout.withRecord(positions: positions, fingerprint: fingerprint) {
      (record) throws(LMDBError) in
      try txn.put(record, for: key.rawValue, in: schema.idempotency, flags: .noOverwrite)
    }
  }

  /// The fingerprint recorded with `key`'s append (see ``AppendBatch/requestFingerprint``).
  func recordedFingerprint(forKey key: IdempotencyKey) throws -> ChainHash? {
    try txn.get(key.rawValue, in: schema.idempotency).flatMap(IdempotencyRecordLayout.read)?.fingerprint
  }

  /// The original result of the append that used `key`, whatever it carried.
  func earlierResult(forKey key: IdempotencyKey) throws -> AppendResult? {
    guard let record = try txn.get(key.rawValue, in: schema.idempotency),
      let fingerprint = IdempotencyRecordLayout.read(record)?.fingerprint
    else { return nil }
    return try replay(idempotencyRecord: record, key: key, fingerprint: fingerprint).get()
  }

  /// The original result of an append whose idempotency key is being reused.
  private func replay(
    idempotencyRecord: UnsafeRawBufferPointer, key: IdempotencyKey, fingerprint: ChainHash?
  ) throws -> Result<AppendResult, EventLogError> {
    guard let stored = IdempotencyRecordLayout.read(idempotencyRecord) else {
      return .failure(.corruptRecord(position: 0, reason: "idempotency record for '\(key)' is malformed"))
    }
    guard stored.fingerprint == fingerprint else { return .failure(.idempotencyKeyReused(key: key.rawValue)) }
    let (first, last) = (stored.positions.lowerBound, stored.positions.upperBound)
    var versions: [StreamName: UInt64] = [:]
    var recordedAt: Int64 = 0
    try txn.withCursor(on: schema.events) { cursor in
      var entry = try cursor.seek(exactly: BigEndianKey(first))
      while let current = entry, let position = BigEndianKey.decode(current.key), position <= last {
        let view = try EventView(storedBytes: current.value, key: position)
        versions[try StreamName(view.stream)] = view.streamVersion
        recordedAt = view.recordedAt
        entry = try cursor.next()
      }
    }
    return .success(
      AppendResult(positions: first...last, streamVersions: versions, recordedAt: recordedAt, wasDuplicate: true))
  }
}

/// A stream as a group sees it: its state (`nil`: known not to exist) and whether the group
/// changed it.
struct CachedStream {
  var state: StreamState?
  var dirty: Bool
}
