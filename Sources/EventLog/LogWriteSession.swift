import LMDB

/// What work queued with ``EventLog/transact(weight:_:)`` can do inside the writer's
/// transaction: see the head, read events (including those appended earlier in the same
/// transaction), append, and reach the LMDB transaction itself (for read models that must
/// commit together with the events).
///
/// Everything done through a session commits or aborts together with the group it ran in.
public struct LogWriteSession {
  var appends: AppendTransaction
  /// The LMDB write transaction of the group, for tables that commit with the events.
  public let transaction: WriteTransaction
  let schema: LogSchema

  /// What runs once before the transaction commits (``beforeCommit(_:_:)``).
  let preparations = CommitPreparations()

  init(transaction appends: AppendTransaction, txn: WriteTransaction, schema: LogSchema) {
    self.appends = appends
    self.transaction = txn
    self.schema = schema
    self.firstPosition = appends.head.position + 1
  }

  /// Registers `work` to run once in this transaction, after every request of its group and
  /// before it commits — in its LMDB transaction, so what it writes commits (or aborts) with
  /// the events. Registering `name` again replaces the earlier work: for a table that each
  /// request changes and that is written once for all of them. If the work throws, the group
  /// fails as if a request had thrown (its requests are then retried one by one).
  public func beforeCommit(_ name: String, _ work: @escaping (WriteTransaction) throws -> Void) {
    preparations.register(name, work)
  }

  /// The position of the first event this write transaction appends (whoever appends it):
  /// everything appended in it commits at once, so read models version their rows there.
  public let firstPosition: UInt64

  /// The last event written so far, including by earlier work in this transaction.
  public var head: LogHead { appends.head }

  /// Makes room for `count` more streams in the transaction's cache of the streams it reads
  /// and writes, which is sized for the requests of a group commit: a request that is about to
  /// append to many streams — an undo of an import deletes every row under its own stream —
  /// then does not grow it, and rehash it, a dozen times while every other caller waits.
  public mutating func reserveStreams(_ count: Int) {
    appends.streams.reserveCapacity(appends.streams.count + count)
  }

  /// Appends `batch`, checked as ``EventLog/append(_:)`` would. A rejected batch comes back as
  /// a failure and leaves nothing behind; storage failures throw and abort the transaction.
  public mutating func append(_ batch: AppendBatch) throws -> Result<AppendResult, EventLogError> {
    let pending: PendingAppend
    do { pending = try PendingAppend(batch, encode: false) } catch { return .failure(error) }
    return try appends.apply(pending)
  }

  /// Writes a bulk load's prepared appends in order and returns what became of each (see
  /// ``PreparedAppends``): the writer's share of a row is then a few B-tree operations, a
  /// copy and a hash. An entry that cannot be appended leaves nothing behind; storage
  /// failures throw and abort the transaction.
  public mutating func append(_ prepared: PreparedAppends) throws -> [PreparedOutcome] {
    var outcomes: [PreparedOutcome] = []
    try appends.apply(prepared, outcomes: &outcomes)
    return outcomes
  }

  /// Appends `batch` with a given recorded-at instead of the clock's — for restoring a backup
  /// so that the restored chain is identical to the original. Later appends in the same
  /// transaction keep it; recorded-at still never decreases along the log.
  public mutating func append(_ batch: AppendBatch, recordedAt: Int64) throws -> Result<AppendResult, EventLogError> {
    let pending: PendingAppend
    do { pending = try PendingAppend(batch, encode: false) } catch { return .failure(error) }
    return try appends.apply(pending, recordedAt: recordedAt)
  }

  /// The result of an earlier append that used `key`, if any — whatever events it carried.
  public func earlierAppend(withKey key: IdempotencyKey) throws -> AppendResult? {
    try appends.earlierResult(forKey: key)
  }

  /// Records `key` for `positions`, appended earlier in this transaction by several appends
  /// without keys of their own — one operation of many commands — with what its request asked
  /// for, so that a retry under the key gets all of them back. Throws if the key is in use.
  public func recordIdempotencyKey(
    _ key: IdempotencyKey, positions: ClosedRange<UInt64>, fingerprint: ChainHash
  ) throws {
    try appends.recordIdempotencyKey(key, positions: positions, fingerprint: fingerprint)
  }

  /// The fingerprint recorded with the earlier append that used `key`: what it asked for.
  public func recordedFingerprint(forKey key: IdempotencyKey) throws -> ChainHash? {
    try appends.recordedFingerprint(forKey: key)
  }

  /// Up to `limit` events of `stream`, oldest first, as this transaction sees them: events
  /// appended earlier in it included, also to streams it created (whose state is written
  /// only when the transaction finishes).
  public func read(stream: StreamName, limit: Int = 1000) throws -> [RecordedEvent] {
    guard let state = try appends.currentState(of: stream) else { return [] }
    return try schema.events(of: stream, state: state, from: 1, direction: .forward, limit: limit, in: transaction)
  }

  /// The chain hash stored at `position`, or `nil` if there is no such event.
  public func hash(at position: UInt64) throws -> ChainHash? {
    guard let stored = try transaction.get(BigEndianKey(position), in: schema.events) else { return nil }
    return try EventView(storedBytes: stored, key: position).hash
  }

  /// Calls `body` with each event after `position`, in order, as the transaction sees them.
  public func scan(after position: UInt64, _ body: (EventView) throws -> Void) throws {
    try transaction.withCursor(on: schema.events) { cursor in
      var entry = try cursor.seek(atLeast: BigEndianKey(position + 1))
      while let current = entry {
        try body(try EventView(storedBytes: current.value, key: BigEndianKey.decode(current.key) ?? 0))
        entry = try cursor.next()
      }
    }
  }
}
