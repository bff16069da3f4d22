#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A writer-preferring readers-writer lock around `pthread_rwlock_t`.
///
/// LMDB may only change the map size while no transaction of this process is open. Every
/// transaction holds this lock shared; growing the map holds it exclusively.
final class ReadersWriterLock: @unchecked Sendable {
  private let lock: UnsafeMutablePointer<pthread_rwlock_t>

  init() {
    lock = .allocate(capacity: 1)
    var attributes = pthread_rwlockattr_t()
    pthread_rwlockattr_init(&attributes)
    #if canImport(Glibc)
      // Without this, a steady stream of readers could starve a map resize forever.
      pthread_rwlockattr_setkind_np(&attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
    #endif
    pthread_rwlock_init(lock, &attributes)
    pthread_rwlockattr_destroy(&attributes)
  }

  deinit {
    pthread_rwlock_destroy(lock)
    lock.deallocate()
  }

  @inline(__always) func lockShared() { pthread_rwlock_rdlock(lock) }
  @inline(__always) func lockExclusive() { pthread_rwlock_wrlock(lock) }
  @inline(__always) func unlock() { pthread_rwlock_unlock(lock) }
}
