import Dispatch
import LMDB
import Synchronization

/// The log's single writer. Work from any number of tasks queues here; the writer drains the
/// queue into one LMDB write transaction (group commit), so one fsync serves them all, and
/// hands each caller its own result or error.
///
/// While a commit is in flight, new requests accumulate; the next drain takes them all, and
/// keeps taking the ones that follow while it builds the next transaction.
///
/// The writer is also a task executor (``EventLog/executor``): jobs of tasks that prefer it
/// run on the writer's thread between commits, so such a task's append is queued, committed
/// and its caller resumed without waking another thread.
final class GroupCommitWriter: Sendable {
  private struct State {
    var pending: [any WriteRequest] = []
    /// Jobs of tasks running on the writer (``GroupCommitWriter+TaskExecutor``), run
    /// between commits.
    var jobs: [UnownedJob] = []
    /// The array the last run of jobs emptied, kept for the next jobs to queue in: an
    /// appender on the writer then allocates no job list per append.
    var spareJobs: [UnownedJob] = []
    var draining = false
    /// While the writer waits for a group to fill: how many queued requests wake it.
    /// Zero when it is not waiting, so most submits signal nothing.
    var wanted = 0
  }

  /// The most events committed in one transaction; bigger queues take several commits.
  static let maximumEventsPerCommit = 200_000

  /// LMDB transactions committed so far by this writer.
  let commits = Atomic<UInt64>(0)

  private let queue = DispatchQueue(label: "budget-ledger.event-log.writer", qos: .userInitiated)
  /// Where the callers of big groups are resumed (see ``resumeCallers(_:)``).
  private let resumer = DispatchQueue.global(qos: .userInitiated)
  /// Groups of at least this many requests are resumed on ``resumer``.
  static let minimumGroupToResumeElsewhere = 8
  private let state = Mutex(State())
  /// Signalled when as many requests as the filling writer waits for have arrived (see
  /// ``takeArrivals(missing:eventsLeft:until:)``); a stale signal only causes one extra check.
  private let arrivals = DispatchSemaphore(value: 0)
  private let environment: Environment
  private let schema: LogSchema
  private let clock: @Sendable () -> Int64
  private let onCommit: @Sendable (UInt64) -> Void
  private let headroom: FileHeadroom

  init(
    environment: Environment, schema: LogSchema, clock: @escaping @Sendable () -> Int64,
    headroom: FileHeadroom, onCommit: @escaping @Sendable (UInt64) -> Void
  ) {
    self.environment = environment
    self.schema = schema
    self.clock = clock
    self.headroom = headroom
    self.onCommit = onCommit
  }

  /// Queues `body` and waits for the commit of the transaction it ran in. `afterCommit` runs
  /// on the writer, in commit order, before the caller resumes.
  func submit<R: Sendable>(
    weight: Int, bulk: Bool = false, _ body: @escaping @Sendable (inout LogWriteSession) throws -> R,
    afterCommit: (@Sendable (R) -> Void)? = nil
  ) async throws -> R {
    // Unsafe (not checked) continuations: every request is completed exactly once by
    // `commit`, and the checked variant costs an allocation per request.
    try await withUnsafeThrowingContinuation { continuation in
      enqueue(
        TypedWriteRequest(
          weight: weight, isBulk: bulk, body: body, afterCommit: afterCommit, continuation: continuation))
    }
  }

  /// Queues a validated append and waits for its commit: ``submit(weight:_:afterCommit:)``
  /// without the closure, in one allocation.
  func append(_ pending: PendingAppend, weight: Int) async throws -> Result<AppendResult, EventLogError> {
    try await withUnsafeThrowingContinuation { continuation in
      enqueue(AppendRequest(weight: weight, pending: pending, continuation: continuation))
    }
  }

  private func enqueue(_ request: any WriteRequest) {
    request.callerRunsOnWriter = withUnsafeCurrentTask { $0?.unownedTaskExecutor == asUnownedTaskExecutor() }
    let (startDrain, wake) = state.withLock { state -> (Bool, Bool) in
      state.pending.append(request)
      if state.draining {
        // Wake the waiting writer once, when the group it waits for is complete: one
        // wake-up per commit instead of one per request.
        guard state.wanted > 0, state.pending.count >= state.wanted else { return (false, false) }
        state.wanted = 0
        return (false, true)
      }
      state.draining = true
      return (true, false)
    }
    if startDrain { queue.async { self.drain() } } else if wake { arrivals.signal() }
  }

