import Foundation
import Ledger
import NIOConcurrencyHelpers

/// Short-lived tickets that open one event stream each: an `EventSource` cannot send headers,
/// so the page asks for a ticket with its session (`POST /api/v1/events/tickets`) and puts the
/// ticket, not a credential, in the stream's address. A ticket works once, within
/// ``lifetime``, for whoever asked for it.
final class EventTickets: Sendable {
  /// Who asked for a ticket: the principal and, on a hub, the device — or the web session,
  /// whose end ends the stream too.
  struct Holder: Sendable {
    var principal: String
    var device: Device?
    var session: WebSession?
  }

  /// How long a ticket works.
  let lifetime: Duration
  /// Tickets kept at most (the oldest go first): asking for many opens nothing.
  let capacity: Int
  private let tickets = NIOLockedValueBox<[String: (holder: Holder, expires: ContinuousClock.Instant)]>([:])

  init(lifetime: Duration = .seconds(30), capacity: Int = 1024) {
    self.lifetime = lifetime
    self.capacity = capacity
  }

  /// A new ticket for `holder`.
  func issue(to holder: Holder, now: ContinuousClock.Instant = .now) -> String {
    let ticket = Secrets.hex(bytes: 24)
    tickets.withLockedValue { tickets in
      tickets = tickets.filter { $0.value.expires > now }
      if tickets.count >= capacity, let oldest = tickets.min(by: { $0.value.expires < $1.value.expires })?.key {
        tickets[oldest] = nil
      }
      tickets[ticket] = (holder, now + lifetime)
    }
    return ticket
  }

  /// Uses up `ticket`: its holder, or nil when it is unknown, used or expired.
  func redeem(_ ticket: String, now: ContinuousClock.Instant = .now) -> Holder? {
    tickets.withLockedValue { tickets in
      guard let entry = tickets.removeValue(forKey: ticket), entry.expires > now else { return nil }
      return entry.holder
    }
  }
}
