import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1 channel with one more look at each request line before it becomes an
/// `HTTPRequest` — the conversion keeps only the path of an absolute-form target
/// (`GET http://other.example/… HTTP/1.1`) and only the first of several `Host` headers, so
/// neither could be seen, and refused, afterwards.
///
/// ``RequestLineGuard`` marks such a request with ``RequestLineGuard/markerName``;
/// ``RequestGuardMiddleware`` refuses marked requests with the error shape of the API.
struct GuardedHTTP1Channel: ServerChildChannel {
  typealias Value = HTTP1Channel.Value
  let inner: HTTP1Channel

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
      let codec = try channel.pipeline.syncOperations.handler(type: HTTP1ToHTTPServerCodec.self)
      try channel.pipeline.syncOperations.addHandler(RequestLineGuard(), position: .before(codec))
      return value
    }
  }

  func handle(value: Value, logger: Logger) async { await inner.handle(value: value, logger: logger) }
}

/// Marks requests whose target is not a path or that carry other than one `Host` header.
final class RequestLineGuard: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart

  /// The header that carries the mark; any a client sends itself is removed first.
  static let markerName = "X-Budget-Refused-Request"

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .head(var head) = unwrapInboundIn(data) else {
      context.fireChannelRead(data)
      return
    }
    head.headers.remove(name: Self.markerName)
    if !head.uri.hasPrefix("/") {
      head.headers.add(name: Self.markerName, value: "target")
    } else if head.headers["Host"].count > 1 {
      head.headers.add(name: Self.markerName, value: "hosts")
    }
    context.fireChannelRead(wrapInboundOut(.head(head)))
  }
}
