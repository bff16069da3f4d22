import Hummingbird

/// The one error shape of the API: `{"code", "message", "details"}` with its HTTP status.
///
/// Every failure a client can cause becomes one of these; nothing else (and never a stack
/// trace) reaches the wire.
public struct APIError: Error, Sendable, CustomStringConvertible {
  /// The HTTP status: 400, 401, 404, 409, 412, 413, 422 (500 only for faults of the server).
  public var status: HTTPResponse.Status
  /// A stable, machine-readable code such as `bad_request` or `rule_violation`.
  public var code: String
  /// A sentence a person can act on.
  public var message: String
  /// Extra facts, e.g. `{"field": "amount"}` or `{"currentVersion": "3"}`.
  public var details: [String: String]

  public init(_ status: HTTPResponse.Status, code: String, _ message: String, details: [String: String] = [:]) {
    self.status = status
    self.code = code
    self.message = message
    self.details = details
  }

  public var description: String { "\(status.code) \(code): \(message)" }

  /// A malformed request: bad JSON, a missing or unparsable parameter.
  static func badRequest(_ message: String, field: String? = nil) -> APIError {
    APIError(.badRequest, code: "bad_request", message, details: field.map { ["field": $0] } ?? [:])
  }

  /// An entity named in the path does not exist.
  static func notFound(_ message: String) -> APIError { APIError(.notFound, code: "not_found", message) }

  /// A business rule refused the command (the DomainError's sentence).
  static func rule(_ message: String, field: String? = nil) -> APIError {
    APIError(.unprocessableContent, code: "rule_violation", message, details: field.map { ["field": $0] } ?? [:])
  }
}
