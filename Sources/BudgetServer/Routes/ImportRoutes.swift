import Foundation
import Hummingbird
import Interchange
import Ledger
import LedgerDomain

/// `/import/csv`: `budget import csv`. The body is the file (`Content-Type: text/csv`), the
/// mapping the query's parameters, named as the command's options in camel case
/// (``CSVImportOptions/parameterNames``). Rows are recorded as the command records them —
/// in batches, each all or nothing, under the same idempotency keys: posting the same file
/// again adds nothing — and the answer is the command's `--json` summary.
struct ImportRoutes {
  let api: LedgerAPI

  /// The route's path, for the request guard (the one API route whose body is not JSON).
  static let csvPath = "/api/v1/import/csv"

  /// Rows per batch when the request names no `batchSize`: with the read models folded batch
  /// by batch, a batch of 10,000 rows held some 40 MB of pages until it committed; one of
  /// 500 holds a twentieth of that, for a few more commits.
  static let defaultBatchSize = 500

  /// How long a client told the server is busy importing should wait before it tries again.
  static let retryAfterSeconds = 5

  /// Imports one file at a time: the body is read only once the import's turn has come, so
  /// that at most one file (``BudgetServer/Configuration/maxImportBytes``) is held in memory,
  /// and the file is parsed, checked and recorded on a lane of its own (``WorkLane/imports``),
  /// never on the threads that answer the other requests. A second import meanwhile is 503.
  func register(on group: APIGroup) {
    group.post("import/csv") { request, _ in
      try api.requireLedger()
      let parameters = try Self.parameters(request)
      var options: CSVImportOptions
      do throws(CSVImportError) { options = try CSVImportOptions(parameters: parameters) } catch {
        throw Self.apiError(error)
      }
      // Small batches unless asked otherwise: each batch's pages stay in memory until it
      // commits, and the server answers others meanwhile.
      if parameters["batchSize"] == nil { options.batchSize = Self.defaultBatchSize }
      let importing = ImportOptions(dryRun: options.dryRun, actor: try api.actor(request))
      let limit = api.configuration.maxImportBytes
      try Self.refuseDeclaredSize(of: request, limit: limit)
      guard api.imports.admit() else { throw Self.busy }
      defer { api.imports.release() }
      let bytes = try await Self.bytes(of: request, limit: limit)
      let summary = try await WorkLane.imports.run { [options, ledger = api.ledger] in
        let file: CSVImport
        do throws(CSVImportError) { file = try CSVImport(bytes: bytes, state: ledger.state, options: options) } catch {
          throw Self.apiError(error)
        }
        do throws(ImportFailure) { return try await ledger.importTransactions(file, options: importing) } catch {
          throw APIError.from(ledger: error.error)
        }
      }
      return try JSONCoding.response(summary, headers: [.ledgerPosition: String(api.ledger.position)])
    }
  }

  static let busy = APIError(
    .serviceUnavailable, code: "import_busy",
    "another import is running on this server, and it imports one file at a time; try again in \(retryAfterSeconds) s (Retry-After), or import the file with budget import csv on the ledger's machine",
    details: ["retryAfter": String(retryAfterSeconds)])

  /// The query's parameters, each once.
  private static func parameters(_ request: Request) throws -> [String: String] {
    var parameters: [String: String] = [:]
    for (name, value) in request.uri.queryParameters {
      guard parameters.updateValue(String(value), forKey: String(name)) == nil else {
        throw APIError.badRequest("the parameter '\(name.prefix(100))' is given twice", field: String(name))
      }
    }
    return parameters
  }

  /// 413 when the request's `Content-Length` says the file is larger than `limit` bytes:
  /// before anything is read, or an import's turn taken.
  private static func refuseDeclaredSize(of request: Request, limit: Int) throws {
    if let length = declaredLength(of: request), length > limit { throw tooLarge(limit) }
  }

  /// The body's bytes, gathered straight into one array (each piece of the body is released
  /// as it is copied, so the file is held once): 413 beyond `limit` bytes — a body sent without
  /// `Content-Length` is read up to the limit and no further.
  private static func bytes(of request: Request, limit: Int) async throws -> [UInt8] {
    var bytes: [UInt8] = []
    if let length = declaredLength(of: request) { bytes.reserveCapacity(min(length, limit)) }
    for try await piece in request.body {
      guard piece.readableBytes <= limit - bytes.count else { throw tooLarge(limit) }
      bytes.append(contentsOf: piece.readableBytesView)
    }
    return bytes
  }

  /// The request's `Content-Length`, if it gives one.
  private static func declaredLength(of request: Request) -> Int? {
    request.headers[.contentLength].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
  }

  /// The 413 for a file over `limit` bytes: what the limit is, and the ways to import more.
  static func tooLarge(_ limit: Int) -> APIError {
    APIError(
      .contentTooLarge, code: "body_too_large",
      "the file is larger than \(byteCount(limit)), the most this server imports at once (its --max-import); split it, or import it on the ledger's machine with budget import csv FILE, which takes files of any size",
      details: ["limit": String(limit)])
  }

  /// `bytes` in words: in whole mebibytes or kibibytes too when it is some.
  static func byteCount(_ bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB (\(bytes) bytes)" }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB (\(bytes) bytes)" }
    return "\(bytes) bytes"
  }

  /// A refused import as the API answers it: 400 for parameters or text that cannot be
  /// used, 422 for a file the mapping does not fit.
  private static func apiError(_ error: CSVImportError) -> APIError {
    switch error {
    case .invalidOptions(let message): APIError(.badRequest, code: "bad_mapping", message)
    case .malformed(let error) where error.isEncoding:
      APIError(.badRequest, code: "not_utf8", error.description)
    case .malformed(let error): APIError(.badRequest, code: "malformed_csv", "the file is not valid CSV: \(error)")
    case .mapping(let error): APIError(.unprocessableContent, code: "bad_mapping", error.description)
    case .unsignedAmounts:
      APIError(
        .unprocessableContent, code: "unsigned_amounts",
        "every amount in the file is positive, so every row would be money received; if the file's amounts are unsigned, give the direction with typeColumn, or debitColumn/creditColumn; if they really are all income, pass allIncome=true"
      )
    }
  }
}
