import Ledger

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
final class WorkLane: Sendable {
  /// Reads whose cost grows with what they are asked for (statements, plans).
  static let reads = WorkLane(name: "expensive reads")
  /// CSV imports: parsing, checking and preparing their batches.
  static let imports = WorkLane(name: "imports")

  /// The lane's thread: the ledger's own executor of one thread, never shut down.
  private let thread: DedicatedThread

  private init(name: String) { thread = DedicatedThread(name: name) }

  /// Runs `body` on the lane: its synchronous parts on the lane's thread, after the work
  /// queued before it.
  func run<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    try await withTaskExecutorPreference(thread) { try await body() }
  }
}
