import Foundation
import LedgerWire

/// One browser's login to the web app, as the sessions file keeps it.
///
/// The browser holds two secrets: the cookie's (HttpOnly, so no script reads it) and the
/// session key (kept by the page in its origin's storage and sent in `X-Budget-Session`).
/// Only their SHA-256 digests are kept here. A cookie alone is worth nothing: browsers send
/// cookies to every port of a host, but a page's storage belongs to its origin, port included,
/// so a server on another port may see the cookie and never the key.
public struct WebSession: Sendable, Hashable, Codable {
  /// The session's public name (what `budget sessions` lists and logs out).
  public var id: String
  /// SHA-256 of the cookie's secret, as hex.
  var cookieDigest: String
  /// SHA-256 of the session key, as hex.
  var keyDigest: String
  /// Which access token the login was made under (``AccessToken/fingerprint``): a session
  /// ends when the token is replaced.
  var token: String
  /// When the login link was opened, in seconds since 1970.
  public var created: Int64
  /// When the session last made a request, in seconds since 1970 (to the minute).
  public var lastUsed: Int64
  /// The browser, as its `User-Agent` header named it (cut to 120 characters).
  public var userAgent: String
  /// The address the login came from.
  public var address: String
}

/// A login code: what a one-time login link carries. Only its digest is kept; it works once,
/// until ``expires``.
struct LoginCode: Sendable, Hashable, Codable {
  /// SHA-256 of the code's normalised text, as hex.
  var digest: String
  /// When it stops working, in seconds since 1970.
  var expires: Int64
  /// The fingerprint of the access token it was minted under, when that was known (the
  /// server's, or a running server's for `budget login-link`): under another token it opens
  /// nothing — replacing the token ends the links given out before.
  var token: String?
}

/// What the sessions file holds.
struct SessionFileContents: Sendable, Codable {
  var version = 1
  var sessions: [WebSession] = []
  var codes: [LoginCode] = []
}

extension Wire.Session {
  /// `session` as the front ends list it; `current` when it is the one the request came with.
  public init(_ session: WebSession, current: Bool = false) {
    self.init(
      id: session.id, created: session.created, lastUsed: session.lastUsed, userAgent: session.userAgent,
      address: session.address, current: current)
  }
}
