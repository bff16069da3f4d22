import Synchronization

/// Tells waiting subscribers when the log's head moves past the position they have seen.
final class HeadWatcher: Sendable {
  private struct State {
    var head: UInt64
    var nextId: UInt64 = 0
    var waiters: [UInt64: (after: UInt64, continuation: CheckedContinuation<Void, Never>)] = [:]
    var cancelled: Set<UInt64> = []
  }

  private let state: Mutex<State>

  init(head: UInt64) { state = Mutex(State(head: head)) }

  /// Records a new head and wakes every waiter it satisfies.
  func publish(_ head: UInt64) {
    let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.head = max(state.head, head)
      let due = state.waiters.filter { $0.value.after < state.head }
      for id in due.keys { state.waiters[id] = nil }
      return due.values.map(\.continuation)
    }
    for continuation in ready { continuation.resume() }
  }

  /// Returns once the head is past `position`, or the task is cancelled.
  func wait(after position: UInt64) async {
    let id = state.withLock { state in
      defer { state.nextId += 1 }
      return state.nextId
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = state.withLock { state in
          if state.head > position || state.cancelled.remove(id) != nil { return true }
          state.waiters[id] = (position, continuation)
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let continuation = state.withLock { state in
        if let waiter = state.waiters.removeValue(forKey: id) { return Optional(waiter.continuation) }
        state.cancelled.insert(id)
        return nil
      }
      continuation?.resume()
    }
    _ = state.withLock { $0.cancelled.remove(id) }
  }
}
