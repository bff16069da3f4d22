import Ledger

/// How the request being handled proved itself: `web` (the session cookie), `token` (the
/// bearer token), or `open` when the server runs without authentication. Set by
/// ``AuthenticationMiddleware`` for the handler's task; writes record it as `api:…`.
enum RequestPrincipal {
  @TaskLocal static var current = "open"
  /// The device whose token the request presented, on a hub; `nil` for any other credential.
  @TaskLocal static var device: Device?
  /// The web session the request came with; `nil` for any other credential.
  @TaskLocal static var session: WebSession?
}
