import Foundation

/// A task executor with one thread of its own, for a pipeline stage that must not wait for
/// a turn on the cooperative pool (as many threads as cores, shared with every other task of
/// the process): on a small machine, a stage that runs there competes with the stages it feeds.
///
/// Jobs run in the order they are enqueued. ``shutdown()`` ends the thread once the jobs
/// enqueued before it have run.
package final class DedicatedThread: TaskExecutor, @unchecked Sendable {
  // `jobs` and `stopped` are guarded by `condition`.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var stopped = false

  package init(name: String) {
    let thread = Thread { [self] in run() }
    thread.name = name
    thread.start()
  }

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Lets the thread end once its queue is empty.
  package func shutdown() {
    condition.lock()
    stopped = true
    condition.signal()
    condition.unlock()
  }

  private func run() {
    while true {
      condition.lock()
      while jobs.isEmpty && !stopped { condition.wait() }
      if jobs.isEmpty {
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