  /// Queues the job of a task that runs on the writer; it runs after the current commit.
  func enqueue(job: UnownedJob) {
    let (startDrain, wake) = state.withLock { state -> (Bool, Bool) in
      state.jobs.append(job)
      if state.draining {
        // A writer waiting for arrivals stops waiting: the job comes first.
        guard state.wanted > 0 else { return (false, false) }
        state.wanted = 0
        return (false, true)
      }
      state.draining = true
      return (true, false)
    }
    if startDrain { queue.async { self.drain() } } else if wake { arrivals.signal() }
  }

  private func drain() {
    var lastGroupSize = 0
    var lastCommit: Duration = .zero
    let clock = ContinuousClock()
    while true {
      // Jobs first: the appends they make join the next group.
      runJobs()
      // Callers resumed by the last commit usually append again at once; taking them into
      // the next transaction for a fraction of a commit fills the group instead of splitting
      // it. The writer waits for the first of them here and takes the rest as they come.
      let budget = lastGroupSize > 1 ? lastCommit / 4 : .zero
      if lastGroupSize > 1 { waitForArrival(budget: budget) }
      guard let work = nextWork() else { return }
      guard let group = work else { continue }
      let start = clock.now
      let committed = commit(group, fillingTo: lastGroupSize, budget: budget)
      lastCommit = clock.now - start
      lastGroupSize = committed
    }
  }

  /// Runs the queued jobs of tasks running on the writer.
  private func runJobs() {
    var jobs = state.withLock { state -> [UnownedJob] in
      guard !state.jobs.isEmpty else { return [] }
      var jobs = state.spareJobs
      state.spareJobs = []  // the only reference left is `jobs`: appends to it copy nothing
      swap(&jobs, &state.jobs)
      return jobs
    }
    guard !jobs.isEmpty else { return }
    for job in jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
    jobs.removeAll(keepingCapacity: true)
    state.withLock { $0.spareJobs = jobs }
  }

  /// Waits until a request is queued, or `budget` (at most 2 ms) has passed.
  private func waitForArrival(budget: Duration) {
    let deadline = Self.deadline(after: budget)
    while true {
      let queued = state.withLock { state in
        let queued = !state.pending.isEmpty || !state.jobs.isEmpty
        state.wanted = queued ? 0 : 1
        return queued
      }
      if queued { return }
      if arrivals.wait(timeout: deadline) == .timedOut {
        state.withLock { $0.wanted = 0 }
        return
      }
    }
  }

  /// Now plus `budget`, at most 2 ms.
  private static func deadline(after budget: Duration) -> DispatchTime {
    let nanoseconds = min(
      budget.components.attoseconds / 1_000_000_000 + budget.components.seconds * 1_000_000_000, 2_000_000)
    return DispatchTime.now() + .nanoseconds(Int(nanoseconds))
  }

  /// Takes what has been queued since the group began, waiting until that is at least half
  /// of `missing` requests (so the writer is woken a few times per group, not once per
  /// request) or until `deadline`. Returns `nil` when the deadline passed with nothing new,
  /// or when the next request would take the transaction past `eventsLeft` events.
  private func takeArrivals(missing: Int, eventsLeft: Int, until deadline: DispatchTime) -> [any WriteRequest]? {
    while true {
      let taken = state.withLock { state -> [any WriteRequest]? in
        // Queued jobs cannot run inside the transaction: commit now, and run them.
        guard state.jobs.isEmpty else { return nil }
        guard !state.pending.isEmpty else {
          state.wanted = max(1, missing / 2)
          return []
        }
        state.wanted = 0
        var weight = 0
        var count = 0
        for request in state.pending {
          if weight + request.weight > eventsLeft { break }
          weight += request.weight
          count += 1
        }
        guard count > 0 else { return nil }
        let taken = Array(state.pending.prefix(count))
        state.pending.removeFirst(count)
        return taken
      }
      guard let taken else { return nil }
      if !taken.isEmpty { return taken }
      if arrivals.wait(timeout: deadline) == .timedOut {
        state.withLock { $0.wanted = 0 }
        return nil
      }
    }
  }

