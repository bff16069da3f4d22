import Foundation
import Ledger
import Synchronization

/// Flushes a file to disk on a thread of its own, so that other work — checking the file's
/// contents from the page cache — runs meanwhile; ``wait()`` returns once the flush is done
/// (or throws why it failed). A blocking `fsync` must not hold one of the few threads that
/// run the process's async tasks.
final class FileFlush: Sendable {
  private let done = DispatchSemaphore(value: 0)
  /// The flush's `errno`, if it failed.
  private let failure = Mutex<Int32?>(nil)

  /// Starts flushing the file at `path`.
  init(_ path: String) {
    Thread { [self] in
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      let code: Int32? = descriptor < 0 ? errno : (fsync(descriptor) == 0 ? nil : errno)
      if descriptor >= 0 { close(descriptor) }
      failure.withLock { $0 = code }
      done.signal()
    }.start()
  }

  /// Waits for the flush, without holding the caller's thread.
  func wait() async throws {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Thread { [done] in
        done.wait()
        done.signal()  // a second wait returns at once
        continuation.resume()
      }.start()
    }
    if let code = failure.withLock({ $0 }) {
      throw SyncError.damaged("cannot flush the ledger's copy to disk (\(String(cString: strerror(code))))")
    }
  }
}
