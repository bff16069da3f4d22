import HummingbirdCore
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

  private let limits: BudgetServer.Limits
  private let connections: CappedCount
  private var admitted = false
  private var headDeadline: Scheduled<Void>?

  init(limits: BudgetServer.Limits, connections: CappedCount) {
    self.limits = limits
    self.connections = connections
  }

  func handlerAdded(context: ChannelHandlerContext) {
    guard connections.admit() else {
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
      connections.release()
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
