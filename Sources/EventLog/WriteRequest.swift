/// One caller's work for the writer; confined to the writer's thread once queued.
protocol WriteRequest: AnyObject, Sendable {
  /// Events it may append, for sizing groups.
  var weight: Int { get }
  /// Whether its caller runs on the writer (``EventLog/executor``), so that resuming it
  /// only queues a job there. Set when it is queued.
  var callerRunsOnWriter: Bool { get set }
  /// Whether it writes many pages at once, after which no zeros are written ahead.
  var isBulk: Bool { get }
  /// Runs inside the group's transaction; may run again if the group is retried.
  func execute(_ session: inout LogWriteSession) throws
  /// Runs on the writer right after the commit, in commit order (``EventLog/transact(weight:_:afterCommit:)``'s
  /// `afterCommit`).
  func committed()
  /// Resumes the caller with its result; called once, after ``committed()``, on any thread.
  func resumeCaller()
  func completeFailed(_ error: any Error)
}

final class TypedWriteRequest<R: Sendable>: WriteRequest, @unchecked Sendable {
  // @unchecked: `result` is touched only on the writer's queue; `callerRunsOnWriter` is
  // set before the request is queued.
  let weight: Int
  let isBulk: Bool
  var callerRunsOnWriter = false
  private let body: @Sendable (inout LogWriteSession) throws -> R
  private let afterCommit: (@Sendable (R) -> Void)?
  private let continuation: UnsafeContinuation<R, any Error>
  private var result: R?

  init(
    weight: Int, isBulk: Bool = false, body: @escaping @Sendable (inout LogWriteSession) throws -> R,
    afterCommit: (@Sendable (R) -> Void)?, continuation: UnsafeContinuation<R, any Error>
  ) {
    self.weight = weight
    self.isBulk = isBulk
    self.body = body
    self.afterCommit = afterCommit
    self.continuation = continuation
  }

  func execute(_ session: inout LogWriteSession) throws { result = try body(&session) }

  func committed() {
    if let result { afterCommit?(result) }
  }

  func resumeCaller() {
    guard let result else { return continuation.resume(throwing: EventLogError.emptyBatch) }
    continuation.resume(returning: result)
  }

  func completeFailed(_ error: any Error) { continuation.resume(throwing: error) }
}

/// A plain append (``EventLog/append(_:)``): the validated batch, with no closure.
final class AppendRequest: WriteRequest, @unchecked Sendable {
  // @unchecked: `result` is touched only on the writer's queue; `callerRunsOnWriter` is
  // set before the request is queued.
  let weight: Int
  var isBulk: Bool { false }
  var callerRunsOnWriter = false
  private let pending: PendingAppend
  private let continuation: UnsafeContinuation<Result<AppendResult, EventLogError>, any Error>
  private var result: Result<AppendResult, EventLogError>?

  init(
    weight: Int, pending: PendingAppend,
    continuation: UnsafeContinuation<Result<AppendResult, EventLogError>, any Error>
  ) {
    self.weight = weight
    self.pending = pending
    self.continuation = continuation
  }

  func execute(_ session: inout LogWriteSession) throws { result = try session.appends.apply(pending) }

  func committed() {}

  func resumeCaller() {
    guard let result else { return continuation.resume(throwing: EventLogError.emptyBatch) }
    continuation.resume(returning: result)
  }

  func completeFailed(_ error: any Error) { continuation.resume(throwing: error) }
}
