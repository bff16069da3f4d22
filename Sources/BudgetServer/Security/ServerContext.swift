import Foundation
import Hummingbird
import NIOCore

/// The request context of every route: Hummingbird's core storage, the peer's address (for
/// throttling failed logins), the port it reached, and its connection (which authentication
/// marks as logged in, ``ConnectionTable``).
struct ServerContext: RequestContext, RemoteAddressRequestContext {
  var coreContext: CoreRequestContextStorage
  /// The client's address, as the connection reports it.
  let remoteAddress: SocketAddress?
  /// The port this connection reached (names the session cookie, as cookies ignore ports).
  let localPort: Int?
  /// The connection the request came on.
  let channel: any Channel

  init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    remoteAddress = source.channel.remoteAddress
    localPort = source.channel.localAddress?.port
    channel = source.channel
  }

  /// The client's IP address as text (`unknown` when the socket has none).
  var clientAddress: String { remoteAddress?.ipAddress ?? "unknown" }

  /// The address a request came from: the connection's, or — only when the server was told
  /// to trust a reverse proxy in front of it — the last address in `X-Forwarded-For` (the
  /// one the proxy added; earlier ones are the client's own word).
  func clientAddress(of request: Request, trustingProxy: Bool) -> String {
    guard trustingProxy, let forwarded = request.headers[values: .xForwardedFor].last,
      let last = forwarded.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty
    else { return clientAddress }
    return last
  }
}
