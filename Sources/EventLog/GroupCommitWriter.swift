import Dispatch
import LMDB
import Synchronization

/// The log's single writer. Work from any number of tasks queues here; the writer drains the
/// queue into one LMDB write transaction (group commit), so one fsync serves them all, and
/// hands each caller its own result or error.
///
/// While a commit is in flight, new requests accumulate; the next drain takes them all.
final class GroupCommitWriter: Sendable {
  private struct State {
    var pending: [any WriteRequest] = []
    var draining = false
  }

  /// The most events committed in one transaction; bigger queues take several commits.
  static let maximumEventsPerCommit = 200_000

  /// LMDB transactions committed so far by this writer.
  let commits = Atomic<UInt64>(0)

  private let queue = DispatchQueue(label: "budget-ledger.event-log.writer", qos: .userInitiated)
  private let state = Mutex(State())
  /// Signalled for every request queued while a drain is running, so the writer can wait
  /// briefly for a group to fill (see ``waitForGroup(target:budget:)``).
  private let arrivals = DispatchSemaphore(value: 0)
  private let environment: Environment
  private let schema: LogSchema
  private let clock: @Sendable () -> Int64
  private let onCommit: @Sendable (UInt64) -> Void

  init(
    environment: Environment, schema: LogSchema, clock: @escaping @Sendable () -> Int64,
    onCommit: @escaping @Sendable (UInt64) -> Void
  ) {
    self.environment = environment
    self.schema = schema
    self.clock = clock
    self.onCommit = onCommit
  }

  /// Queues `body` and waits for the commit of the transaction it ran in. `afterCommit` runs
  /// on the writer, in commit order, before the caller resumes.
  func submit<R: Sendable>(
    weight: Int, _ body: @escaping @Sendable (inout LogWriteSession) throws -> R,
    afterCommit: (@Sendable (R) -> Void)? = nil
  ) async throws -> R {
    try await withCheckedThrowingContinuation { continuation in
      let request = TypedWriteRequest(weight: weight, body: body, afterCommit: afterCommit, continuation: continuation)
      let startDrain = state.withLock { state in
        state.pending.append(request)
        if state.draining { return false }
        state.draining = true
        return true
      }
      if startDrain { queue.async { self.drain() } } else { arrivals.signal() }
    }
  }

  private func drain() {
    var lastGroupSize = 0
    var lastCommit: Duration = .zero
    let clock = ContinuousClock()
    while true {
      // Callers resumed by the last commit usually append again at once; waiting a fraction
      // of a commit for them fills the next group instead of splitting it in two halves.
      if lastGroupSize > 1 { waitForGroup(target: lastGroupSize, budget: lastCommit / 4) }
      guard let group = nextGroup() else { return }
      let start = clock.now
      commit(group)
      lastCommit = clock.now - start
      lastGroupSize = group.count
    }
  }

  /// Waits until `target` requests are queued, or `budget` (at most 2 ms) has passed.
  private func waitForGroup(target: Int, budget: Duration) {
    let nanoseconds = min(budget.components.attoseconds / 1_000_000_000 + budget.components.seconds * 1_000_000_000, 2_000_000)
    let deadline = DispatchTime.now() + .nanoseconds(Int(nanoseconds))
    while state.withLock({ $0.pending.count }) < target {
      if arrivals.wait(timeout: deadline) == .timedOut { return }
    }
  }

  private func nextGroup() -> [any WriteRequest]? {
    state.withLock { state in
      guard !state.pending.isEmpty else {
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

  /// Runs `group` in one transaction and completes every request. If the transaction fails
  /// (disk full, a batch too big, a request that threw), each request is retried alone so
  /// that one cannot fail its neighbours.
  private func commit(_ group: [any WriteRequest]) {
    do {
      let head = try environment.write { txn in
        var session = LogWriteSession(
          transaction: try AppendTransaction(txn: txn, schema: schema, now: clock()), txn: txn, schema: schema)
        for request in group { try request.execute(&session) }
        try session.appends.finish()
        return session.appends.headPosition
      }
      commits.add(1, ordering: .relaxed)
      onCommit(head)
      for request in group { request.completeCommitted() }
    } catch {
      if group.count > 1 {
        for request in group { commit([request]) }
      } else {
        group[0].completeFailed(error)
      }
    }
  }
}

/// One caller's work for the writer; confined to the writer's thread once queued.
protocol WriteRequest: AnyObject, Sendable {
  /// Events it may append, for sizing groups.
  var weight: Int { get }
  /// Runs inside the group's transaction; may run again if the group is retried.
  func execute(_ session: inout LogWriteSession) throws
  func completeCommitted()
  func completeFailed(_ error: any Error)
}

final class TypedWriteRequest<R: Sendable>: WriteRequest, @unchecked Sendable {
  // @unchecked: `result` is touched only on the writer's queue.
  let weight: Int
  private let body: @Sendable (inout LogWriteSession) throws -> R
  private let afterCommit: (@Sendable (R) -> Void)?
  private let continuation: CheckedContinuation<R, any Error>
  private var result: R?

  init(
    weight: Int, body: @escaping @Sendable (inout LogWriteSession) throws -> R, afterCommit: (@Sendable (R) -> Void)?,
    continuation: CheckedContinuation<R, any Error>
  ) {
    self.weight = weight
    self.body = body
    self.afterCommit = afterCommit
    self.continuation = continuation
  }

  func execute(_ session: inout LogWriteSession) throws { result = try body(&session) }

  func completeCommitted() {
    guard let result else { return continuation.resume(throwing: EventLogError.emptyBatch) }
    afterCommit?(result)
    continuation.resume(returning: result)
  }

  func completeFailed(_ error: any Error) { continuation.resume(throwing: error) }
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
