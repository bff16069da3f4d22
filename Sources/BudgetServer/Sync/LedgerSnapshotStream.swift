import Foundation
import Ledger
import NIOCore
import NIOPosix

/// A compacted copy of a ledger file as a stream of buffers, for `GET /sync/snapshot`.
///
/// LMDB first writes the copy into an unnamed temporary file beside the ledger, on a thread of
/// its own (the copy blocks for as long as it takes, seconds on a big ledger, and must not hold
/// one of the few threads Swift's tasks run on). The copy holds an LMDB read transaction, and
/// while one is open no page the ledger frees is reused, so it is made at the disk's pace, never
/// the device's: a device that reads slowly, or stops, holds no transaction. Then a thread feeds
/// the file into a pipe whose other end an event loop reads without blocking, handing each
/// buffer on as it arrives — back-pressured, so a slow device slows the feeding instead of
/// filling memory. When the receiver stops (the device went away, or was cut off), the read
/// end is closed, the next write fails with `EPIPE` (SwiftNIO ignores `SIGPIPE`), and the file
/// is closed, which removes it.
final class LedgerSnapshotStream: @unchecked Sendable {
  struct CopyFailed: Error, CustomStringConvertible {
    let reason: String
    var description: String { "the ledger's copy failed: \(reason)" }
  }

  /// The temporary file holding the copy, already unlinked: closing it removes it.
  private let file: Int32
  /// Called once the copy is gone (its slot among the downloads given back).
  private let onEnd: @Sendable () -> Void

  private init(file: Int32, onEnd: @escaping @Sendable () -> Void) {
    self.file = file
    self.onEnd = onEnd
  }

  deinit {
    close(file)
    onEnd()
  }

  /// Copies `ledger` into a temporary file in its directory; the read transaction ends when
  /// this returns. `onEnd` is called once the copy is gone — when it fails, or when the last
  /// reference to the answer goes, whether or not it was ever sent.
  static func copy(of ledger: Ledger, onEnd: @escaping @Sendable () -> Void) async throws -> LedgerSnapshotStream {
    let directory = URL(fileURLWithPath: ledger.path).deletingLastPathComponent().path
    return try await withCheckedThrowingContinuation { continuation in
      let copier = Thread {
        continuation.resume(
          with: Result {
            var template = Array((directory + "/.snapshot-XXXXXX").utf8CString)
            let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard file >= 0 else {
              onEnd()
              throw CopyFailed(reason: "no temporary file in \(directory) (errno \(errno))")
            }
            let snapshot = LedgerSnapshotStream(file: file, onEnd: onEnd)
            _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
            _ = fcntl(file, F_SETFD, FD_CLOEXEC)
            do { try ledger.writeCopy(toDescriptor: file) } catch { throw CopyFailed(reason: "\(error)") }
            guard lseek(file, 0, SEEK_SET) == 0 else { throw CopyFailed(reason: "cannot rewind (errno \(errno))") }
            return snapshot
          })
      }
      copier.name = "ledger copy"
      copier.start()
    }
  }

  /// Hands the copy to `deliver`, one buffer at a time; throws if reading it fails (after some
  /// buffers may have been delivered).
  func stream(into deliver: (ByteBuffer) async throws -> Void) async throws {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw CopyFailed(reason: "no pipe (errno \(errno))") }
    let (readEnd, writeEnd) = (ends[0], ends[1])
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    #if os(Linux)
      // F_SETPIPE_SZ (not exported by Glibc's module): 1 MiB in flight instead of 64 KiB, so
      // the event loop reads big buffers.
      _ = fcntl(writeEnd, 1031, 1 << 20)
    #endif
    let channel: NIOAsyncChannel<ByteBuffer, Never>
    do {
      channel = try await NIOPipeBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .takingOwnershipOfDescriptor(input: readEnd) { channel in
          channel.eventLoop.makeCompletedFuture {
            try NIOAsyncChannel<ByteBuffer, Never>(wrappingChannelSynchronously: channel)
          }
        }
    } catch {
      close(readEnd)
      close(writeEnd)
      throw error
    }
    let outcome = CopyOutcome()
    let feeder = Thread { [self] in
      defer { close(writeEnd) }
      if let failure = feed(writeEnd) { outcome.fail(failure) }
    }
    feeder.name = "ledger copy feeder"
    feeder.start()
    try await channel.executeThenClose { inbound in
      for try await buffer in inbound { try await deliver(buffer) }
    }
    if let failure = outcome.failure { throw CopyFailed(reason: failure) }
  }

  /// Writes the file, from where it stands, into `pipe`; the reason when reading fails.
  /// A write that fails (the reader went away) just ends it.
  private func feed(_ pipe: Int32) -> String? {
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
      if count == 0 { return nil }
      if count < 0 {
        if errno == EINTR { continue }
        return "reading the copy failed (errno \(errno))"
      }
      var written = 0
      while written < count {
        let step = buffer[written..<count].withUnsafeBytes { write(pipe, $0.baseAddress, $0.count) }
        if step < 0, errno == EINTR { continue }
        guard step > 0 else { return nil }
        written += step
      }
    }
  }

  /// What the feeding thread reports: the reason it failed, if it did — recorded before it
  /// closes the pipe, so known once the pipe has reached its end.
  private final class CopyOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var reason: String?

    func fail(_ reason: String) { lock.withLock { self.reason = reason } }
    var failure: String? { lock.withLock { reason } }
  }
}
