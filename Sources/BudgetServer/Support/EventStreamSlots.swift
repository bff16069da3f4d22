import NIOConcurrencyHelpers

/// A cap on event streams open at once: each open stream holds a ``Slot`` and gives it back
/// when its response is done with — however it ends, since the slot is released when the
/// last reference to it goes.
final class EventStreamSlots: Sendable {
  let limit: Int
  private let open = NIOLockedValueBox(0)

  init(limit: Int) { self.limit = limit }

  /// A slot, or nil when `limit` streams are open.
  func take() -> Slot? {
    let taken = open.withLockedValue { count in
      guard count < limit else { return false }
      count += 1
      return true
    }
    return taken ? Slot(owner: self) : nil
  }

  var current: Int { open.withLockedValue { $0 } }

  fileprivate func release() { open.withLockedValue { $0 -= 1 } }

  /// One open stream's place.
  final class Slot: Sendable {
    private let owner: EventStreamSlots
    fileprivate init(owner: EventStreamSlots) { self.owner = owner }
    deinit { owner.release() }
  }
}
