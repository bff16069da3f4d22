import Dispatch
import LMDB
import Synchronization

/// The log's single writer. Appends from any number of tasks queue here; the writer drains
/// the queue into one LMDB write transaction (group commit), so one fsync serves them all,
/// and hands each caller its own result or error.
///
/// While a commit is in flight, new appends accumulate; the next drain takes them all.
final class GroupCommitWriter: Sendable {
  private struct Request {
    let append: PendingAppend
    let continuation: CheckedContinuation<AppendResult, any Error>
  }

  private struct State {
    var pending: [Request] = []
    var draining = false
  }

  /// The most events committed in one transaction; bigger queues take several commits.
  static let maximumEventsPerCommit = 200_000

  /// LMDB transactions committed so far by this writer.
  let commits = Atomic<UInt64>(0)

  private let queue = DispatchQueue(label: "budget-ledger.event-log.writer", qos: .userInitiated)
  private let state = Mutex(State())
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

  /// Queues `append` and waits for the commit that includes it.
  func submit(_ append: PendingAppend) async throws -> AppendResult {
    try await withCheckedThrowingContinuation { continuation in
      let startDrain = state.withLock { state in
        state.pending.append(Request(append: append, continuation: continuation))
        if state.draining { return false }
        state.draining = true
        return true
      }
      if startDrain { queue.async { self.drain() } }
    }
  }

  private func drain() {
    while let group = nextGroup() {
      let results = commit(group.map(\.append))
      for (request, result) in zip(group, results) {
        request.continuation.resume(with: result.mapError { $0 as any Error })
      }
    }
  }

  private func nextGroup() -> [Request]? {
    state.withLock { state in
      guard !state.pending.isEmpty else {
        state.draining = false
        return nil
      }
      var events = 0
      var count = 0
      for request in state.pending {
        events += request.append.batch.eventCount
        if count > 0 && events > Self.maximumEventsPerCommit { break }
        count += 1
      }
      let group = Array(state.pending.prefix(count))
      state.pending.removeFirst(count)
      return group
    }
  }

  /// Commits `appends` in one transaction. If the transaction itself fails (disk full, a
  /// batch too big for one transaction), each append is retried alone so that one bad batch
  /// cannot fail its neighbours.
  private func commit(_ appends: [PendingAppend]) -> [Result<AppendResult, EventLogError>] {
    do {
      let (results, head) = try environment.write { txn in
        var transaction = try AppendTransaction(txn: txn, schema: schema, now: clock())
        var results: [Result<AppendResult, EventLogError>] = []
        results.reserveCapacity(appends.count)
        for append in appends { results.append(try transaction.apply(append)) }
        try transaction.finish()
        return (results, transaction.headPosition)
      }
      commits.add(1, ordering: .relaxed)
      onCommit(head)
      return results
    } catch {
      if appends.count > 1 { return appends.flatMap { commit([$0]) } }
      return [.failure(EventLogError(error))]
    }
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
