import LMDB

extension EventLog {
  /// The stored events after `position`, as ``ReplicaFrames``: at most `limit` events and,
  /// past the first, at most about `byteLimit` bytes — what a hub sends a replica that holds
  /// the log up to `position`. Copies the bytes straight out of the map.
  public func frames(
    after position: UInt64, limit: Int, byteLimit: Int = 8 << 20
  ) throws(EventLogError) -> ReplicaFrames {
    try withRead { txn in
      var bytes: [UInt8] = []
      var count = 0
      var last = position
      try txn.withCursor(on: schema.events) { cursor in
        var entry = try cursor.seek(atLeast: BigEndianKey(position + 1))
        while let current = entry, count < limit, count == 0 || bytes.count < byteLimit {
          let length = UInt32(current.value.count)
          withUnsafeBytes(of: length.littleEndian) { bytes.append(contentsOf: $0) }
          bytes.append(contentsOf: current.value)
          count += 1
          last = BigEndianKey.decode(current.key) ?? last
          entry = try cursor.next()
        }
      }
      return ReplicaFrames(bytes: bytes, count: count, lastPosition: last)
    }
  }
}

extension LogWriteSession {
  /// Appends events a hub sent (``ReplicaFrames``) as they are, after checking every one
  /// continues this log: positions from the head on, stream versions, recorded-at, and each
  /// chain link recomputed here. All or nothing: the first event that fails is reported and
  /// nothing is written. `body` sees each accepted event (to fold it) after all were checked.
  ///
  /// - Returns: the positions written (empty when `frames` holds no event), or the refusal.
  public mutating func appendReplicated(
    _ frames: UnsafeRawBufferPointer, _ body: (EventView) throws -> Void
  ) throws -> Result<ClosedRange<UInt64>?, ReplicationRefusal> {
    let checked: [AppendTransaction.ReplicatedEvent]
    do {
      checked = try appends.check(frames: frames)
    } catch let refusal as ReplicationRefusal {
      return .failure(refusal)
    }
    guard let first = checked.first, let last = checked.last else { return .success(nil) }
    for event in checked {
      let bytes = UnsafeRawBufferPointer(rebasing: frames[event.range])
      try body(try EventView(storedBytes: bytes, key: event.head.position))
    }
    try appends.write(replicated: checked, from: frames)
    return .success(first.head.position...last.head.position)
  }
}
