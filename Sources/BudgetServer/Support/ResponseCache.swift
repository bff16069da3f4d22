import HTTPTypes
import Hummingbird
import LedgerDomain
import NIOCore
import Synchronization

/// Finished answers to read requests, reused while the ledger has not changed.
///
/// An answer is a function of the request, the ledger file's contents and today's date:
/// nothing else feeds a query. So an entry is stored with the id of the last committed write
/// transaction and the day it was computed at, and is served again only while both are the
/// same — the first commit (a write or a rebuild, from this server or any other process)
/// makes every entry stale. A dashboard polled by many clients then
/// costs one query per change of the ledger instead of one per request.
final class ResponseCache: Sendable {
  /// One stored answer.
  struct Entry: Sendable {
    /// The last committed transaction id when the answer was computed.
    var commit: UInt64
    var day: CivilDate
    var headers: HTTPFields
    var body: ByteBuffer
  }

  /// The most entries kept; beyond it, stale entries go first, then arbitrary ones.
  let capacity: Int
  private let entries = Mutex<[String: Entry]>([:])

  init(capacity: Int = 512) { self.capacity = capacity }

  /// The stored answer for `key` if it was computed after commit `commit` on `day`.
  func lookup(_ key: String, commit: UInt64, day: CivilDate) -> Entry? {
    let entry = entries.withLock { $0[key] }
    guard let entry, entry.commit == commit, entry.day == day else { return nil }
    return entry
  }

  /// Stores `entry` under `key`, making room first if the cache is full.
  func store(_ entry: Entry, for key: String) {
    entries.withLock { entries in
      if entries.count >= capacity, entries[key] == nil {
        entries = entries.filter { $0.value.commit >= entry.commit && $0.value.day == entry.day }
        while entries.count >= capacity, let victim = entries.keys.first { entries[victim] = nil }
      }
      entries[key] = entry
    }
  }
}
