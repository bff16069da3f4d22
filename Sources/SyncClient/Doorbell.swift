import Synchronization

/// Wakes a waiting loop: ``ring()`` ends the current ``wait()`` — or, when nobody waits, the
/// next one at once, so that a ring between two waits is never lost (rings before a wait
/// count as one).
final class Doorbell: Sendable {
  private struct State {
    var rung = false
    var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    var lastWaiter = 0
  }

  private let state = Mutex(State())

  /// Ends every wait under way, or the next one if none is.
  func ring() {
    let woken = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      guard !state.waiters.isEmpty else {
        state.rung = true
        return []
      }
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    for waiter in woken { waiter.resume() }
  }

  /// Returns once the bell rings (at once if it rang since the last wait ended), or when the
  /// task is cancelled.
  func wait() async {
    let id = state.withLock { state -> Int in
      state.lastWaiter += 1
      return state.lastWaiter
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let now = state.withLock { state -> Bool in
          if state.rung || Task.isCancelled {
            state.rung = false
            return true
          }
          state.waiters[id] = continuation
          return false
        }
        if now { continuation.resume() }
      }
    } onCancel: {
      state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
    }
  }
}
