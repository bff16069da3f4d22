import LedgerDomain

/// A page of the event feed.
struct EventPageDTO: Codable, Sendable {
  var head: UInt64
  var events: [EventDTO]
  /// Pass as `after` for the next page; `nil` when the page reached the head.
  var nextAfter: UInt64?
}
