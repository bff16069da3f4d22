import LMDB
import Synchronization

/// Keeps a stretch of zeros written ahead of the pages the log has used, so that durable
/// commits that grow the log write into blocks the file system already holds and their fsync
/// is a plain data flush (see ``LMDB/Environment/extendFile(withZerosTo:)``). On this
/// project's machine that makes a 64-event group commit about a fifth cheaper; a commit that
/// reuses freed pages (most single-event commits) is unchanged.
///
/// The stretch is an eighth of the used size, at least 4 MiB and at most 128 MiB, so the file
/// is at most ~12 % (or 4 MiB) bigger than its data. It is refilled once half of it has been
/// used. Best effort: a failure (a full disk) is not the commit's failure; the next try waits
/// until the log has grown by another half stretch. Logs opened with ``Durability/noSync``
/// flush nothing and keep no headroom.
final class FileHeadroom: Sendable {
  /// The smallest stretch kept ahead.
  static let minimum = 4 << 20
  /// The largest stretch kept ahead.
  static let maximum = 128 << 20

  private let environment: Environment
  private let enabled: Bool
  /// The used size at which to look again.
  private let nextCheck = Atomic<Int>(0)

  /// - Parameter enabled: `false` keeps none (``EventLog/Options/keepsFileHeadroom``).
  init(environment: Environment, durability: Durability, enabled: Bool = true) {
    self.environment = environment
    self.enabled = enabled && durability != .noSync
  }

  /// The stretch of zeros kept ahead of `used` bytes of pages.
  static func stretch(forUsed used: Int) -> Int { min(max(used / 8, minimum), maximum) }

  /// Writes zeros ahead of the used pages if less than half a stretch is left. Cheap when
  /// nothing is due (two reads of LMDB's meta page, and an `fstat` every half stretch); call
  /// it after commits, off the callers' path.
  func refill() {
    guard enabled else { return }
    let used = environment.usedSize
    guard used >= nextCheck.load(ordering: .relaxed) else { return }
    let stretch = Self.stretch(forUsed: used)
    var end = environment.fileSize
    if end - used < stretch / 2 {
      // A failure (disk full) or a map smaller than the stretch leaves less; the next try
      // waits for the log to grow by half a stretch either way.
      end = (try? environment.extendFile(withZerosTo: used + stretch)) ?? end
    }
    nextCheck.store(max(end, used + stretch) - stretch / 2, ordering: .relaxed)
  }
}
