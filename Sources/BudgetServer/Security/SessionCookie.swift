import Foundation
import HTTPTypes
import Hummingbird

/// The web app's session cookie, `budget_session_PORT=ID.SECRET`: one half of a login (the
/// other is the session key the page sends in `X-Budget-Session`; see ``WebSession``).
///
/// `HttpOnly` keeps it from scripts; `SameSite=Strict` keeps other sites' pages from sending
/// it. Cookies ignore ports, so its name carries the port: two servers on one machine keep
/// their logins apart — and a server on another port that is sent it still lacks the key.
enum SessionCookie {
  /// `budget_session_8080`.
  static func name(port: Int?) -> String { "budget_session_\(port ?? 0)" }

  /// The header that logs a browser in with `value` for `lifetime`.
  static func set(_ value: String, port: Int?, lifetime: Duration) -> String {
    "\(name(port: port))=\(value); Path=/; HttpOnly; SameSite=Strict; Max-Age=\(lifetime.components.seconds)"
  }

  /// The header that makes a browser forget its session cookie (a logout).
  static func clear(port: Int?) -> String {
    "\(name(port: port))=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0"
  }

  /// The session cookie a request carries, if any.
  static func presented(in request: Request, port: Int?) -> String? {
    let name = Self.name(port: port)
    for header in request.headers[values: .cookie] {
      for pair in header.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
          return parts[1].trimmingCharacters(in: .whitespaces)
        }
      }
    }
    return nil
  }
}

/// Comparison of secrets in time independent of where they differ.
enum ConstantTime {
  static func equal(_ a: some StringProtocol, _ b: some StringProtocol) -> Bool {
    let x = Array(a.utf8), y = Array(b.utf8)
    var difference = UInt8(x.count == y.count ? 0 : 1)
    for index in 0..<max(x.count, y.count) {
      difference |= (index < x.count ? x[index] : 0) ^ (index < y.count ? y[index] : 0)
    }
    return difference == 0
  }
}
