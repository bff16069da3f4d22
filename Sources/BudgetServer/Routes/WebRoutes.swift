import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The web app at `/` and the OpenAPI document at `/api/v1/openapi.yaml`: hand-written HTML,
/// CSS and JavaScript embedded in the binary (no build step, nothing to install).
///
/// `/?code=CODE` is a one-time login link (`budget serve` prints one at its start, `budget
/// login-link` any time): with a code that has not been used or expired it starts a web
/// session — the cookie, and the session key in the page, which keeps it in its origin's
/// storage and takes the code out of the address bar. `POST /login` does the same for a code
/// typed into the app's login form. The access token itself is never taken in an address.
struct WebRoutes {
  let access: BudgetServer.Access
  let throttle: AuthThrottle
  let sessions: SessionStore
  let trustProxy: Bool

  func register(on router: Router<ServerContext>) {
    router.get("/") { request, context in try login(request, context) ?? Self.page() }
    router.post("login") { request, context in try await loginForm(request, context) }
    router.get("assets/:name") { request, context in
      guard let name = context.parameters.get("name"), let asset = WebAssets.files[name] else {
        throw APIError.notFound("no such asset")
      }
      var response = Self.serve(asset.body, type: asset.contentType)
      // At the address of this version (the page names it so), it never changes.
      if let given = request.uri.queryParameters.get("v"), String(given) == WebAssets.version {
        response.headers[.cacheControl] = "public, max-age=31536000, immutable"
      }
      return response
    }
    router.get("favicon.ico") { _, _ in Response(status: .noContent) }
    // At the root, so that the worker's scope is the whole app.
    router.get("sw.js") { _, _ in Self.serve(WebAssets.serviceWorker, type: "text/javascript; charset=utf-8") }
    router.get("manifest.webmanifest") { _, _ in Self.serve(WebAssets.manifestJSON, type: "application/manifest+json") }
    router.get("api/v1/openapi.yaml") { _, _ in
      Self.serve(WebAssets.openAPI, type: "application/yaml; charset=utf-8")
    }
  }

  /// The answer to a login link, or nil for a plain visit.
  private func login(_ request: Request, _ context: ServerContext) throws -> Response? {
    if request.uri.queryParameters.get("token") != nil {
      var response = Self.serve(Self.tokenLinkPage, type: "text/html; charset=utf-8")
      response.status = .badRequest
      return response
    }
    guard let code = request.uri.queryParameters.get("code") else { return nil }
    guard let (cookie, key) = try redeem(String(code), request, context) else {
      var response = Self.serve(Self.wrongLinkPage, type: "text/html; charset=utf-8")
      response.status = .unauthorized
      return response
    }
    // The page keeps the key and replaces the address (code and all) with "/".
    let page = WebAssets.indexHTML.replacingOccurrences(
      of: "<head>", with: "<head>\n<meta name=\"budget-session\" content=\"\(key)\">")
    var response = Self.serve(page, type: "text/html; charset=utf-8")
    response.headers[.cacheControl] = "no-store"
    if let cookie { response.headers[.setCookie] = cookie }
    return response
  }

  /// `POST /login` with `{"code": "…"}`: the login form's way in; answers the session key.
  private func loginForm(_ request: Request, _ context: ServerContext) async throws -> Response {
    struct Body: Decodable { var code: String }
    let body: Body
    do {
      let buffer = try await request.body.collect(upTo: 4096)
      body = try JSONDecoder().decode(Body.self, from: Data(buffer.readableBytesView))
    } catch {
      throw APIError(.badRequest, code: "invalid_request", #"send {"code": "…"}: the code of a login link"#)
    }
    let code = body.code.split(separator: "code=").last.map(String.init) ?? body.code
    guard let (cookie, key) = try redeem(code, request, context) else {
      throw APIError(
        .unauthorized, code: "unauthorized",
        "that login code is wrong, used or expired (a code works once, for \(sessions.policy.codeLifetime.components.seconds / 60) minutes): run budget login-link for a new one"
      )
    }
    var headers: HTTPFields = [.contentType: "application/json", .cacheControl: "no-store"]
    if let cookie { headers[.setCookie] = cookie }
    let json = #"{"sessionKey":"\#(key)"}"#
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: json)))
  }

  /// Redeems a login code: the `Set-Cookie` header (nil on a server without a token, where
  /// nothing needs logging in) and the session key; nil for a wrong, used or expired code.
  private func redeem(
    _ code: String, _ request: Request, _ context: ServerContext
  ) throws -> (cookie: String?, key: String)? {
    guard case .token(let token) = access else { return (nil, "") }
    let address = context.clientAddress(of: request, trustingProxy: trustProxy)
    let redeemed: (session: WebSession, cookie: String, key: String)?
    do {
      redeemed = try sessions.redeem(
        code: code, token: token, userAgent: request.headers[.userAgent] ?? "", address: address)
    } catch {
      throw APIError(.internalServerError, code: "sessions_unavailable", error.description)
    }
    guard let redeemed else {
      if let wait = throttle.waitTime(for: address) {
        throttle.recordFailure(from: address)
        throw AuthenticationMiddleware.tooManyAttempts(wait)
      }
      let (failures, _) = throttle.recordFailure(from: address)
      FileHandle.standardError.write(
        Data("budget serve: wrong or used login code from \(address) (\(failures) in a row)\n".utf8))
      return nil
    }
    FileHandle.standardError.write(
      Data("budget serve: web session \(redeemed.session.id) started from \(address)\n".utf8))
    let cookie = SessionCookie.set(redeemed.cookie, port: context.localPort, lifetime: sessions.policy.lifetime)
    return (cookie, redeemed.key)
  }

  private static func page() -> Response { serve(WebAssets.indexHTML, type: "text/html; charset=utf-8") }

  static let wrongLinkPage = """
    <!doctype html><meta charset="utf-8"><title>Budget — login link used or expired</title>
    <p>This login link has been used or has expired: each one works once, for a few minutes.
    Run <code>budget login-link</code> for a new one and open it.</p>
    """

  static let tokenLinkPage = """
    <!doctype html><meta charset="utf-8"><title>Budget — login links have changed</title>
    <p>Login links no longer carry the access token (an address ends up in the browser's
    history). Run <code>budget login-link</code> for a one-time link and open it. If this
    address was shared, replace the token: delete the token file and start
    <code>budget serve</code> again.</p>
    """

  static func serve(_ text: String, type: String) -> Response {
    let headers: HTTPFields = [
      .contentType: type, .cacheControl: "no-cache",
      .contentSecurityPolicy:
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
    ]
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
  }
}
