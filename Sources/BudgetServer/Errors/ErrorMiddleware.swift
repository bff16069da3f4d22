import Foundation
import HTTPTypes
import Hummingbird
import LedgerWire

/// Turns every error thrown below it — ours, the ledger's, Hummingbird's 404 / 405 / 413 —
/// into the API's one JSON error shape. Nothing else (and never a stack trace) is sent.
struct ErrorMiddleware: RouterMiddleware {
  typealias Context = ServerContext

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch {
      let apiError = APIError.from(error)
      if apiError.status.code >= 500 {
        FileHandle.standardError.write(
          Data("budget serve: \(request.method) \(request.uri.path) failed: \(error)\n".utf8))
      }
      var headers: HTTPFields = [:]
      if apiError.status == .unauthorized { headers[.wwwAuthenticate] = "Bearer realm=\"budget\"" }
      if let seconds = apiError.details["retryAfter"] { headers[.retryAfter] = seconds }
      return try JSONCoding.response(
        Wire.ErrorBody(code: apiError.code, message: apiError.message, details: apiError.details),
        status: apiError.status,
        headers: headers)
    }
  }
}
