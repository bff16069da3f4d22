/// A cap on event streams open at once: each open stream holds a ``Slot`` and gives it back
/// when its response is done with — however it ends, since the slot is released when the
/// last reference to it goes.
final class EventStreamSlots: Sendable {
  private let count: CappedCount

  init(limit: Int) { count = CappedCount(limit: limit) }

  var limit: Int { count.limit }

  /// A slot, or nil when `limit` streams are open.
  func take() -> Slot? { count.admit() ? Slot(count) : nil }

  /// One open stream's place.
  final class Slot: Sendable {
    private let count: CappedCount
    fileprivate init(_ count: CappedCount) { self.count = count }
    deinit { count.release() }
  }
}
