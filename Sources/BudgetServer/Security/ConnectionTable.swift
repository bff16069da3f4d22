import NIOConcurrencyHelpers
import NIOCore

/// The server's open connections, and which of them have logged in: what keeps connections
/// that never show a credential from locking out those that do.
///
/// A connection is *unproven* until one of its requests passes authentication (a token, the
/// session cookie, a device's token; every request when the server runs without one).
/// Unproven connections may hold at most `limit - reserved` of the `limit` slots; the rest are
/// kept for proven ones — the owner, the web app, devices. When a connection arrives and no
/// slot is free for it, an idle unproven connection (no request under way) is closed to make
/// room — one that has had an answer before one that has not asked yet (a newcomer, maybe the
/// owner's, still sending its first request), and the one idle the longest first; only when
/// every unproven connection is busy is the newcomer closed instead. So a crowd of idle
/// connections without a token can never refuse the owner.
final class ConnectionTable: Sendable {
  /// Connections open at once.
  let limit: Int
  /// Slots only proven connections may use (a quarter; at least one when `limit` is 2 or more).
  let reserved: Int

  private struct Entry {
    let channel: any Channel
    var proven = false
    /// Since when no request has been under way; `nil` while one is.
    var idleSince: NIODeadline?
    /// Whether one of its requests has been answered.
    var answered = false
  }

  private struct Table {
    var entries: [ObjectIdentifier: Entry] = [:]
    var proven = 0
  }

  private let table = NIOLockedValueBox(Table())

  init(limit: Int) {
    self.limit = limit
    reserved = min(limit - 1, max(1, limit / 4))
  }

  /// Counts `channel` in as unproven and idle, closing the longest-idle unproven connection
  /// if that makes room; false (not counted) when nothing can.
  func admit(_ channel: any Channel) -> Bool {
    var evicted: (any Channel)?
    let admitted = table.withLockedValue { table in
      let unproven = table.entries.count - table.proven
      if table.entries.count >= limit || unproven >= limit - reserved {
        let idle = table.entries.filter { !$0.value.proven && $0.value.idleSince != nil }
        guard
          let oldest = idle.min(by: {
            ($0.value.answered ? 0 : 1, $0.value.idleSince!) < ($1.value.answered ? 0 : 1, $1.value.idleSince!)
          })
        else { return false }
        table.entries[oldest.key] = nil
        evicted = oldest.value.channel
      }
      table.entries[ObjectIdentifier(channel)] = Entry(channel: channel, idleSince: .now())
      return true
    }
    evicted?.close(promise: nil)
    return admitted
  }

  /// Counts `channel` out (nothing if it was already, as a connection closed to make room is).
  func release(_ channel: any Channel) {
    table.withLockedValue { table in
      if table.entries.removeValue(forKey: ObjectIdentifier(channel))?.proven == true { table.proven -= 1 }
    }
  }

  /// Marks `channel` as having shown a credential: it is never closed to make room.
  func prove(_ channel: any Channel) {
    table.withLockedValue { table in
      let id = ObjectIdentifier(channel)
      guard table.entries[id]?.proven == false else { return }
      table.entries[id]?.proven = true
      table.proven += 1
    }
  }

  /// Whether `channel` has shown a credential.
  func isProven(_ channel: any Channel) -> Bool {
    table.withLockedValue { $0.entries[ObjectIdentifier(channel)]?.proven == true }
  }

  /// Records whether `channel` has a request under way (`false`: its answers are written).
  func setBusy(_ channel: any Channel, _ busy: Bool) {
    table.withLockedValue { table in
      let id = ObjectIdentifier(channel)
      table.entries[id]?.idleSince = busy ? nil : .now()
      if !busy { table.entries[id]?.answered = true }
    }
  }
}
