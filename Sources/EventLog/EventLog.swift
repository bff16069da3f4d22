import LMDB
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An append-only, hash-chained event log stored in an LMDB file.
///
/// Every event gets a dense global position (from 1), a dense version in its stream (from 1),
/// a recorded-at timestamp that never decreases, and a chain hash linking it to the event
/// before it. Appends go through a single writer that batches concurrent callers into one
/// transaction (group commit); reads are lock-free snapshots.
///
/// ```swift
/// let log = try EventLog(path: "/tmp/demo.ledger")
/// let result = try await log.append(
///   [ProposedEvent(type: "AccountOpened", payload: bytes)],
///   to: "account-1", expectedVersion: .noStream)
/// ```
public final class EventLog: Sendable {
  /// How a log is opened.
  public struct Options: Sendable {
    public var durability: Durability
    /// The map size to start with; it grows on demand.
    public var initialMapSize: Int
    /// An upper bound for the file; `nil` grows while the disk allows.
    public var maxMapSize: Int?
    /// The system clock for recorded-at, in UTC milliseconds. Replaceable in tests.
    public var clock: @Sendable () -> Int64
    /// Whether the file keeps a stretch of zeros ahead of its data, which makes durable
    /// commits that grow it cheaper (see docs/event-log.md, "File headroom"). On by default;
    /// off, the file holds only what LMDB wrote.
    public var keepsFileHeadroom: Bool
    /// Told what opening changed that the user should know of — a ledger file others could
    /// read made 0600 (``LogFiles``). Standard error by default, so that every front end
    /// says so.
    public var notice: @Sendable (String) -> Void

    public init(
      durability: Durability = .durable, initialMapSize: Int = 64 << 20, maxMapSize: Int? = nil,
      keepsFileHeadroom: Bool = true, clock: @escaping @Sendable () -> Int64 = EventLog.systemClock,
      notice: @escaping @Sendable (String) -> Void = EventLog.printToStandardError
    ) {
      self.durability = durability
      self.initialMapSize = initialMapSize
      self.maxMapSize = maxMapSize
      self.keepsFileHeadroom = keepsFileHeadroom
      self.clock = clock
      self.notice = notice
    }
  }

  /// The path of the ledger file (an LMDB file with a `-lock` file beside it).
  public let path: String
  /// The LMDB environment holding the log, shared with the read models (projections) that
  /// commit in the same transactions.
  public let environment: Environment
  let schema: LogSchema
  let watcher: HeadWatcher
  private let writer: GroupCommitWriter

  /// Opens the log at `path`, creating the file (mode 0600) if it does not exist.
  ///
  /// Before LMDB opens anything, the lock file beside `path` is checked and created as a
  /// regular file, and a data or lock file others may read or write is made 0600, with a
  /// ``Options/notice`` saying so (``LogFiles``).
  ///
  /// - Throws: ``EventLogError/unsupportedFormatVersion(found:supported:)`` if the file was
  ///   written by a newer program; ``EventLogError/unsafeFile(path:reason:)`` if the lock
  ///   file is a symbolic or hard link; ``EventLogError/storage(_:)`` if LMDB cannot open it.
  public init(path: String, options: Options = Options()) throws(EventLogError) {
    for note in try LogFiles.prepare(path: path) { options.notice(note) }
    do {
      let environment = try Environment(
        path: path,
        options: Environment.Options(
          flags: Environment.Flags.noSubdirectory.union(options.durability.environmentFlags),
          initialMapSize: options.initialMapSize, maxMapSize: options.maxMapSize, maxDatabases: 256))
      let schema = try LogSchema.open(in: environment)
      let head = try environment.read { txn in try schema.head(in: txn) }
      let watcher = HeadWatcher(head: head.position)
      let headroom = FileHeadroom(
        environment: environment, durability: options.durability, enabled: options.keepsFileHeadroom)
      headroom.refill()
      self.environment = environment
      self.schema = schema
      self.watcher = watcher
      self.writer = GroupCommitWriter(
        environment: environment, schema: schema, clock: options.clock, headroom: headroom,
        onCommit: { watcher.publish($0) })
      self.path = path
    } catch {
      throw EventLogError(error)
    }
  }

