import Foundation
import HTTPTypes
import Hummingbird

/// The checks every request passes before any route sees it, so that nothing is read or
/// written for a request another site made:
///
/// - the request target is a path (`/…`), not an absolute URL, and there is exactly one
///   `Host`, one of ``HostPolicy``'s names (403 `host_not_allowed` — DNS rebinding); see
///   ``GuardedHTTP1Channel`` for the first two;
/// - an unsafe method (POST, PUT, PATCH, DELETE) is refused when the browser says it comes
///   from another site (`Sec-Fetch-Site: cross-site` or `same-site`) or its `Origin` is not
///   this server (403 `cross_site_request`);
/// - an API write with a body must say `Content-Type: application/json` (415): the types a
///   page may send without asking first (`text/plain`, form encodings) are never accepted,
///   and the preflight that JSON needs is never granted (no CORS headers). The one exception
///   is `POST /api/v1/import/csv`, whose body is a file: `text/csv` there, and nothing else —
///   a type a page must ask first to send, and such a write is refused above anyway when the
///   browser says it comes from another site.
struct RequestGuardMiddleware: RouterMiddleware {
  typealias Context = ServerContext
  let hosts: HostPolicy

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    switch request.headers[Self.refusedMarker] {
    case "target":
      throw APIError.badRequest("the request target must be a path such as /api/v1/ledger, not an absolute URL")
    case .some:
      throw APIError(.badRequest, code: "host_required", "the request has more than one Host header")
    case nil: break
    }
    let target = request.head.path ?? "/"
    guard let authority = request.head.authority, !authority.isEmpty else {
      throw APIError(.badRequest, code: "host_required", "the request has no Host header")
    }
    guard hosts.allows(authority: authority) else {
      throw APIError(
        .forbidden, code: "host_not_allowed",
        "this server does not answer to the name '\(authority.prefix(100))'; reach it as 127.0.0.1 or localhost, or start it with --allow-host NAME"
      )
    }
    if !Self.safeMethods.contains(request.method) {
      try checkSameOrigin(request, authority: authority)
      if target.hasPrefix("/api/") {
        if request.method == .post, request.uri.path == ImportRoutes.csvPath {
          try Self.checkBody(request, type: "text/csv")
        } else {
          try Self.checkBody(request, type: "application/json")
        }
      }
    }
    return try await next(request, context)
  }

  static let refusedMarker = HTTPField.Name(RequestLineGuard.markerName)!

  static let safeMethods: Set<HTTPRequest.Method> = [.get, .head, .options]

  private func checkSameOrigin(_ request: Request, authority: String) throws {
    if let site = request.headers[.secFetchSite]?.lowercased(), site != "same-origin", site != "none" {
      throw Self.crossSite("the browser marked it \(site)")
    }
    if let origin = request.headers[.origin], !hosts.isSameOrigin(origin, authority: authority) {
      throw Self.crossSite("it came from \(origin.prefix(100))")
    }
  }

  private static func crossSite(_ reason: String) -> APIError {
    APIError(
      .forbidden, code: "cross_site_request",
      "a page of another site may not change this ledger (\(reason)); use the web app this server serves")
  }

  /// A body must be declared `expected` (`application/json`, or `text/csv` for an import); a
  /// request without a body needs no type.
  private static func checkBody(_ request: Request, type expected: String) throws {
    let what = expected == "text/csv" ? "CSV" : "JSON"
    if let type = request.headers[.contentType] {
      let media = type.split(separator: ";", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces).lowercased()
      guard media == expected else {
        throw APIError(
          .unsupportedMediaType, code: "unsupported_media_type",
          "send the body as \(what) with Content-Type: \(expected) (got \(type.prefix(100)))")
      }
      return
    }
    let length = request.headers[.contentLength].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    if request.headers[.transferEncoding] != nil || (length ?? 0) > 0 {
      throw APIError(
        .unsupportedMediaType, code: "unsupported_media_type",
        "the body has no Content-Type: send it as \(what) with Content-Type: \(expected)")
    }
  }
}
