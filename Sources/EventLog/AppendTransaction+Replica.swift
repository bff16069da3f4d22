import LMDB

extension AppendTransaction {
  /// One event checked by ``check(frames:)``: where its bytes lie and the stream it extends.
  struct ReplicatedEvent {
    var range: Range<Int>
    var stream: StreamName
    var version: UInt64
    var head: LogHead
  }

  /// Checks that `frames` continue this log: positions dense from the head on, each stream's
  /// versions dense, recorded-at never going back, and every chain link recomputed from the
  /// head equal to the one sent. Writes nothing; the first failure is thrown.
  func check(frames: UnsafeRawBufferPointer) throws -> [ReplicatedEvent] {
    var checked: [ReplicatedEvent] = []
    var head = self.head
    var versions: [StreamName: UInt64] = [:]
    let base = frames.baseAddress
    try ReplicaFrames.forEach(in: frames, after: head.position) { stored in
      let expected = head.position + 1
      let view: EventView
      do {
        view = try EventView(storedBytes: stored, key: expected)
      } catch {
        throw ReplicationRefusal(position: expected, reason: .malformed("\(error)"))
      }
      guard view.position == expected else {
        throw ReplicationRefusal(position: expected, reason: .wrongPosition(found: view.position))
      }
      let stream: StreamName
      do { stream = try StreamName(view.stream) } catch {
        throw ReplicationRefusal(position: expected, reason: .malformed("\(error)"))
      }
      let current = try versions[stream] ?? currentState(of: stream)?.version ?? 0
      guard view.streamVersion == current + 1 else {
        throw ReplicationRefusal(
          position: expected,
          reason: .wrongStreamVersion(stream: stream.rawValue, found: view.streamVersion, expected: current + 1))
      }
      guard view.recordedAt >= head.recordedAt else {
        throw ReplicationRefusal(
          position: expected, reason: .timeGoesBack(recordedAt: view.recordedAt, previous: head.recordedAt))
      }
      let computed = head.hash.next(record: view.canonicalBytes)
      guard computed == view.hash else {
        throw ReplicationRefusal(position: expected, reason: .hashMismatch(computed: computed, sent: view.hash))
      }
      versions[stream] = view.streamVersion
      head = LogHead(position: expected, hash: computed, recordedAt: view.recordedAt)
      let start = stored.baseAddress! - base!
      checked.append(
        ReplicatedEvent(range: start..<start + stored.count, stream: stream, version: view.streamVersion, head: head))
    }
    return checked
  }

  /// Writes events ``check(frames:)`` accepted, byte for byte, with their stream index entries.
  mutating func write(replicated events: [ReplicatedEvent], from frames: UnsafeRawBufferPointer) throws(LMDBError) {
    for event in events {
      var state = try currentState(of: event.stream) ?? newStream()
      state.version = event.version
      let position = event.head.position
      let stored = try txn.reserve(event.range.count, for: BigEndianKey(position), in: schema.events, flags: .append)
      stored.baseAddress!.copyMemory(from: frames.baseAddress! + event.range.lowerBound, byteCount: event.range.count)
      try txn.put(BigEndianKey(position), for: BigEndianPairKey(state.id, state.version), in: schema.streamIndex)
      streams[event.stream] = CachedStream(state: state, dirty: true)
      head = event.head
      recordedAt = max(recordedAt, event.head.recordedAt)
    }
  }
}
