import HummingbirdCore
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTPTypes

/// Closes connections that would otherwise hold the server's resources forever: one that has
/// not sent a whole request head within the header timeout of opening (a client that trickles
/// its headers, or never sends any), and any connection beyond the cap on open connections.
///
/// Between requests, Hummingbird's idle timeout closes a kept-alive connection that stays
/// silent (``BudgetServer/Limits/idleTimeout``); a response being written (an event stream)
/// is never cut.
final class ConnectionGuard: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart

  /// The number of open connections, shared by every connection's guard.
  final class Counter: Sendable {
    private let open = NIOLockedValueBox(0)

    /// Counts a connection in; false (and not counted) when `limit` are already open.
    func admit(limit: Int) -> Bool {
      open.withLockedValue { count in
        guard count < limit else { return false }
        count += 1
        return true
      }
    }

    func release() { open.withLockedValue { $0 -= 1 } }

    var current: Int { open.withLockedValue { $0 } }
  }

  private let limits: BudgetServer.Limits
  private let counter: Counter
  private var admitted = false
  private var headDeadline: Scheduled<Void>?

  init(limits: BudgetServer.Limits, counter: Counter) {
    self.limits = limits
    self.counter = counter
  }

  func handlerAdded(context: ChannelHandlerContext) {
    guard counter.admit(limit: limits.maxConnections) else {
      context.close(promise: nil)
      return
    }
    admitted = true
    let loop = context.eventLoop.assumeIsolatedUnsafeUnchecked()
    headDeadline = loop.scheduleTask(in: .init(limits.headerTimeout)) { context.close(promise: nil) }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    headDeadline?.cancel()
    headDeadline = nil
    if admitted {
      admitted = false
      counter.release()
    }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if case .head = unwrapInboundIn(data) {
      headDeadline?.cancel()
      headDeadline = nil
    }
    context.fireChannelRead(data)
  }
}
