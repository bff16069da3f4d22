import LMDB

extension AppendTransaction {
  /// Writes the entries of `prepared` in order (see ``PreparedAppends``), appending an outcome
  /// per entry to `outcomes`. An entry that cannot be appended (its key or its stream is taken)
  /// leaves nothing behind; LMDB failures throw and abort the group.
  mutating func apply(_ prepared: PreparedAppends, outcomes: inout [PreparedOutcome]) throws {
    outcomes.reserveCapacity(outcomes.count + prepared.count)
    try prepared.forEachEntry { entry in outcomes.append(try apply(entry)) }
  }

  private mutating func apply(_ entry: PreparedAppends.Entry) throws -> PreparedOutcome {
    if entry.kind == .checkKey {
      guard let record = try txn.get(entry.key, in: schema.idempotency) else { return .keyNotRecorded }
      return .duplicate(positions: try Self.positions(in: record, key: entry.key))
    }
    let position = head.position + 1
    // The key first, in one search that also finds it taken: a statement imported again is
    // the common reason an entry is not appended.
    let taken = try IdempotencyRecordLayout.withRecord(positions: position...position, fingerprint: entry.fingerprint) {
      (record) throws(LMDBError) -> UnsafeRawBufferPointer? in
      try txn.insert(record, for: entry.key, in: schema.idempotency)
    }
    if let taken { return .duplicate(positions: try Self.positions(in: taken, key: entry.key)) }
    let streamLength = Int(
      UInt16(
        littleEndian: entry.canonical.loadUnaligned(fromByteOffset: EnvelopeLayout.Offset.streamLength, as: UInt16.self)
      ))
    let streamBytes = UnsafeRawBufferPointer(
      rebasing: entry.canonical[EnvelopeLayout.headerSize..<(EnvelopeLayout.headerSize + streamLength)])
    // A stream this group has seen is settled by what it knows (it may have created it, not
    // yet stored); any other by the table, in the same one search. Named only then: the
    // group's cache is empty in a bulk load's own transactions.
    let cachedName = streams.isEmpty ? nil : try StreamName(String(decoding: streamBytes, as: UTF8.self))
    if let cachedName, let cached = streams[cachedName], let state = cached.state {
      _ = try txn.delete(entry.key, in: schema.idempotency)
      return .streamExists(version: state.version)
    }
    let state = StreamState(id: nextStreamId, version: 1)
    let existing = try withUnsafeBytes(of: (state.id.littleEndian, state.version.littleEndian)) {
      (bytes) throws(LMDBError) -> UnsafeRawBufferPointer? in
      try txn.insert(bytes, for: streamBytes, in: schema.streams)
    }
    if let existing {
      _ = try txn.delete(entry.key, in: schema.idempotency)
      return .streamExists(version: StreamState(stored: existing)?.version ?? 0)
    }
    nextStreamId += 1
    nextStreamIdChanged = true
    // A group that looked the stream up before (and found it missing) must see it now: an
    // ordinary append to it later in the group would start it a second time otherwise.
    if let cachedName, streams[cachedName] != nil { streams[cachedName] = CachedStream(state: state, dirty: false) }
    let canonicalSize = entry.canonical.count
    let stored = try txn.reserve(
      canonicalSize + ChainHash.byteCount, for: BigEndianKey(position), in: schema.events, flags: .append)
    let base = stored.baseAddress!
    base.copyMemory(from: entry.canonical.baseAddress!, byteCount: canonicalSize)
    base.storeBytes(of: position.littleEndian, toByteOffset: EnvelopeLayout.Offset.position, as: UInt64.self)
    base.storeBytes(of: state.version.littleEndian, toByteOffset: EnvelopeLayout.Offset.streamVersion, as: UInt64.self)
    base.storeBytes(of: recordedAt.littleEndian, toByteOffset: EnvelopeLayout.Offset.recordedAt, as: Int64.self)
    let hash = head.hash.next(record: UnsafeRawBufferPointer(start: base, count: canonicalSize))
    hash.write(to: base + canonicalSize)
    // Stream ids only grow, so a new stream's first entry sorts after every other.
    try txn.put(
      BigEndianKey(position), for: BigEndianPairKey(state.id, state.version), in: schema.streamIndex, flags: .append)
    head = LogHead(position: position, hash: hash, recordedAt: recordedAt)
    return .appended(position: position)
  }

  /// The positions a stored idempotency record names.
  private static func positions(
    in record: UnsafeRawBufferPointer, key: UnsafeRawBufferPointer
  ) throws(EventLogError) -> ClosedRange<UInt64> {
    guard let positions = IdempotencyRecordLayout.read(record)?.positions else {
      throw .corruptRecord(
        position: 0, reason: "idempotency record for '\(String(decoding: key, as: UTF8.self))' is malformed")
    }
    return positions
  }
}
