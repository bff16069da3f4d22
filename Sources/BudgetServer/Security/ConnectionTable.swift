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
/// owner's, still sending its first request), and the one idle the longest first; failing
/// those, a device's idle connection, the longest idle first (a device reconnects when it next
/// asks). Only when every such connection is busy is the newcomer closed instead. So a crowd
/// of idle connections — without a token, or with a device's, a revoked one's included — can
/// never refuse the owner; the owner's own connections are never closed to make room.
final class ConnectionTable: Sendable {
  /// Connections open at once.
  let limit: Int
  /// Slots only proven connections may use (a quarter; at least one when `limit` is 2 or more).
  let reserved: Int

  /// Whose credential a proven connection showed.
  enum Holder: Equatable, Sendable {
    /// The owner: the access token, a web session, or the server runs without a token.
    case owner
    /// A hub's device, by name.
    case device(String)
  }
  private struct Entry {
    let channel: any Channel
    var holder: Holder?
    var proven: Bool { holder != nil }
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
  /// if that makes room — or, when every slot is taken, a device's longest-idle one; false
  /// (not counted) when nothing can.
  func admit(_ channel: any Channel) -> Bool {
    var evicted: (any Channel)?
    let admitted = table.withLockedValue { table in
      let unproven = table.entries.count - table.proven
      let full = table.entries.count >= limit
      if full || unproven >= limit - reserved {
        func longestIdle(_ evictable: (Entry) -> Bool) -> Dictionary<ObjectIdentifier, Entry>.Element? {
          table.entries.filter { evictable($0.value) && $0.value.idleSince != nil }.min {
            ($0.value.answered ? 0 : 1, $0.value.idleSince!) < ($1.value.answered ? 0 : 1, $1.value.idleSince!)
          }
        }
        let isDevice = { (entry: Entry) in if case .device = entry.holder { true } else { false } }
        // A device's connection makes room only while connections without a credential stay
        // under their share: never more of those than `limit - reserved`.
        let deviceMayYield = full && unproven < limit - reserved
        guard let oldest = longestIdle({ !$0.proven }) ?? (deviceMayYield ? longestIdle(isDevice) : nil) else {
          return false
        }
        if oldest.value.proven { table.proven -= 1 }
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

  /// Marks `channel` as having shown `holder`'s credential: an owner's connection is never
  /// closed to make room, a device's only when idle and nothing else can be.
  func prove(_ channel: any Channel, as holder: Holder) {
    table.withLockedValue { table in
      let id = ObjectIdentifier(channel)
      guard let entry = table.entries[id], entry.holder != holder else { return }
      if !entry.proven { table.proven += 1 }
      table.entries[id]?.holder = holder
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
