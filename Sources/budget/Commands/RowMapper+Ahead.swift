import Dispatch
import Foundation

extension RowMapper {
  /// Maps the file's chunks in order on a thread of its own, up to `ahead` chunks ahead of
  /// the one taken last: a chunk that takes long to map (the machine is busy) is absorbed by
  /// those mapped early, instead of holding up the stages after it.
  final class Ahead: @unchecked Sendable {
    // Unchecked: `mapped`, `taken` and `stopped` are guarded by `lock`; the mapper is used by the
    // mapping thread alone once started.
    private let lock = NSCondition()
    private var mapped: [Int: Result<Mapped, any Error>] = [:]
    private var taken = -1
    private var stopped = false
    private let ahead: Int

    init(_ mapper: RowMapper, chunks: Int, ahead: Int) {
      self.ahead = ahead
      let thread = Thread { [self] in
        for index in 0..<chunks {
          lock.lock()
          while !stopped, index > taken + ahead { lock.wait() }
          let stop = stopped
          lock.unlock()
          if stop { return }
          let result = Result { try mapper.map(chunk: index) }
          lock.lock()
          mapped[index] = result
          lock.broadcast()
          lock.unlock()
          if case .failure = result { return }
        }
      }
      thread.name = "budget-import-mapping"
      thread.start()
    }

    /// Chunk `index`, once mapped — waiting for it on a thread of Dispatch's own, not the
    /// caller's (a task must not block the threads other tasks run on).
    func take(_ index: Int) async throws -> Mapped {
      try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { [self] in
          lock.lock()
          while mapped[index] == nil { lock.wait() }
          let result = mapped.removeValue(forKey: index)!
          taken = index
          lock.broadcast()
          lock.unlock()
          continuation.resume(with: result)
        }
      }
    }

    /// Stops mapping (the import ended early).
    func stop() {
      lock.lock()
      stopped = true
      lock.broadcast()
      lock.unlock()
    }
  }
}
