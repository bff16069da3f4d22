import EventRecords
import Foundation
import Hummingbird
import Ledger
import LedgerDomain
import LedgerWire
import QueryResults

/// `/history`, `/events`, `/verify`, `/backup`, `/projections`, `/undo` and `/redo`: `budget
/// history|log|verify|backup|projections status|undo|redo`.
struct AuditRoutes {
  let api: LedgerAPI

  func register(on group: APIGroup) {
    group.get("history/:kind/:ref") { request, context in try history(request, context) }
    group.get("events") { request, _ in
      let query = QueryParameters(request)
      let after = try query.uint("after") ?? 0
      let limit = try query.int("limit", default: 100, range: 1...1000)
      let head = api.ledger.position
      let events =
        after >= UInt64.max - 1 ? [] : try api.ledger.events(from: after + 1, limit: limit).map(Wire.Event.init)
      let last = events.last?.position ?? after
      return try api.answer(
        EventPageDTO(head: head, events: events, nextAfter: last < head ? last : nil), position: head)
    }
    group.get("verify") { request, _ in try verify(deep: try QueryParameters(request).bool("deep")) }
    // The backup `budget backup` writes, as a download: every event, for `budget restore`.
    group.get("backup") { _, _ in
      try RequestPrincipal.requireOwner("downloads a backup")
      let data: Data
      do { data = try Backup.export(api.ledger) } catch {
        throw APIError(.internalServerError, code: "backup_failed", "the backup could not be written: \(error)")
      }
      var response = Response(status: .ok, body: .init(byteBuffer: ByteBuffer(bytes: data)))
      response.headers[.contentType] = "application/json"
      response.headers[.contentDisposition] = "attachment; filename=\"budget-backup-\(api.today).json\""
      response.headers[.cacheControl] = "no-store"
      return response
    }
    group.get("projections") { _, _ in
      let status = try api.ledger.projectionStatus().map(Wire.ProjectionStatus.init)
      return try api.answer(ListDTO(position: api.ledger.position, items: status), position: api.ledger.position)
    }
    group.post("undo") { request, _ in
      try await takeBack(request) { metadata, key, fingerprint in
        try await api.ledger.undo(metadata: metadata, idempotencyKey: key, requestFingerprint: fingerprint)
      }
    }
    group.post("redo") { request, _ in
      try await takeBack(request) { metadata, key, fingerprint in
        try await api.ledger.redo(metadata: metadata, idempotencyKey: key, requestFingerprint: fingerprint)
      }
    }
  }

  /// `POST /undo` and `POST /redo`: the summary, with the position of the last compensating
  /// event; a retry under the same `Idempotency-Key` gets the first answer.
  private func takeBack(
    _ request: Request,
    _ body: (EventMetadata, IdempotencyKey?, ChainHash?) async throws -> UndoSummary
  ) async throws -> Response {
    try api.requireLedger()
    let key = try api.idempotencyKey(request)
    let fingerprint = key == nil ? nil : try await api.requestFingerprint(request)
    let summary = try await body(try api.metadata(request), key, fingerprint)
    var headers: HTTPFields = [.ledgerPosition: String(summary.positions.upperBound)]
    if summary.wasDuplicate { headers[.idempotentReplayed] = "true" }
    // Worked out from the ledger as known right after the compensation: a retry says the same.
    let warnings = (try? api.ledger.warnings(for: summary.positions)) ?? []
    return try JSONCoding.response(Wire.UndoResult(summary, warnings: warnings), headers: headers)
  }

  /// The stream a history request names: `{kind}/{ref}` with a kind of ``HistoryKind`` —
  /// `transaction/ID` (a transfer by either leg's id too), `category/NAME`, `account/NAME`,
  /// `period/NAME`, `schedule/NAME`, `debt/NAME`, `goal/NAME` or `month/YYYY-MM`.
  func history(_ request: Request, _ context: Context) throws -> Response {
    let word = try api.parameter(context, "kind")
    guard let kind = HistoryKind(word: word) else {
      throw APIError.notFound("unknown kind '\(word)': use \(HistoryKind.usage)")
    }
    let resolver = Resolver(state: kind == .transaction ? try api.fullState() : try api.state())
    let reference = try api.parameter(context, "ref")
    let stream = try resolver.mapped(.path) { () throws(ResolveError) in
      try kind.stream(of: reference, in: resolver.names)
    }
    let answer = try api.ledger.history(of: stream, at: try QueryParameters(request).time().point)
    let version = answer.value.last?.streamVersion ?? 0
    return try api.answer(
      Wire.History(stream: stream, position: answer.position, entries: answer.value),
      position: answer.position,
      etag: EntityTag.format(version))
  }

  /// The hash chain, every period seal, and every projection against a fresh fold.
  func verify(deep: Bool) throws -> Response {
    let position = api.ledger.position
    return try api.answer(Wire.Verify(try api.ledger.verify(deep: deep)), position: position)
  }
}
