import EventLog
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

  /// The state and the position it reflects for `point`; the committed state for `.now`.
  func state(at point: TimePoint) throws -> (state: LedgerState, position: UInt64) {
    let head = ledger.position
    let target: UInt64
    switch point {
    case .now: return (ledger.state, head)
    case .position(let position): target = min(position, head)
    case .recordedAt(let milliseconds): target = min(try ledger.log.position(recordedAtOrBefore: milliseconds), head)
    }
    if target == head { return (ledger.state, head) }
    var (position, state) = cache.withLock { $0 }
    if position > target { (position, state) = (0, LedgerState()) }
    if position < target {
      try ledger.log.scan(from: position + 1) { view in
        guard view.position <= target else { return .stop }
        state.apply(try LedgerEvent.decode(typeBytes: view.typeBytes, schemaVersion: view.schemaVersion, payload: view.payload))
        return .continue
      }
      position = target
    }
    cache.withLock { $0 = (position, state) }
    return (state, position)
  }
}
