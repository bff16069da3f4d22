import Foundation

/// A thread of its own that runs one kind of long work — an import's parsing, a report over
/// decades — so that it never holds one of the few threads Swift's tasks run on (one per
/// core): on a small machine, two such requests at once would otherwise stall every other
/// request, the owner's too. A lane runs the synchronous parts of its work one at a time, in
/// the order they come; the requests waiting for it wait without holding a thread. Lanes live
/// as long as the process.
///
/// ```swift
/// let statement = try await WorkLane.reads.run { try ledger.debtStatement(id, through: date) }
/// ```
final class WorkLane: TaskExecutor, @unchecked Sendable {
  /// Reads whose cost grows with what they are asked for (statements, plans).
  static let reads = WorkLane(name: "expensive reads")
  /// CSV imports: parsing, checking and preparing their batches.
  static let imports = WorkLane(name: "imports")

  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []

  private init(name: String) {
    let thread = Thread { self.serve() }
    thread.name = name
    thread.start()
  }

  /// Runs `body` on the lane: its synchronous parts on the lane's thread, after the work
  /// queued before it.
  func run<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    try await withTaskExecutorPreference(self) { try await body() }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  private func serve() {
    while true {
      condition.lock()
      while jobs.isEmpty { condition.wait() }
      let batch = jobs
      jobs.removeAll(keepingCapacity: true)
      condition.unlock()
      for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
  }
}
