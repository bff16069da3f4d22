import HummingbirdCore
import NIOCore
import NIOHTTPTypes

/// Closes connections that would otherwise hold the server's resources forever: one that has
/// not sent a whole request head within the header timeout of opening (a client that trickles
/// its headers, or never sends any), one whose client stops reading a response (nothing of it
/// goes out within the send timeout), one that has never shown a credential and sits idle
/// after its answer for the unauthenticated idle timeout, and any connection the
/// ``ConnectionTable`` has no room for (or closes to make room for a newcomer).
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
  private let connections: ConnectionTable
  private var admitted = false
  private var headDeadline: Scheduled<Void>?
  /// Requests whose answer has not been written to the end yet.
  private var unanswered = 0
  /// Set while an unproven connection waits for its next request.
  private var unprovenIdleDeadline: Scheduled<Void>?
  /// Set while the socket takes no more (the channel is not writable).
  private var sendDeadline: Scheduled<Void>?

  init(limits: BudgetServer.Limits, connections: ConnectionTable) {
    self.limits = limits
    self.connections = connections
  }

  func handlerAdded(context: ChannelHandlerContext) {
    guard connections.admit(context.channel) else {
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
    unprovenIdleDeadline?.cancel()
    unprovenIdleDeadline = nil
    if admitted {
      admitted = false
      connections.release(context.channel)
    }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if case .head = unwrapInboundIn(data) {
      headDeadline?.cancel()
      headDeadline = nil
      unprovenIdleDeadline?.cancel()
      unprovenIdleDeadline = nil
      unanswered += 1
      if unanswered == 1 { connections.setBusy(context.channel, true) }
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
    if case .end = unwrapOutboundIn(data) { answered(context) }
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

  /// A response written to its end: once none is under way, the connection is idle — and, if
  /// it has never shown a credential, closed unless a request comes soon.
  private func answered(_ context: ChannelHandlerContext) {
    unanswered = max(0, unanswered - 1)
    guard unanswered == 0 else { return }
    connections.setBusy(context.channel, false)
    guard !connections.isProven(context.channel) else { return }
    unprovenIdleDeadline?.cancel()
    let loop = context.eventLoop.assumeIsolatedUnsafeUnchecked()
    unprovenIdleDeadline = loop.scheduleTask(in: .init(limits.unauthenticatedIdleTimeout)) {
      context.close(promise: nil)
    }
  }
}
