import HTTPTypes
import Hummingbird

/// Headers on every answer, errors included: no answer is sniffed into another type; API
/// answers are never stored by a cache (they hold the ledger); pages are never framed by
/// another site (clickjacking) and send no referrer (the login link holds the token).
struct SecurityHeadersMiddleware: RouterMiddleware {
  typealias Context = ServerContext

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var response = try await next(request, context)
    response.headers[.xContentTypeOptions] = "nosniff"
    response.headers[.referrerPolicy] = "no-referrer"
    if request.uri.path.hasPrefix("/api/") {
      response.headers[.cacheControl] = "no-store"
    } else {
      response.headers[.xFrameOptions] = "DENY"
    }
    return response
  }
}
