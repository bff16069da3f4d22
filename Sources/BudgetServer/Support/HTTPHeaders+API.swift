import Foundation
import HTTPTypes
import Hummingbird

extension HTTPField.Name {
  /// `Idempotency-Key`: makes a POST safe to retry.
  static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
  /// `Idempotent-Replayed: true` on a response that repeats an earlier one.
  static let idempotentReplayed = HTTPField.Name("Idempotent-Replayed")!
  /// `Last-Event-ID`: where an EventSource resumes.
  static let lastEventID = HTTPField.Name("Last-Event-ID")!
  /// `X-Ledger-Position`: the log position an answer reflects.
  static let ledgerPosition = HTTPField.Name("X-Ledger-Position")!
  /// `X-Cache: hit` on an answer served from the response cache (the ledger has not changed).
  static let xCache = HTTPField.Name("X-Cache")!
  /// `Sec-Fetch-Site`: where a browser says a request comes from (`same-origin`, `cross-site` …).
  static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
  /// `X-Content-Type-Options: nosniff`.
  static let xContentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
  /// `X-Frame-Options: DENY`, for browsers that predate `frame-ancestors`.
  static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
  /// `Referrer-Policy`.
  static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
  /// `X-Budget-Actor`: who, behind the credential, made a write.
  static let budgetActor = HTTPField.Name("X-Budget-Actor")!
  /// `X-Budget-Session`: the web app's session key, the half of a login a cookie cannot carry.
  static let budgetSession = HTTPField.Name("X-Budget-Session")!
  /// `X-Forwarded-For`: the client's address as a reverse proxy saw it.
  static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
}

/// ETag and If-Match as stream versions.
enum EntityTag {
  /// `"3"` for version 3.
  static func format(_ version: UInt64) -> String { "\"\(version)\"" }

  /// The version in an `If-Match` header (`"3"`, `W/"3"` or `3`); `nil` without one or for `*`.
  static func expectedVersion(_ request: Request) throws -> UInt64? {
    guard var text = request.headers[.ifMatch]?.trimmingCharacters(in: .whitespaces), !text.isEmpty, text != "*" else {
      return nil
    }
    if text.hasPrefix("W/") { text.removeFirst(2) }
    text = text.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    guard let version = UInt64(text) else {
      throw APIError.badRequest(
        "If-Match must be an ETag this API returned, such as \"3\" (got \(text))", field: "If-Match")
    }
    return version
  }
}
