import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The web app at `/` and the OpenAPI document at `/api/v1/openapi.yaml`: hand-written HTML,
/// CSS and JavaScript embedded in the binary (no build step, nothing to install).
///
/// `/?token=TOKEN` is the login link `budget serve` prints: with the right token it sets the
/// session cookie and redirects to `/`, so the token leaves the address bar at once and the
/// app needs nothing more in this browser.
struct WebRoutes {
  let access: BudgetServer.Access
  let throttle: AuthThrottle

  func register(on router: Router<ServerContext>) {
    router.get("/") { request, context in try login(request, context) ?? Self.page() }
    router.get("assets/:name") { _, context in
      guard let name = context.parameters.get("name"), let asset = WebAssets.files[name] else {
        throw APIError.notFound("no such asset")
      }
      return Self.serve(asset.body, type: asset.contentType)
    }
    router.get("favicon.ico") { _, _ in Response(status: .noContent) }
    router.get("api/v1/openapi.yaml") { _, _ in
      Self.serve(OpenAPIDocument.yaml, type: "application/yaml; charset=utf-8")
    }
  }

  /// The answer to a login link, or nil for a plain visit.
  private func login(_ request: Request, _ context: ServerContext) throws -> Response? {
    guard let given = request.uri.queryParameters.get("token") else { return nil }
    let home: HTTPFields = [.location: "/"]
    guard case .token(let token) = access else { return Response(status: .seeOther, headers: home) }
    let address = context.clientAddress
    if let wait = throttle.waitTime(for: address) { throw AuthenticationMiddleware.tooManyAttempts(wait) }
    guard token.matches(given) else {
      let (failures, _) = throttle.recordFailure(from: address)
      FileHandle.standardError.write(
        Data("budget serve: wrong login link from \(address) (\(failures) in a row)\n".utf8))
      var response = Self.serve(Self.wrongLinkPage, type: "text/html; charset=utf-8")
      response.status = .unauthorized
      return response
    }
    throttle.recordSuccess(from: address)
    var headers = home
    headers[.setCookie] = SessionCookie(token: token).setCookie(port: context.localPort)
    return Response(status: .seeOther, headers: headers)
  }

  private static func page() -> Response { serve(WebAssets.indexHTML, type: "text/html; charset=utf-8") }

  static let wrongLinkPage = """
    <!doctype html><meta charset="utf-8"><title>Budget — wrong login link</title>
    <p>This login link is not valid for this server (the token may have changed).
    Open the link that <code>budget serve</code> printed when it started.</p>
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
