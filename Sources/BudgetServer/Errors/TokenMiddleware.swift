import Foundation
import Hummingbird

/// Requires `Authorization: Bearer <token>` (or `?access_token=` for EventSource, which
/// cannot set headers) on every API request when the server has a token.
struct TokenMiddleware: RouterMiddleware {
  typealias Context = BasicRequestContext
  let token: String

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var given: String?
    if let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") {
      given = String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
    } else {
      given = request.uri.queryParameters.get("access_token")
    }
    guard let given, Self.equal(given, token) else {
      throw APIError(
        .unauthorized, code: "unauthorized", "this server needs an access token: send Authorization: Bearer <token>")
    }
    return try await next(request, context)
  }

  /// Compares in time independent of where the strings differ.
  static func equal(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8), y = Array(b.utf8)
    var difference = UInt8(x.count == y.count ? 0 : 1)
    for index in 0..<max(x.count, y.count) {
      difference |= (index < x.count ? x[index] : 0) ^ (index < y.count ? y[index] : 0)
    }
    return difference == 0
  }
}
