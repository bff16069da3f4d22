import EventRecords
import Foundation
import HTTPTypes
import Hummingbird
import Ledger
import LedgerDomain
import LedgerWire
import NIOCore

/// What every route handler shares: the open ledger, the server's settings, and the one way
/// writes are executed (actor metadata, idempotency keys, responses built from the log).
struct LedgerAPI: Sendable {
  let ledger: Ledger
  let configuration: BudgetServer.Configuration
  let snapshots: StateSnapshots
  let names: NameIndex
  let responses: ResponseCache
  let eventStreams: EventStreamSlots
  /// The devices this ledger serves as a hub (read again whenever their file changes).
  let devices: DeviceRegistry
  /// The import under way, if any: one at a time (``ImportRoutes``).
  let imports: CappedCount
  /// The snapshots being downloaded: each holds a copy of the ledger on disk (``SyncRoutes``).
  let snapshotDownloads: CappedCount

  init(ledger: Ledger, configuration: BudgetServer.Configuration) {
    self.ledger = ledger
    self.configuration = configuration
    snapshots = StateSnapshots(ledger: ledger)
    names = NameIndex(ledger: ledger)
    responses = ResponseCache()
    eventStreams = EventStreamSlots(limit: configuration.limits.maxEventStreams)
    devices = DeviceRegistry(files: SyncFiles(ledger: ledger.path))
    imports = CappedCount(limit: 1)
    snapshotDownloads = CappedCount(limit: 2)
  }

  /// Today as the ledger sees it (the configuration's clock).
  var today: CivilDate { configuration.today() }

  /// What names resolve against — settings, accounts, categories, periods and budgets, but not
  /// the transactions (``NameIndex``) — or a 409 when the ledger has not been set up yet.
  func state() throws -> LedgerState {
    let names = try self.names.current()
    guard names.settings != nil else { throw Self.notCreated }
    return names
  }

  /// The whole committed state, transactions included. Keep the copy for one synchronous step
  /// and never across an `await`: while it is alive, every commit copies the whole state.
  func fullState() throws -> LedgerState {
    let state = ledger.state
    guard state.settings != nil else { throw Self.notCreated }
    return state
  }

  static let notCreated = APIError(
    .conflict, code: "ledger_not_created", "this ledger has not been set up yet; create it first (POST /api/v1/ledger)")

  /// Throws the 409 of ``state()`` when the ledger is not set up, keeping no copy of the state.
  func requireLedger() throws { _ = try state() }

  /// The ledger's base currency.
  func baseCurrency() throws -> Currency { try state().baseCurrency }

  /// The request body as `T` (size-limited, 400 on bad JSON).
  func body<T: Decodable>(_ type: T.Type, _ request: Request) async throws -> T {
    try await JSONCoding.decode(type, from: request, limit: configuration.maxBodyBytes)
  }

  /// Who is acting, as the credential says (``RequestPrincipal/actor(label:)``): the owner's
  /// writes are `api:` and how the request logged in (`api:web`, `api:token`, `api:open`), or
  /// `api:NAME` with the name an `X-Budget-Actor` header gives; a device's are `device:NAME`,
  /// the header's name only following it (`device:NAME (anna)`). Never the server process's
  /// own user, so a write through the API never passes for a command typed at the terminal.
  func metadata(_ request: Request) throws -> EventMetadata {
    let label = try request.headers[.budgetActor].map { try ActorName.validated($0) }
    return EventMetadata(actor: RequestPrincipal.actor(label: label))
  }

  /// The actor of ``metadata(_:)``, for writes that take it alone (an import).
  func actor(_ request: Request) throws -> String? { try metadata(request).actor }

  /// Runs `command` through the ledger's single writer and answers with a ``Wire.WriteResult``
  /// and the entity's version as `ETag`. A POST with `Idempotency-Key` is executed at most
  /// once: a retry gets the same status and body, marked `Idempotent-Replayed: true`.
  func write(_ command: LedgerCommand, _ request: Request, status: HTTPResponse.Status = .ok) async throws -> Response {
    try respond(to: [try await execute(command, request)], status: status)
  }

