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
}
