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

  func register(on group: APIGroup) {
    group.post("import/csv") { request, _ in
      try api.requireLedger()
      let parameters = try Self.parameters(request)
      var options: CSVImportOptions
      do throws(CSVImportError) { options = try CSVImportOptions(parameters: parameters) } catch {
        throw Self.apiError(error)
      }
      options.actor = try api.actor(request)
      let text = try await Self.text(of: request, limit: api.configuration.maxImportBytes)
      let job: CSVImport
      do throws(CSVImportError) { job = try CSVImport(text, into: api.ledger, options: options) } catch {
        throw Self.apiError(error)
      }
      let summary: ImportSummary
      do throws(CSVImportError) { summary = try await job.run() } catch { throw Self.apiError(error) }
      // The statement may hold what schedules expected: those occurrences are then paid.
      if !options.dryRun, summary.added > 0 {
        _ = try? await api.ledger.matchScheduled(partOf: job.correlationId, metadata: try api.metadata(request))
      }
      return try JSONCoding.response(summary, headers: [.ledgerPosition: String(api.ledger.position)])
    }
  }

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

  /// The body as UTF-8 text: 413 beyond `limit` bytes (checked against `Content-Length`
  /// before anything is read), 400 if it is not UTF-8.
  private static func text(of request: Request, limit: Int) async throws -> String {
    let tooLarge = APIError(
      .contentTooLarge, code: "body_too_large",
      "the file is larger than \(limit) bytes, the most this server imports at once; split it, or import it with budget import csv"
    )
    if let length = request.headers[.contentLength].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
      length > limit
    {
      throw tooLarge
    }
    let buffer: ByteBuffer
    do { buffer = try await request.body.collect(upTo: limit) } catch { throw tooLarge }
    guard let text = String(validating: buffer.readableBytesView, as: UTF8.self) else {
      throw APIError.badRequest("the file is not UTF-8 text")
    }
    return text
  }

  /// A refused import as the API answers it: 400 for parameters or text that cannot be
  /// used, 422 for a file the mapping does not fit.
  private static func apiError(_ error: CSVImportError) -> APIError {
    switch error {
    case .invalidOptions(let message): APIError(.badRequest, code: "bad_mapping", message)
    case .malformed(let error): APIError(.badRequest, code: "malformed_csv", "the file is not valid CSV: \(error)")
    case .mapping(let error): APIError(.unprocessableContent, code: "bad_mapping", error.description)
    case .unsignedAmounts:
      APIError(
        .unprocessableContent, code: "unsigned_amounts",
        "every amount in the file is positive, so every row would be money received; if the file's amounts are unsigned, give the direction with typeColumn, or debitColumn/creditColumn; if they really are all income, pass allIncome=true"
      )
    case .ledger(let error): APIError.from(ledger: error)
    case .interrupted(_, let error): APIError.from(ledger: error)
    }
  }
}
