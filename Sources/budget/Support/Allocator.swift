import CJemalloc

/// The memory allocator of the `budget` executable: jemalloc, linked in place of glibc's
/// malloc (importing `CJemalloc` links it; the libraries and their tests keep the system's).
///
/// An import hands each row from thread to thread — mapped on one, decided on another, written
/// and folded into the read models on others — so most of its small allocations are freed on
/// a thread other than the one that made them; glibc's arenas pay for that in locks and
/// consolidation, jemalloc's thread caches do not (docs/benchmarks.md, "Eighteenth session").
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

  /// How long freed memory is kept before it is handed back (jemalloc's `arenas.dirty_decay_ms`;
  /// -1: never); `nil` if the allocator does not answer.
  static var dirtyDecayMilliseconds: Int? {
    var value = 0
    var size = MemoryLayout<Int>.size
    return mallctl("arenas.dirty_decay_ms", &value, &size, nil, 0) == 0 ? value : nil
  }
}
