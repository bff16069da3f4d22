import LMDB
import Synchronization

/// Keeps a stretch of zeros written ahead of the pages the log has used, so that durable
/// commits that grow the log write into blocks the file system already holds and their fsync
/// is a plain data flush (see ``LMDB/Environment/extendFile(withZerosTo:)``). On this
/// project's machine that makes a 64-event group commit about a third cheaper; a commit that
/// reuses freed pages (most single-event commits) is unchanged.
///
/// The stretch is an eighth of the used size, at least 4 MiB and at most 128 MiB, so the file
/// is at most ~12 % (or 4 MiB) bigger than its data. It is refilled once half of it has been
/// used, at most 16 MiB at a time: the writer holds LMDB's writer lock while it writes zeros,
/// so one refill stalls the next group for ~10 ms at most, and a big log catches up over a
/// few commits. Best effort: a failure is not the commit's failure, and on a disk with less
/// than twice the stretch free nothing is written (the zeros would only take the last free
/// space sooner). Logs opened with ``Durability/noSync`` flush nothing and keep no headroom.
final class FileHeadroom: Sendable {
  /// The smallest stretch kept ahead.
  static let minimum = 4 << 20
  /// The largest stretch kept ahead.
  static let maximum = 128 << 20
  /// The most zeros written by one refill.
  static let maximumStep = 16 << 20

  private let environment: Environment
  private let enabled: Bool
  /// The used size at which to look again.
  private let nextCheck = Atomic<Int>(0)
  /// The map size when the last refill stopped at the end of the map; a bigger map makes
  /// room for the rest at once.
  private let cappedAtMapSize = Atomic<Int>(0)

  /// - Parameter enabled: `false` keeps none (``EventLog/Options/keepsFileHeadroom``).
  init(environment: Environment, durability: Durability, enabled: Bool = true) {
    self.environment = environment
    self.enabled = enabled && durability != .noSync
  }

  /// The stretch of zeros kept ahead of `used` bytes of pages.
  static func stretch(forUsed used: Int) -> Int { min(max(used / 8, minimum), maximum) }

  /// Writes zeros ahead of the used pages if less than half a stretch is left. Cheap when
  /// nothing is due (reads of LMDB's meta page, and an `fstat` every half stretch). The writer
  /// calls it after a commit, once the callers have been resumed.
  func refill() {
    guard enabled else { return }
    let used = environment.usedSize
    let capped = cappedAtMapSize.load(ordering: .relaxed)
    guard used >= nextCheck.load(ordering: .relaxed) || (capped != 0 && environment.mapSize > capped) else { return }
    cappedAtMapSize.store(0, ordering: .relaxed)
    let stretch = Self.stretch(forUsed: used)
    var end = environment.fileSize
    if end - used < stretch / 2, environment.freeDiskSpace.map({ $0 >= 2 * stretch }) ?? true {
      let target = min(used + stretch, end + Self.maximumStep)
      // A failure (disk full) leaves the file as it was; the next try waits for the log to
      // grow by half a stretch.
      end = (try? environment.extendFile(withZerosTo: target)) ?? end
      if end < target, end >= environment.mapSize { cappedAtMapSize.store(environment.mapSize, ordering: .relaxed) }
      if end == target, target < used + stretch {
        // A step of a bigger refill: go on after the next commit.
        nextCheck.store(used, ordering: .relaxed)
        return
      }
    }
    nextCheck.store(max(end, used + stretch) - stretch / 2, ordering: .relaxed)
  }
}