  /// Runs `command` as ``write(_:_:status:)`` does and returns its outcome, for a route that
  /// answers with more than the write result.
  func execute(_ command: LedgerCommand, _ request: Request) async throws -> CommandOutcome {
    try await keyed(request) { metadata, key, fingerprint in
      try await ledger.execute(command, metadata: metadata, idempotencyKey: key, requestFingerprint: fingerprint)
    }
  }

  /// Runs `write` with the request's metadata, its `Idempotency-Key` if it has one, and then
  /// the fingerprint a retry under that key must match (``requestFingerprint(_:)``).
  func keyed<Result>(
    _ request: Request,
    _ write: (EventMetadata, IdempotencyKey?, ChainHash?) async throws -> Result
  ) async throws -> Result {
    let key = try idempotencyKey(request)
    let fingerprint = key == nil ? nil : try await requestFingerprint(request)
    return try await write(try metadata(request), key, fingerprint)
  }

  /// SHA-256 of the request's method, path with query, and body (held in memory by
  /// ``IdempotentBodyMiddleware``): a retry under an `Idempotency-Key` must send the same, or
  /// it is refused (409) — its events would differ anyway (new ids), so they cannot tell.
  func requestFingerprint(_ request: Request) async throws -> ChainHash {
    let body = try await request.body.collect(upTo: configuration.maxBodyBytes)
    var bytes = Array("\(request.method.rawValue) \(request.uri.path)?\(request.uri.query ?? "")\n".utf8)
    bytes.append(contentsOf: body.readableBytesView)
    return ChainHash.sha256(bytes)
  }

  /// Runs several commands in order (e.g. a PATCH that renames and restyles) in one
  /// transaction, all or nothing: the first refusal is the answer and nothing is recorded.
  func writeAll(
    _ commands: [LedgerCommand], _ request: Request, status: HTTPResponse.Status = .ok
  ) async throws -> Response {
    guard !commands.isEmpty else { throw APIError.badRequest("nothing to change: give at least one new value") }
    let key = try idempotencyKey(request)
    let fingerprint = key == nil ? nil : try await requestFingerprint(request)
    let outcomes = try await ledger.execute(
      atomically: commands, metadata: try metadata(request), idempotencyKey: key, requestFingerprint: fingerprint)
    return try respond(to: outcomes, status: status)
  }

  /// Refuses the request (412) when its `If-Match` names another version of the entity than
  /// `current` — for edits whose commands carry no expected version (renames, moves, restyles):
  /// checked against the state the request was worked out from.
  func requireVersion(_ request: Request, current: UInt64, of entity: String) throws {
    guard let expected = try EntityTag.expectedVersion(request), expected != current else { return }
    throw APIError.from(domain: .staleVersion(entity: entity, expected: expected, actual: current))
  }

  /// The first answer again, when the request's `Idempotency-Key` was recorded: for changes
  /// worked out from the state (a copy, an undo), whose retry would work out another one.
  func replay(_ request: Request, status: HTTPResponse.Status = .ok) async throws -> Response? {
    guard let key = try idempotencyKey(request) else { return nil }
    let fingerprint = try await requestFingerprint(request)
    guard let earlier = try ledger.earlierOutcome(forKey: key, requestFingerprint: fingerprint) else { return nil }
    return try respond(to: [earlier], status: status)
  }

  /// The response for recorded outcomes, read back from the log so retries match exactly.
  func respond(to outcomes: [CommandOutcome], status: HTTPResponse.Status) throws -> Response {
    guard let upper = outcomes.last?.positions.upperBound, let result = try Wire.WriteResult(outcomes, in: ledger)
    else {
      throw APIError.badRequest("nothing was recorded")
    }
    var headers: HTTPFields = [.eTag: EntityTag.format(result.version), .ledgerPosition: String(upper)]
    if outcomes.contains(where: \.wasDuplicate) { headers[.idempotentReplayed] = "true" }
    if status == .created, let id = result.id, let collection = Self.collection(of: result.stream) {
      headers[.location] = "/api/v1/\(collection)/\(id)"
    }
    return try JSONCoding.response(result, status: status, headers: headers)
  }

