import Ledger
import LedgerDomain
import Synchronization

/// The ledger's entity state (accounts, categories, periods, transactions) as it was right
/// after a log position, for `asKnownAt` on entity endpoints.
///
/// The Ledger layer answers reports at any point from versioned projections, but exposes the
/// entity state only as of now; this folds the log's prefix instead (O(position)), keeping
/// the last snapshot so a time slider moving forward folds only the difference.
final class StateSnapshots: Sendable {
  private let cache = Mutex<(position: UInt64, state: LedgerState)>((0, LedgerState()))
  let ledger: Ledger

  init(ledger: Ledger) { self.ledger = ledger }

  /// The records of the entities of `kinds` (accounts, periods) as known at `point`, read from
  /// their own streams (``Ledger/state(ofStreamsOf:upTo:)``) — milliseconds at any point, where
  /// ``state(at:)`` folds the history up to a past one — and the position they reflect. Only
  /// those kinds' records are in the state.
  func family(
    _ kinds: [any EntityIdentifier.Type], at point: TimePoint
  ) throws -> (state: LedgerState, position: UInt64) {
    let position = try self.position(of: point)
    return (try ledger.state(ofStreamsOf: kinds, upTo: position), position)
  }

  /// The log position `point` names, at most the head.
  private func position(of point: TimePoint) throws -> UInt64 {
    let head = ledger.position
    switch point {
    case .now: return head
    case .position(let position): return min(position, head)
    case .recordedAt(let milliseconds): return min(try ledger.position(recordedAtOrBefore: milliseconds), head)
    }
  }

  /// The state and the position it reflects for `point`; the committed state for `.now`.
  func state(at point: TimePoint) throws -> (state: LedgerState, position: UInt64) {
    if case .now = point { return (ledger.state, ledger.position) }
    let head = ledger.position
    let target = try position(of: point)
    if target == head { return (ledger.state, head) }
    var (position, state) = cache.withLock { $0 }
    if position > target { (position, state) = (0, LedgerState()) }
    if position < target {
      try ledger.replay(into: &state, after: position, through: target)
      position = target
    }
    cache.withLock { $0 = (position, state) }
    return (state, position)
  }
}
