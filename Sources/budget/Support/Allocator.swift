import CJemalloc
import Foundation

/// The memory allocator of the `budget` executable: jemalloc, linked in place of glibc's
/// malloc (importing `CJemalloc` links it; the libraries and their tests keep the system's).
///
/// An import hands each row from thread to thread — mapped on one, decided on another, written
/// and folded into the read models on others — so most of its small allocations are freed on
/// a thread other than the one that made them; glibc's arenas pay for that in locks and
/// consolidation, jemalloc's thread caches do not: a million-row import takes about a tenth
/// less time.
enum Allocator {
  /// From now on, memory the process frees is kept for reuse instead of handed back to the
  /// system as it goes (jemalloc's decay, off): for a bulk command that allocates and frees
  /// gigabytes and exits when done — an import — handing pages back only to fault them in again
  /// took a quarter of its system time. Not for `budget serve`, which lives on.
  ///
  /// Returns whether the allocator took the setting.
  @discardableResult
  static func keepFreedMemory() -> Bool {
    func never(_ name: String) -> Bool {
      var never = -1  // ssize_t: never decay
      return mallctl(name, nil, nil, &never, MemoryLayout<Int>.size) == 0
    }
    // The default of arenas made from now on, then each arena there is (one not in use yet
    // answers EFAULT, and takes the new default when it is).
    let taken = never("arenas.dirty_decay_ms") && never("arenas.muzzy_decay_ms")
    var arenas: UInt32 = 0
    var size = MemoryLayout<UInt32>.size
    guard taken, mallctl("arenas.narenas", &arenas, &size, nil, 0) == 0 else { return false }
    for arena in 0..<arenas {
      _ = never("arena.\(arena).dirty_decay_ms")
      _ = never("arena.\(arena).muzzy_decay_ms")
    }
    return true
  }

  /// The environment variable that asks for `report()` at exit: the path of the file to write.
  static let reportVariable = "BUDGET_ALLOCATOR_REPORT"

  /// With `BUDGET_ALLOCATOR_REPORT=FILE` set, writes `report()` to FILE when the process exits,
  /// whatever the command did: how the tests tell the executable runs on jemalloc and which
  /// decay the command left, without parsing jemalloc's statistics text.
  static func reportAtExitIfAsked() {
    guard let path = ProcessInfo.processInfo.environment[reportVariable], !path.isEmpty else { return }
    atexit {
      guard let path = ProcessInfo.processInfo.environment[Allocator.reportVariable] else { return }
      _ = FileManager.default.createFile(atPath: path, contents: Data(Allocator.report().utf8))
    }
  }

  /// What jemalloc says about itself through `mallctl`, as one JSON object: `version`,
  /// `opt.dirty_decay_ms` (the setting the process started with), `arenas.dirty_decay_ms` and
  /// `arenas.muzzy_decay_ms` (the ones in force; -1: never), `stats.allocated` (bytes it has
  /// handed out and not had back: more than 0 once malloc is jemalloc's). A value the
  /// allocator does not answer is `null`.
  static func report() -> String {
    func integer(_ name: String) -> String {
      var value = 0
      var size = MemoryLayout<Int>.size
      return mallctl(name, &value, &size, nil, 0) == 0 ? String(value) : "null"
    }
    var version: UnsafePointer<CChar>?
    var size = MemoryLayout<UnsafePointer<CChar>?>.size
    let versionText =
      mallctl("version", &version, &size, nil, 0) == 0 && version != nil
      ? "\"" + String(cString: version!).filter { $0 != "\"" && $0 != "\\" } + "\"" : "null"
    // Statistics are a snapshot taken when the epoch advances.
    var epoch: UInt64 = 1
    _ = mallctl("epoch", nil, nil, &epoch, MemoryLayout<UInt64>.size)
    let fields = [
      ("version", versionText),
      ("opt.dirty_decay_ms", integer("opt.dirty_decay_ms")),
      ("arenas.dirty_decay_ms", integer("arenas.dirty_decay_ms")),
      ("arenas.muzzy_decay_ms", integer("arenas.muzzy_decay_ms")),
      ("stats.allocated", integer("stats.allocated")),
    ]
    return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}\n"
  }

  /// How long freed memory is kept before it is handed back (jemalloc's `arenas.dirty_decay_ms`;
  /// -1: never); `nil` if the allocator does not answer.
  static var dirtyDecayMilliseconds: Int? {
    var value = 0
    var size = MemoryLayout<Int>.size
    return mallctl("arenas.dirty_decay_ms", &value, &size, nil, 0) == 0 ? value : nil
  }
}