  private static func collection(of stream: String) -> String? {
    let map = [
      // Transfers have no address of their own to GET (DELETE /transfers/{id} cancels one).
      "account-": "accounts", "category-": "categories", "period-": "periods", "schedule-": "schedules",
      "transaction-": "transactions",
    ]
    return map.first(where: { stream.hasPrefix($0.key) })?.value
  }

  /// The request's `Idempotency-Key` (POST only), in its sender's namespace (``ClientKey``):
  /// `api:KEY` for the owner, `device:NAME:KEY` for a device — so it never collides with
  /// another sender's keys, nor with those the program makes (autopay, the CSV importer).
  func idempotencyKey(_ request: Request) throws -> IdempotencyKey? {
    guard request.method == .post, let text = request.headers[.idempotencyKey], !text.isEmpty else { return nil }
    guard text.utf8.count <= Self.maximumKeyLength else {
      throw APIError.badRequest(
        "Idempotency-Key must be at most \(Self.maximumKeyLength) bytes (got \(text.utf8.count)); send a shorter one, such as a UUID",
        field: "Idempotency-Key")
    }
    guard let key = ClientKey.stored(text, in: RequestPrincipal.keyNamespace) else {
      throw APIError.badRequest(
        "invalid idempotency key: use 1 to \(Self.maximumKeyLength) bytes", field: "Idempotency-Key")
    }
    return key
  }

  /// The longest `Idempotency-Key` accepted, in UTF-8 bytes.
  static let maximumKeyLength = 150

  /// A query's JSON answer (as ``answer(_:position:etag:)``), from ``ResponseCache`` while the
  /// ledger has not changed since it was computed, else from `make` — whose answer is kept if
  /// the ledger did not move while it ran. The request's path and query are the key.
  func cachedAnswer(
    _ request: Request, _ make: () throws -> (value: any Encodable, position: UInt64, etag: String?)
  ) throws -> Response {
    let key = request.uri.description
    let day = today
    // Any commit, by any process, moves the last transaction id (a rebuild too, which keeps
    // the head); reading it takes no read transaction.
    let before = ledger.lastCommitID
    if let hit = responses.lookup(key, commit: before, day: day) {
      var headers = hit.headers
      headers[.xCache] = "hit"
      return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: hit.body))
    }
    let (value, position, etag) = try make()
    var headers: HTTPFields = [.ledgerPosition: String(position), .contentType: "application/json; charset=utf-8"]
    if let etag { headers[.eTag] = etag }
    let body = ByteBuffer(bytes: try JSONCoding.encoder.encode(value))
    if ledger.lastCommitID == before {
      responses.store(.init(commit: before, day: day, headers: headers, body: body), for: key)
    }
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
  }

  /// A JSON answer to a query, with the log position it reflects as a header.
  func answer(_ value: some Encodable, position: UInt64, etag: String? = nil) throws -> Response {
    var headers: HTTPFields = [.ledgerPosition: String(position)]
    if let etag { headers[.eTag] = etag }
    return try JSONCoding.response(value, headers: headers)
  }

  /// Parses a money amount in `currency`; `positive` refuses zero and negatives, and
  /// `direction` says what gives the sign instead.
  func money(
    _ text: String, _ currency: Currency, field: String = "amount", positive: Bool = false,
    direction: String = "use type income or expense for the direction"
  ) throws -> Money {
    let money: Money
    do { money = try Money(parsing: text, currency: currency) } catch {
      throw APIError.badRequest("\(field): \(error)", field: field)  // the error quotes the text
    }
    if positive, !money.isPositive {
      throw APIError.rule(
        "\(field) '\(text)' must be more than zero; \(direction)", field: field)
    }
    return money
  }

  /// Parses a date field of a body.
  func date(_ text: String?, field: String = "date") throws -> CivilDate? {
    guard let text else { return nil }
    do { return try CivilDate(parsing: text) } catch {
      throw APIError.badRequest("\(field) must be a date like 2024-03-31 (got '\(text)')", field: field)
    }
  }
}
