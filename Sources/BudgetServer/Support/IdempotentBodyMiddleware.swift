import Hummingbird

/// Holds the body of a POST that carries an `Idempotency-Key` in memory, so that the route can
/// read it twice: once to decode it, once to fingerprint the request (``LedgerAPI/requestFingerprint(_:)``),
/// which a retry under the same key must match.
struct IdempotentBodyMiddleware: RouterMiddleware {
  typealias Context = ServerContext
  let maxBodyBytes: Int

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    // An import's body is a file, capped by its own limit; its rows carry their own keys.
    guard request.method == .post, request.headers[.idempotencyKey]?.isEmpty == false,
      request.uri.path != ImportRoutes.csvPath
    else {
      return try await next(request, context)
    }
    var request = request
    do { _ = try await request.collectBody(upTo: maxBodyBytes) } catch {
      throw APIError(.contentTooLarge, code: "body_too_large", "the request body is larger than \(maxBodyBytes) bytes")
    }
    return try await next(request, context)
  }
}
