import Crypto
import Foundation
import HTTPTypes
import Hummingbird

/// The web app's login: a cookie the browser keeps after visiting the login link
/// (`/?token=…`), so that no page needs the token itself.
///
/// Its value is an HMAC of a fixed label under the access token: it proves the token was
/// presented, survives a server restart (the token is kept in its file) and stops working
/// when the token changes. `HttpOnly` keeps it from scripts; `SameSite=Strict` keeps every
/// other site's pages from sending it. Cookies ignore ports, so its name carries the port:
/// two servers on one machine keep their logins apart.
struct SessionCookie: Sendable {
  let token: AccessToken

  /// `budget_session_8080`.
  static func name(port: Int?) -> String { "budget_session_\(port ?? 0)" }

  /// The cookie's value for this server's token.
  var value: String {
    let key = SymmetricKey(data: Data(token.value.utf8))
    let code = HMAC<SHA256>.authenticationCode(for: Data("budget-ledger web session v1".utf8), using: key)
    return code.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
  }

  /// The `Set-Cookie` header that logs a browser in.
  func setCookie(port: Int?) -> String {
    "\(Self.name(port: port))=\(value); Path=/; HttpOnly; SameSite=Strict; Max-Age=\(Self.lifetimeSeconds)"
  }

  /// How long a login lasts: thirty days.
  static let lifetimeSeconds = 30 * 24 * 3600

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

  /// Whether `presented` is this server's session cookie (compared in constant time).
  func accepts(_ presented: String) -> Bool { ConstantTime.equal(presented, value) }
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
