import HummingbirdCore
import NIOCore
import NIOHTTPTypes

/// Closes connections that would otherwise hold the server's resources forever: one that has
/// not sent a whole request head within the header timeout of opening (a client that trickles
/// its headers, or never sends any), one whose client stops reading a response (nothing of it
/// goes out within the send timeout), and any connection beyond the cap on open connections.
///
/// Between requests, Hummingbird's idle timeout closes a kept-alive connection that stays
/// silent (``BudgetServer/Limits/idleTimeout``); a response being written (an event stream)
/// is not cut while its client keeps reading it.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  /// The most of a response body handed to the socket in one write. Each piece that goes out
  /// is progress, so a big body (a pull's page) sent to a slow but steady client is not cut
  /// off: only a client that takes less than this in a whole send timeout is.
  static let sliceBytes = 64 * 1024

  private let limits: BudgetServer.Limits
  private let connections: CappedCount
  private var admitted = false
  private var headDeadline: Scheduled<Void>?
  /// Set while the socket takes no more (the channel is not writable).
  private var sendDeadline: Scheduled<Void>?

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
    sendDeadline?.cancel()
    sendDeadline = nil
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

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    if context.channel.isWritable {
      sendDeadline?.cancel()
      sendDeadline = nil
    } else if sendDeadline == nil {
      armSendDeadline(context)
    }
    context.fireChannelWritabilityChanged()
  }

  /// Passes the response on, a big body in slices of ``sliceBytes``, and counts each write
  /// that reaches the socket as progress.
  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    guard case .body(var buffer) = unwrapOutboundIn(data), buffer.readableBytes > Self.sliceBytes else {
      context.write(data, promise: tracking(promise, context))
      return
    }
    while buffer.readableBytes > Self.sliceBytes, let slice = buffer.readSlice(length: Self.sliceBytes) {
      context.write(wrapOutboundOut(.body(slice)), promise: tracking(nil, context))
    }
    context.write(wrapOutboundOut(.body(buffer)), promise: tracking(promise, context))
  }

  /// `promise` (or a new one) with a callback that moves the send deadline on once the write
  /// is done.
  private func tracking(_ promise: EventLoopPromise<Void>?, _ context: ChannelHandlerContext) -> EventLoopPromise<Void>
  {
    let written = promise ?? context.eventLoop.makePromise()
    written.futureResult.assumeIsolatedUnsafeUnchecked().whenSuccess {
      guard self.sendDeadline != nil else { return }
      self.sendDeadline?.cancel()
      self.armSendDeadline(context)
    }
    return written
  }

  private func armSendDeadline(_ context: ChannelHandlerContext) {
    let loop = context.eventLoop.assumeIsolatedUnsafeUnchecked()
    sendDeadline = loop.scheduleTask(in: .init(limits.sendTimeout)) { context.close(promise: nil) }
  }
}
