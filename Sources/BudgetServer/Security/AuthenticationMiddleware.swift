import Foundation
import HTTPTypes
import Hummingbird
import Ledger

/// Lets an API request through only with a credential: `Authorization: Bearer TOKEN` (scripts,
/// devices), a web session — the cookie and the `X-Budget-Session` key, both — (the web app),
/// or `?ticket=` on the event stream alone (an `EventSource` cannot send headers; a ticket
/// opens one stream, see ``EventTickets``). The request's principal is recorded for the events
/// it writes (``RequestPrincipal``).
///
/// A right credential is never held up. Wrong ones are logged and counted per client address
/// (the forwarded one only with `--trust-proxy`); past a few, that address's wrong attempts
/// are answered 429 without a log line (``AuthThrottle``) — so no one can lock the owner out
/// by sending wrong tokens, and every credential is at least 100 random bits, so counting
/// is about noise, not guessing.
///
/// A hub also lets in the devices of its ``DeviceRegistry`` by their own bearer tokens: the
/// principal is then `device:NAME` — what its writes record, whatever `X-Budget-Actor` says —
/// and a read-only device may only read.
struct AuthenticationMiddleware: RouterMiddleware {
  typealias Context = ServerContext
  let access: BudgetServer.Access
  let throttle: AuthThrottle
  let devices: DeviceRegistry
  let sessions: SessionStore
  let tickets: EventTickets
  let trustProxy: Bool
  /// Told of each connection that shows a credential, which keeps it from being closed to
  /// make room for others.
  let connections: ConnectionTable

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard case .token(let token) = access else {
      connections.prove(context.channel, as: .owner)
      return try await next(request, context)
    }
    let address = context.clientAddress(of: request, trustingProxy: trustProxy)
    switch Self.credential(in: request, port: context.localPort) {
    case .none:
      throw APIError(
        .unauthorized, code: "unauthorized",
        "this server needs you to log in: open a login link (budget login-link prints one), or send Authorization: Bearer TOKEN (the token is in the file budget serve named)"
      )
    case .bearer(let given):
      if token.matches(given) {
        connections.prove(context.channel, as: .owner)
        return try await RequestPrincipal.$current.withValue("token") { try await next(request, context) }
      }
      if let device = devices.authenticate(given) {
        connections.prove(context.channel, as: .device(device.name))
        return try await serve(request, as: device, context: context, next: next)
      }
      throw refuse(address, what: "access token")
    case .session(let cookie, let key):
      switch sessions.authenticate(cookie: cookie, key: key, token: token) {
      case .valid(let session):
        connections.prove(context.channel, as: .owner)
        return try await RequestPrincipal.$session.withValue(session) {
          try await RequestPrincipal.$current.withValue("web") { try await next(request, context) }
        }
      case .missingKey:
        throw APIError(
          .unauthorized, code: "unauthorized",
          "this browser has the session cookie but not its session key (was the site's data cleared, or is this another port's page?): open a new login link — budget login-link prints one"
        )
      case .ended:
        throw APIError(
          .unauthorized, code: "session_ended",
          "this login has ended (unused for a while, logged out, or the access token was replaced): open a new login link — budget login-link prints one"
        )
      case .wrong:
        throw refuse(address, what: "session")
      }
    case .ticket(let given):
      guard let holder = tickets.redeem(given) else { throw refuse(address, what: "event-stream ticket") }
      connections.prove(context.channel, as: holder.device.map { .device($0.name) } ?? .owner)
      if let device = holder.device {
        let current = (try? devices.devices())?.first { $0.name == device.name && !$0.isRevoked }
        guard let current else { throw refuse(address, what: "event-stream ticket") }
        return try await serve(request, as: current, context: context, next: next)
      }
      if let session = holder.session {
        guard sessions.isLive(session) else { throw refuse(address, what: "event-stream ticket") }
        return try await RequestPrincipal.$session.withValue(session) {
          try await RequestPrincipal.$current.withValue(holder.principal) { try await next(request, context) }
        }
      }
      return try await RequestPrincipal.$current.withValue(holder.principal) { try await next(request, context) }
    }
  }

  /// Lets a device's request through as `device:NAME`; a read-only device's writes are refused.
  private func serve(
    _ request: Request, as device: Device, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard !device.readOnly || request.method == .get || request.method == .head else {
      throw APIError(
        .forbidden, code: "read_only_device",
        "device '\(device.name)' is read-only: it can pull the ledger but not change it; add a device without --read-only to write"
      )
    }
    return try await RequestPrincipal.$device.withValue(device) {
      try await RequestPrincipal.$current.withValue("device:\(device.name)") { try await next(request, context) }
    }
  }

  /// What a request presents.
  enum Credential {
    case bearer(String)
    /// The session cookie, and the session key if the request sent it.
    case session(cookie: String, key: String?)
    case ticket(String)
  }

  static func credential(in request: Request, port: Int?) -> Credential? {
    if let header = request.headers[.authorization] {
      let parts = header.split(separator: " ", maxSplits: 1)
      if parts.count == 2, parts[0].lowercased() == "bearer" {
        return .bearer(parts[1].trimmingCharacters(in: .whitespaces))
      }
      return .bearer("")  // another scheme is a wrong credential, not none
    }
    // A browser's EventSource sends the cookie but cannot send the key: its ticket decides.
    if request.method == .get, request.uri.path.hasSuffix("/events/stream"),
      let given = request.uri.queryParameters.get("ticket")
    {
      return .ticket(String(given))
    }
    if let cookie = SessionCookie.presented(in: request, port: port) {
      return .session(cookie: cookie, key: request.headers[.budgetSession])
    }
    return nil
  }

  /// Counts a wrong credential and says so on standard error (the operator's log).
  /// Past the free failures, an address's wrong attempts are only answered 429 (and not
  /// logged: the log says once when the address was held off).
  private func refuse(_ address: String, what: String) -> APIError {
    if let wait = throttle.waitTime(for: address) {
      throttle.recordFailure(from: address)
      return Self.tooManyAttempts(wait)
    }
    let (failures, delay) = throttle.recordFailure(from: address)
    let wait = delay > .zero ? "; its wrong attempts are refused for \(Self.seconds(delay)) s" : ""
    FileHandle.standardError.write(
      Data("budget serve: wrong \(what) from \(address) (\(failures) in a row\(wait))\n".utf8))
    return APIError(
      .unauthorized, code: "unauthorized",
      "wrong \(what): open a login link (budget login-link prints one), or send the token in the file budget serve named"
    )
  }

  static func tooManyAttempts(_ wait: Duration) -> APIError {
    APIError(
      .tooManyRequests, code: "too_many_attempts",
      "too many wrong credentials from this address; a right one is let in at once, a wrong one is refused for \(seconds(wait)) s more",
      details: ["retryAfter": String(seconds(wait))])
  }

  static func seconds(_ duration: Duration) -> Int {
    max(1, Int((Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18).rounded(.up)))
  }
}
