import Foundation
import Ledger
import NIOCore
import NIOPosix

/// A compacted copy of a ledger file as a stream of buffers, for `GET /sync/snapshot`.
///
/// LMDB writes the copy front to back into a pipe from a thread of its own (the copy blocks
/// for as long as it takes, seconds on a big ledger, and must not hold one of the few threads
/// Swift's tasks run on); an event loop reads the pipe's other end without blocking and hands
/// each buffer on as it arrives — back-pressured, so a slow device slows the copy instead of
/// filling memory. When the receiver stops (the device went away), the read end is closed,
/// LMDB's next write fails with `EPIPE` (SwiftNIO ignores `SIGPIPE`) and the copy ends,
/// releasing its read snapshot.
enum LedgerSnapshotStream {
  struct CopyFailed: Error, CustomStringConvertible {
    let reason: String
    var description: String { "the ledger's copy failed: \(reason)" }
  }

  /// Copies `ledger` into `deliver`, one buffer at a time; throws if the copy fails (after
  /// some buffers may have been delivered).
  static func stream(of ledger: Ledger, into deliver: (ByteBuffer) async throws -> Void) async throws {
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
    let copier = Thread {
      defer { close(writeEnd) }
      do { try ledger.writeCopy(toDescriptor: writeEnd) } catch { outcome.fail("\(error)") }
    }
    copier.name = "ledger copy"
    copier.start()
    try await channel.executeThenClose { inbound in
      for try await buffer in inbound { try await deliver(buffer) }
    }
    if let failure = outcome.failure { throw CopyFailed(reason: failure) }
  }

  /// What the copying thread reports: the reason it failed, if it did — recorded before it
  /// closes the pipe, so known once the pipe has reached its end.
  private final class CopyOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var reason: String?

    func fail(_ reason: String) { lock.withLock { self.reason = reason } }
    var failure: String? { lock.withLock { reason } }
  }
}
