import Dispatch
import Foundation

/// Runs `work` on a thread of its own while every thread of the shared dispatch pool is
/// blocked (twice as many blockers as cores), and returns whether it finished within `limit`:
/// for work that must not wait for a pool thread (decoding and folding threads of their own).
/// The pool is released either way, and unfinished work is then waited for up to a minute
/// more, so that a failure cannot hang the run.
public func finishesWithSharedPoolBlocked(
  within limit: DispatchTimeInterval, _ work: @escaping @Sendable () -> Void
)
  -> Bool
{
  let release = DispatchSemaphore(value: 0)
  let blockers = ProcessInfo.processInfo.activeProcessorCount * 2
  for _ in 0..<blockers { DispatchQueue.global().async { release.wait() } }
  let done = DispatchSemaphore(value: 0)
  Thread {
    work()
    done.signal()
  }.start()
  let finished = done.wait(timeout: .now() + limit) == .success
  for _ in 0..<blockers { release.signal() }
  if !finished { _ = done.wait(timeout: .now() + 60) }
  return finished
}
