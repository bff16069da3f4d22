import Foundation
import HTTPTypes
import Hummingbird
import Ledger

/// Lets an API request through only with a credential: `Authorization: Bearer TOKEN` (scripts),
/// the session cookie the login link set (the web app), or `?access_token=` on the event
/// stream alone (an EventSource outside a browser cannot set headers). Wrong credentials are
/// throttled per client address and logged; the request's principal is recorded for the
/// events it writes (``RequestPrincipal``).
///
/// A hub also lets in the devices of its ``DeviceRegistry`` by their own bearer tokens: the
/// principal is then `device:NAME`, and a read-only device may only read.
struct AuthenticationMiddleware: RouterMiddleware {
  typealias Context = ServerContext
  let access: BudgetServer.Access
  let throttle: AuthThrottle
  let devices: DeviceRegistry
  /// Told of each connection that shows a credential, which keeps it from being closed to
  /// make room for others.
  let connections: ConnectionTable

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard case .token(let token) = access else {
      connections.prove(context.channel)
      return try await next(request, context)
    }
    let address = context.clientAddress
    if let wait = throttle.waitTime(for: address) { throw Self.tooManyAttempts(wait) }
    let principal: String
    switch Self.credential(in: request, port: context.localPort) {
    case .none:
      throw APIError(
        .unauthorized, code: "unauthorized",
        "this server needs you to log in: open the login link that budget serve printed, or send Authorization: Bearer TOKEN (the token is in the file it named)"
      )
    case .bearer(let given), .query(let given):
      if !token.matches(given), let device = devices.authenticate(given) {
        throttle.recordSuccess(from: address)
        connections.prove(context.channel)
        return try await serve(request, as: device, context: context, next: next)
      }
      guard token.matches(given) else { throw refuse(address, what: "access token") }
      principal = "token"
    case .cookie(let given):
      guard SessionCookie(token: token).accepts(given) else { throw refuse(address, what: "session cookie") }
      principal = "web"
    }
    throttle.recordSuccess(from: address)
    connections.prove(context.channel)
    return try await RequestPrincipal.$current.withValue(principal) { try await next(request, context) }
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
    case cookie(String)
    case query(String)
  }

  static func credential(in request: Request, port: Int?) -> Credential? {
    if let header = request.headers[.authorization] {
      let parts = header.split(separator: " ", maxSplits: 1)
      if parts.count == 2, parts[0].lowercased() == "bearer" {
        return .bearer(parts[1].trimmingCharacters(in: .whitespaces))
      }
      return .bearer("")  // another scheme is a wrong credential, not none
    }
    if let cookie = SessionCookie.presented(in: request, port: port) { return .cookie(cookie) }
    if request.method == .get, request.uri.path.hasSuffix("/events/stream"),
      let given = request.uri.queryParameters.get("access_token")
    {
      return .query(given)
    }
    return nil
  }

  /// Counts a wrong credential and says so on standard error (the operator's log).
  private func refuse(_ address: String, what: String) -> APIError {
    let (failures, delay) = throttle.recordFailure(from: address)
    let wait = delay > .zero ? "; further attempts from it wait \(Self.seconds(delay)) s" : ""
    FileHandle.standardError.write(
      Data("budget serve: wrong \(what) from \(address) (\(failures) in a row\(wait))\n".utf8))
    return APIError(
      .unauthorized, code: "unauthorized",
      "wrong \(what): open the login link that budget serve printed, or send the token in its file")
  }

  static func tooManyAttempts(_ wait: Duration) -> APIError {
    APIError(
      .tooManyRequests, code: "too_many_attempts",
      "too many wrong access tokens from this address; try again in \(seconds(wait)) s",
      details: ["retryAfter": String(seconds(wait))])
  }

  static func seconds(_ duration: Duration) -> Int {
    max(1, Int((Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18).rounded(.up)))
  }
}
