import Synchronization

/// A queue of at most `capacity` values between one producing task and one consuming task:
/// the producer runs ahead of the consumer by up to `capacity` values and then waits — so a
/// value that takes long to produce (the machine is busy) is absorbed by those produced
/// early, without the producer filling memory with the whole input.
///
/// Either side can end it: the producer with ``finish()`` (``next()`` then returns `nil` once
/// the values sent are taken), the consumer with ``cancel()`` (``send(_:)`` then returns
/// `false` at once, and values not taken are dropped).
final class Lookahead<Element: Sendable>: Sendable {
  private struct State: ~Copyable {
    /// At most `capacity + 1` values: removing the first is cheap, and a value taken is
    /// released at once (a batch of mapped rows is megabytes).
    var buffer: [Element] = []
    var finished = false
    var cancelled = false
    var consumer: CheckedContinuation<Element?, Never>?
    var producer: CheckedContinuation<Bool, Never>?

    var count: Int { buffer.count }

    mutating func takeFirst() -> Element { buffer.removeFirst() }
  }

  private let state = Mutex(State())
  private let capacity: Int

  /// What ``send(_:)`` does once it holds the lock.
  private enum SendStep {
    case done(Bool)
    case wait
  }

  /// What ``next()`` does once it holds the lock.
  private enum NextStep {
    case value(Element?)
    case wait
  }

  init(capacity: Int) { self.capacity = max(1, capacity) }

  /// Queues `value`, waiting while `capacity` values are queued; `false` if the consumer has
  /// cancelled (the value is dropped).
  func send(_ value: Element) async -> Bool {
    let step: SendStep = state.withLock { state in
      if state.cancelled { return .done(false) }
      if let consumer = state.consumer.take() {
        consumer.resume(returning: value)
        return .done(true)
      }
      state.buffer.append(value)
      return state.count > capacity ? .wait : .done(true)
    }
    if case .done(let sent) = step { return sent }
    // Queued, one over the capacity: wait until the consumer takes one (or cancels).
    return await withCheckedContinuation { continuation in
      let resume: Bool? = state.withLock { state in
        if state.cancelled { return false }
        if state.count <= capacity { return true }
        state.producer = continuation
        return nil
      }
      if let resume { continuation.resume(returning: resume) }
    }
  }

  /// The next value, waiting for it; `nil` once the producer finished and every value sent
  /// is taken, or after ``cancel()``.
  func next() async -> Element? {
    let step: NextStep = state.withLock { state in
      if state.cancelled { return .value(nil) }
      if state.count > 0 {
        let value = state.takeFirst()
        if state.count <= capacity, let producer = state.producer.take() { producer.resume(returning: true) }
        return .value(value)
      }
      return state.finished ? .value(nil) : .wait
    }
    if case .value(let value) = step { return value }
    return await withCheckedContinuation { continuation in
      let ready: NextStep = state.withLock { state in
        if state.cancelled { return .value(nil) }
        if state.count > 0 { return .value(state.takeFirst()) }
        if state.finished { return .value(nil) }
        state.consumer = continuation
        return .wait
      }
      if case .value(let value) = ready { continuation.resume(returning: value) }
    }
  }

  /// The producer sends no more.
  func finish() {
    let consumer: CheckedContinuation<Element?, Never>? = state.withLock { state in
      state.finished = true
      return state.consumer.take()
    }
    consumer?.resume(returning: nil)
  }

  /// The consumer takes no more: a waiting producer is released.
  func cancel() {
    let (producer, consumer): (CheckedContinuation<Bool, Never>?, CheckedContinuation<Element?, Never>?) =
      state.withLock { state in
        state.cancelled = true
        state.buffer.removeAll()
        return (state.producer.take(), state.consumer.take())
      }
    producer?.resume(returning: false)
    consumer?.resume(returning: nil)
  }
}