  /// The current UTC time in milliseconds since 1970.
  @Sendable public static func systemClock() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
  }

  /// Writes `message` and a line break to standard error: the default ``Options/notice``.
  @Sendable public static func printToStandardError(_ message: String) {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
  }

  // MARK: Appending

  /// Appends `batch` atomically and returns where its events landed.
  ///
  /// Concurrent calls are committed together by the single writer; each gets its own result.
  /// A call that fails changes nothing. Once queued, an append completes even if the calling
  /// task is cancelled.
  public func append(_ batch: AppendBatch) async throws(EventLogError) -> AppendResult {
    let pending = try PendingAppend(batch)
    let result: Result<AppendResult, EventLogError>
    do {
      // The rejection travels as a value so that it does not abort the group's transaction.
      result = try await writer.append(pending, weight: pending.eventCount)
    } catch {
      throw EventLogError(error)
    }
    return try result.get()
  }

  /// Runs `body` on the single writer, inside the next group-commit transaction, and returns
  /// its result once that transaction has committed.
  ///
  /// This is how a caller validates against the log's current state and appends in one step:
  /// `body` sees every event committed before it, including those of earlier work in the same
  /// group. It must not block or await. If `body` throws, the group is retried without it and
  /// its transaction aborted, so nothing it did remains.
  ///
  /// - Parameter weight: roughly how many events `body` appends, for sizing groups.
  /// - Parameter bulk: `body` writes many pages at once (a chunk of a projection rebuild):
  ///   the writer then writes no zeros ahead of the data after its commit (``FileHeadroom``) —
  ///   the next bulk write would only write over them, and a rebuild of many chunks wrote as
  ///   many zeros as data.
  /// - Parameter afterCommit: runs on the writer after the commit, in commit order, before
  ///   the caller resumes: the place to publish state derived from the appended events.
  public func transact<R: Sendable>(
    weight: Int = 1, bulk: Bool = false, _ body: @escaping @Sendable (inout LogWriteSession) throws -> R,
    afterCommit: (@Sendable (R) -> Void)? = nil
  ) async throws -> R {
    try await writer.submit(weight: weight, bulk: bulk, body, afterCommit: afterCommit)
  }

  /// Appends `events` to one stream. See ``append(_:)``.
  public func append(
    _ events: [ProposedEvent], to stream: StreamName, expectedVersion: ExpectedVersion = .any,
    idempotencyKey: IdempotencyKey? = nil
  ) async throws(EventLogError) -> AppendResult {
    try await append(
      AppendBatch(
        [StreamAppend(stream: stream, expectedVersion: expectedVersion, events: events)], idempotencyKey: idempotencyKey
      ))
  }

  /// The writer's own executor, for tasks that mostly append.
  ///
  /// A task that runs on it (`withTaskExecutorPreference(log.executor) { … }`, or
  /// `group.addTask(executorPreference: log.executor)`) runs on the writer's thread between
  /// commits: its append is queued, committed and the task resumed there, with no other
  /// thread woken on the way — about 30 µs less per append on a two-core virtual machine,
  /// where waking a sleeping thread is dear. Appends of such tasks still group-commit with
  /// each other and with everyone else's.
  ///
  /// The price: while such a task runs, nothing commits, so it should do little besides
  /// appending. It must never block waiting for the log (a semaphore released by an append's
  /// completion, say): the writer would wait for itself. Yielding (`Task.yield()`) lets the
  /// queued appends commit first. A task that prefers the executor keeps the writer — and the
  /// open LMDB file — alive until it ends, even after the log is released: end such tasks
  /// before opening the same file again in this process.
  public var executor: some TaskExecutor { writer }

  // MARK: Maintenance

  /// Forces buffered commits to disk; use after a bulk load in ``Durability/noSync``.
  public func flush() throws(EventLogError) {
    do { try environment.sync(force: true) } catch { throw .storage(error) }
  }

  /// How many write transactions this handle has committed; with group commit this grows
  /// more slowly than the number of appends.
  public var commitCount: UInt64 { writer.commits.load(ordering: .relaxed) }

  /// Bytes of the file in use.
  public var usedSize: Int { environment.usedSize }

  /// Runs `body` in a read transaction, mapping storage errors.
  func withRead<R>(_ body: (ReadTransaction) throws -> R) throws(EventLogError) -> R {
    do { return try environment.read(body) } catch { throw EventLogError(error) }
  }
}