  /// The next group to commit; `.some(nil)` when only jobs are queued, `nil` when nothing
  /// is, and the writer stops draining. Requests come before jobs queued since the writer
  /// last ran jobs: a task on the writer that keeps yielding would otherwise hold every
  /// commit back.
  private func nextWork() -> [any WriteRequest]?? {
    state.withLock { state in
      guard !state.pending.isEmpty else {
        if !state.jobs.isEmpty { return .some(nil) }
        state.draining = false
        return nil
      }
      var events = 0
      var count = 0
      for request in state.pending {
        events += request.weight
        if count > 0 && events > Self.maximumEventsPerCommit { break }
        count += 1
      }
      let group = Array(state.pending.prefix(count))
      state.pending.removeFirst(count)
      return group
    }
  }

  /// Resumes the callers of a committed group. A big group is handed to another thread:
  /// each resume enqueues a task and often wakes a pool thread (a futex call), which would
  /// otherwise keep the writer from the next group for tens of microseconds per commit. The
  /// first two are still resumed right here, so that the pool's threads are woken now rather
  /// than after the resumer's own wake-up (10–20 µs sooner per cycle, measured). Small groups
  /// (the single appender's case) are resumed right here, without a hop.
  private func resumeCallers(_ group: [any WriteRequest]) {
    if group.count < Self.minimumGroupToResumeElsewhere {
      for request in group { request.resumeCaller() }
      return
    }
    // Resuming a caller that runs on the writer only queues its job here: no thread to wake.
    var elsewhere: [any WriteRequest] = []
    for request in group {
      if request.callerRunsOnWriter { request.resumeCaller() } else { elsewhere.append(request) }
    }
    for request in elsewhere.prefix(Self.callersResumedByTheWriter) { request.resumeCaller() }
    if elsewhere.count > Self.callersResumedByTheWriter {
      let rest = elsewhere.dropFirst(Self.callersResumedByTheWriter)
      resumer.async { for request in rest { request.resumeCaller() } }
    }
  }

  /// How many callers of a big group the writer resumes itself: enough to wake both threads
  /// of a two-core pool.
  static let callersResumedByTheWriter = 2

  /// Runs `group` in one transaction and, while fewer than `target` requests are in, the
  /// requests that arrive within `budget` (at most 2 ms): each is applied as soon as it is
  /// taken, so the writer builds the transaction while the callers of the last commit are
  /// still re-submitting, instead of after. Then commits and completes every request, and
  /// returns how many there were. If the transaction fails (disk full, a batch too big, a
  /// request that threw), each request is retried alone so that one cannot fail its
  /// neighbours.
  @discardableResult
  private func commit(_ first: [any WriteRequest], fillingTo target: Int = 0, budget: Duration = .zero) -> Int {
    var group = first
    var events = group.reduce(0) { $0 + $1.weight }
    let deadline = group.count < target ? Self.deadline(after: budget) : DispatchTime(uptimeNanoseconds: 0)
    do {
      let head = try environment.write { txn in
        var session = LogWriteSession(
          transaction: try AppendTransaction(
            txn: txn, schema: schema, now: clock(), expectedStreams: max(target, group.count)),
          txn: txn, schema: schema)
        // Again from the start if the map filled up and the transaction is being re-run.
        for request in group { try request.execute(&session) }
        while group.count < target, events < Self.maximumEventsPerCommit,
          let arrived = takeArrivals(
            missing: target - group.count, eventsLeft: Self.maximumEventsPerCommit - events, until: deadline)
        {
          // All of them join the group before any runs: if one throws, the group is retried
          // request by request, and none of those taken may be left behind.
          group += arrived
          for request in arrived {
            events += request.weight
            try request.execute(&session)
          }
        }
        try session.preparations.run(in: txn)
        try session.appends.finish()
        return session.appends.headPosition
      }
      commits.add(1, ordering: .relaxed)
      onCommit(head)
      for request in group { request.committed() }
      resumeCallers(group)
      // Zeros ahead of the data, unless only bulk writes committed (see `EventLog.transact`).
      if group.contains(where: { !$0.isBulk }) { headroom.refill() }
    } catch {
      if group.count > 1 {
        for request in group { commit([request]) }
      } else {
        group[0].completeFailed(error)
      }
    }
    return group.count
  }
}

extension EventLogError {
  /// Wraps any error from the storage layer.
  init(_ error: any Error) {
    switch error {
    case let error as EventLogError: self = error
    case let error as LMDBError: self = .storage(error)
    default: self = .invalidInput(field: "append", reason: String(describing: error))
    }
  }
}
