import LedgerDomain
import LedgerWire

/// A page of the event feed.
struct EventPageDTO: Codable, Sendable {
  var head: UInt64
  var events: [Wire.Event]
  /// Pass as `after` for the next page; `nil` when the page reached the head.
  var nextAfter: UInt64?
}
