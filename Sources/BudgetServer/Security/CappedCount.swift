import NIOConcurrencyHelpers

/// A count of things open at once with a cap — connections, event streams — shared by every
/// request: ``admit()`` counts one in unless `limit` are open, ``release()`` counts it out.
final class CappedCount: Sendable {
  let limit: Int
  private let open = NIOLockedValueBox(0)

  init(limit: Int) { self.limit = limit }

  /// Counts one in; false (and not counted) when `limit` are already open.
  func admit() -> Bool {
    open.withLockedValue { count in
      guard count < limit else { return false }
      count += 1
      return true
    }
  }

  func release() { open.withLockedValue { $0 -= 1 } }
}
