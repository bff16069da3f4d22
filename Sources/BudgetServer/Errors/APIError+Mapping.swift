import Hummingbird
import Ledger
import LedgerDomain

extension APIError {
  /// The API error for anything a handler threw: our own errors pass through, a refused
  /// command is 422 (412 for a stale `If-Match`), a conflicting append 409, bad values 400,
  /// Hummingbird's own errors keep their status, and anything else is a 500 with no internals.
  static func from(_ error: any Error) -> APIError {
    switch error {
    case let error as APIError: return error
    case let error as LedgerError: return from(ledger: error)
    case let error as SyncError: return from(sync: error)
    case let error as DomainError: return from(domain: error)
    case let error as MoneyError: return .badRequest(error.description, field: "amount")
    case let error as DateError: return .badRequest(error.description, field: "date")
    case let error as EntityIDError: return .badRequest(error.description, field: "id")
    case let error as ColorHexError: return .badRequest(error.description, field: "color")
    case let error as HTTPError:
      let status = error.status
      let code =
        switch status.code {
        case 404: "not_found"
        case 405: "method_not_allowed"
        case 413: "body_too_large"
        case 400..<500: "bad_request"
        default: "internal"
        }
      let message = status.code == 413 ? "the request body is too large" : (error.body ?? status.reasonPhrase)
      return APIError(status, code: code, message)
    default:
      if let error = LedgerError.fromLog(error) { return from(ledger: error) }
      return APIError(.internalServerError, code: "internal", "the server could not complete the request")
    }
  }

  static func from(ledger error: LedgerError) -> APIError {
    switch error {
    case .rejected(let domain): return from(domain: domain)
    case .log: return from(log: error.logRefusal ?? .failure, error.description)
    case .replication:
      return APIError(.conflict, code: "replication_refused", error.description)
    case .sync(let error):
      return from(sync: error)
    case .unreadableEvent, .projection:
      return APIError(.internalServerError, code: "internal", error.description)
    }
  }

  /// A sync refusal: a bad or taken device name is the client's, an unknown device is not
  /// found, a damaged file is the server's; a change the hub refused (on a device's server,
  /// which sent it there) keeps the hub's status, code and message.
  static func from(sync error: SyncError) -> APIError {
    switch error {
    case .refusedByHub(let status, let code, let reason):
      APIError(HTTPResponse.Status(code: status), code: code, reason)
    case .invalid(let message): .badRequest(message, field: "name")
    case .notFound(let message): .notFound(message)
    case .wrongRole(let message), .busy(let message), .madeWorkingLedger(let message):
      APIError(.conflict, code: "sync", message)
    case .damaged: APIError(.internalServerError, code: "internal", "the server could not complete the request")
    }
  }

  static func from(domain error: DomainError) -> APIError {
    switch error {
    case .staleVersion(let entity, let expected, let actual):
      return APIError(
        .preconditionFailed, code: "version_mismatch", error.description,
        details: ["entity": entity, "expectedVersion": String(expected), "currentVersion": String(actual)])
    case .invalidField(let field, _): return .rule(error.description, field: field)
    case .currencyMismatch(let field, _, _): return .rule(error.description, field: field)
    case .dateInFuture, .datedBeforeOpening: return .rule(error.description, field: "date")
    case .splitsDoNotAddUp: return .rule(error.description, field: "splits")
    case .categoryNameTaken: return .rule(error.description, field: "name")
    case .insufficientBudget: return .rule(error.description, field: "amount")
    case .sumsTooLarge: return .rule(error.description, field: "amount")
    case .notFound(let kind, _, _): return .rule(error.description, field: kind)
    default: return .rule(error.description)
    }
  }

  static func from(log refusal: LogRefusal, _ description: String) -> APIError {
    switch refusal {
    case .conflict(let stream, let expected, let actual):
      return APIError(
        .conflict, code: "conflict", description,
        details: ["stream": stream, "expected": expected, "currentVersion": actual.map(String.init) ?? "none"])
    case .idempotencyKeyReused:
      return APIError(.conflict, code: "idempotency_key_reused", description)
    case .invalidInput(let field):
      return .badRequest(description, field: field)
    case .emptyBatch:
      return .rule(description)
    case .failure:
      return APIError(.internalServerError, code: "internal", description)
    }
  }
}
