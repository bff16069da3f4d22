import EventRecords
import Foundation
import HTTPTypes
import Hummingbird
import Ledger
import LedgerDomain
import LedgerWire
import NIOCore
import ServiceLifecycle

/// `/sync/…`: what replicas pull and push (docs/sync.md), and `/devices`, the tokens this hub
/// hands out. Pulls answer with the stored events themselves (``ReplicaFrames``), so a
/// replica checks and writes the very bytes the hub holds.
struct SyncRoutes {
  let api: LedgerAPI

  /// Events per pull unless the replica asks for fewer.
  static let defaultLimit = 50_000
  /// How long a device told that the hub serves enough snapshots already should wait.
  static let snapshotRetrySeconds = 30

  func register(on group: APIGroup) {
    group.get("sync/head") { _, _ in
      let head = try api.ledger.chainHead()
      return try api.answer(head, position: head.position)
    }
    group.get("sync/events") { request, _ in try await events(request) }
    group.get("sync/snapshot") { _, _ in try await snapshot() }
    group.get("sync/status") { _, _ in
      try JSONCoding.response(try Wire.SyncStatus(api.ledger), status: .ok)
    }
    group.post("sync/commands") { request, _ in try await submit(request) }
    // On a device's own server: `budget sync` asks it, as the server holds the ledger open.
    group.post("sync/run") { _, _ in
      try RequestPrincipal.requireOwner("manages devices")
      return try JSONCoding.response(try await api.ledger.syncNow(), status: .ok)
    }
    // On a device's own server: a change the hub refused, sent again or given up.
    group.post("sync/outbox/:id/retry") { _, context in
      try RequestPrincipal.requireOwner("resolves sync conflicts")
      let entry = try await api.ledger.retry(outboxEntry: try outboxEntry(context))
      return try JSONCoding.response(entry.wire, status: .ok)
    }
    group.post("sync/outbox/:id/drop") { _, context in
      try RequestPrincipal.requireOwner("resolves sync conflicts")
      let entry = try api.ledger.drop(outboxEntry: try outboxEntry(context))
      return try JSONCoding.response(entry.wire, status: .ok)
    }
    group.get("devices") { _, _ in
      try RequestPrincipal.requireOwner("manages devices")
      let devices = try registry.devices().map(DeviceReport.init)
      return try api.answer(ListDTO(position: api.ledger.position, items: devices), position: api.ledger.position)
    }
    group.post("devices") { request, _ in
      try RequestPrincipal.requireOwner("manages devices")
      let body = try await api.body(DeviceBody.self, request)
      let (device, token) = try registry.add(
        name: body.name, readOnly: body.readOnly ?? false, now: DeviceRegistry.now())
      return try JSONCoding.response(
        NewDeviceReport(device, token: token), status: .created)
    }
    group.post("devices/:name/revoke") { _, context in
      try RequestPrincipal.requireOwner("manages devices")
      let device = try registry.revoke(name: try api.parameter(context, "name"), now: DeviceRegistry.now())
      return try JSONCoding.response(DeviceReport(device), status: .ok)
    }
  }

  private var registry: DeviceRegistry { api.devices }

  /// The outbox entry a path names by its number (`budget sync conflicts` lists them).
  private func outboxEntry(_ context: Context) throws -> Int {
    let text = try api.parameter(context, "id")
    guard let id = Int(text), id > 0 else {
      throw APIError.badRequest("'\(text)' is not an outbox entry's number: use the id GET /sync/status lists")
    }
    return id
  }

  /// `GET /sync/events?after=P[&limit=N][&wait=S]`: the stored events after `P`, waiting up to
  /// `S` seconds (at most 30) for one when there is none yet — how `budget sync --watch`
  /// follows the hub. A device revoked while it waits is answered 401 at once, and never with
  /// what was written after.
  private func events(_ request: Request) async throws -> Response {
    let device = RequestPrincipal.device
    let query = try QueryParameters(request)
    let after = try query.uint("after") ?? 0
    let limit = try query.int("limit", default: Self.defaultLimit, range: 1...200_000)
    let wait = try query.int("wait", default: 0, range: 0...30)
    var head = try api.ledger.chainHead()
    guard after <= head.position else {
      throw APIError(
        .conflict, code: "ahead_of_hub",
        "the replica holds \(after) events, this hub \(head.position): it is not a replica of this hub, or the hub was restored from an older backup — nothing was sent",
        details: ["hubPosition": String(head.position)])
    }
    if after == head.position, wait > 0 {
      // On SIGINT / SIGTERM the server waits for open requests: stop waiting, answer now.
      let devices = api.devices
      var revoked: (@Sendable () async -> Void)? = nil
      if let device { revoked = { await devices.untilRevoked(device) } }
      do {
        _ = try await cancelWhenGracefulShutdown { [ledger = api.ledger, revoked] in
          try await Self.firstEvent(after: after, of: ledger, within: .seconds(wait), stoppingWhen: revoked)
        }
      } catch is CancellationError {}
      if let device { try api.devices.requireActive(device) }
      head = try api.ledger.chainHead()
    }
    let frames = try api.ledger.frames(after: after, limit: limit)
    let afterHash = try api.ledger.hash(at: after)
    let headers: HTTPFields = [
      .contentType: "application/octet-stream",
      .syncEvents: String(frames.count),
      .syncLastPosition: String(frames.lastPosition),
      .syncHeadPosition: String(max(head.position, frames.lastPosition)),
      .syncAfterHash: afterHash,
    ]
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: frames.bytes)))
  }

  /// `GET /sync/snapshot`: the whole ledger file — log, read models, rules' state — as one
  /// consistent, compacted copy, for a new device's first sync (``Cloner``): it checks every
  /// link of the chain before it uses the copy, then pulls what came after it. The copy is
  /// made into a temporary file before the answer starts (``LedgerSnapshotStream``), so that
  /// its read transaction lasts as long as the disk takes, never as long as the device does,
  /// and is then streamed from it; its size is not known beforehand, so the answer is chunked.
  /// A copy that cannot be made is a 500 before anything is sent; one that fails half-way ends
  /// the connection without the last chunk, which the device sees as a transfer cut short.
  private func snapshot() async throws -> Response {
    // Each copy takes disk space the size of the ledger for as long as its download lasts.
    let downloads = api.snapshotDownloads
    guard downloads.admit() else {
      throw APIError(
        .serviceUnavailable, code: "snapshot_busy",
        "\(downloads.limit) devices are downloading the ledger already, the most this hub serves at once; try again in \(Self.snapshotRetrySeconds) s (Retry-After)",
        details: ["retryAfter": String(Self.snapshotRetrySeconds)])
    }
    let copy = try await LedgerSnapshotStream.copy(of: api.ledger) { downloads.release() }
    let body = ResponseBody { writer in
      try await copy.stream { buffer in try await writer.write(buffer) }
      try await writer.finish(nil)
    }
    return Response(status: .ok, headers: [.contentType: "application/octet-stream"], body: body)
  }

  /// Waits until the log has an event after `position`, `timeout` passes, or `stop` returns
  /// (its device was revoked).
  private static func firstEvent(
    after position: UInt64, of ledger: Ledger, within timeout: Duration,
    stoppingWhen stop: (@Sendable () async -> Void)?
  ) async throws
    -> Bool
  {
    try await withThrowingTaskGroup(of: Bool.self) { group in
      group.addTask {
        for try await _ in ledger.subscribe(after: position, pollInterval: .milliseconds(200)) { return true }
        return false
      }
      group.addTask {
        try await Task.sleep(for: timeout)
        return false
      }
      // An owner's poll has no device to be revoked: only an event or the time ends it.
      if let stop {
        group.addTask {
          await stop()
          return false
        }
      }
      let first = try await group.next() ?? false
      group.cancelAll()
      return first
    }
  }

  /// `POST /sync/commands`: decides a device's change by this hub's rules, at its head, under
  /// the change's key in the sender's namespace (``ClientKey``): a resubmission answers as the
  /// first did; a refusal is the usual error (422 for a rule, 412 for a stale version), which
  /// the device keeps as a conflict.
  private func submit(_ request: Request) async throws -> Response {
    let body = try await api.body(SyncSubmissionBody.self, request)
    guard IdempotencyKey(validating: body.key) != nil,
      let key = ClientKey.stored(body.key, in: RequestPrincipal.keyNamespace)
    else {
      throw APIError.badRequest(
        "key must be 1 to \(IdempotencyKey.maximumLength) bytes (got \(body.key.utf8.count))", field: "key")
    }
    let atomic = body.atomic ?? false
    guard (1...1_000).contains(body.commands.count), atomic || body.commands.count == 1 else {
      throw APIError.badRequest(
        "a change holds 1 to 1,000 commands, and more than one only when atomic (got \(body.commands.count))",
        field: "commands")
    }
    let person = try body.actor.map { try ActorName.validated($0) }
    let actor =
      RequestPrincipal.device?.actor(person: person) ?? "api:\(RequestPrincipal.current)"
      + (person.map { " (\($0))" } ?? "")
    let metadata = EventMetadata(actor: actor)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let fingerprint = ChainHash.sha256(Array(try encoder.encode(body.commands)))
    let outcomes: [CommandOutcome]
    if let earlier = try earlierUnnamespacedOutcome(of: body.key, fingerprint: fingerprint) {
      outcomes = [earlier]
    } else if atomic {
      outcomes = try await api.ledger.execute(
        atomically: body.commands, metadata: metadata, idempotencyKey: key, requestFingerprint: fingerprint)
    } else {
      outcomes = [
        try await api.ledger.execute(
          body.commands[0], metadata: metadata, idempotencyKey: key, requestFingerprint: fingerprint)
      ]
    }
    let positions = outcomes.flatMap { [$0.positions.lowerBound, $0.positions.upperBound] }
    let accepted = SyncAcceptedDTO(
      positions: positions.isEmpty ? [] : [positions.min()!, positions.max()!],
      duplicate: outcomes.contains(where: \.wasDuplicate), head: try api.ledger.chainHead())
    return try JSONCoding.response(accepted, status: .ok)
  }

  /// The change a hub recorded under `given` itself, before keys were kept in their sender's
  /// namespace — when its events are this sender's (``RequestPrincipal/isOwnActor(_:)``): a
  /// change pushed before the hub was upgraded, whose answer was lost, is then not recorded
  /// twice when the device pushes it again. Another sender's key is ignored, never answered.
  private func earlierUnnamespacedOutcome(of given: String, fingerprint: ChainHash) throws -> CommandOutcome? {
    guard let key = IdempotencyKey(validating: given),
      let recorded = try api.ledger.earlierOutcome(forKey: key, requestFingerprint: nil),
      let first = try api.ledger.events(from: recorded.positions.lowerBound, limit: 1).first,
      RequestPrincipal.isOwnActor(first.metadata.actor)
    else { return nil }
    return try api.ledger.earlierOutcome(forKey: key, requestFingerprint: fingerprint)
  }
}

extension HTTPField.Name {
  /// How many events a pull's answer holds.
  static let syncEvents = HTTPField.Name("X-Sync-Events")!
  /// The position of the last event a pull's answer holds.
  static let syncLastPosition = HTTPField.Name("X-Sync-Last-Position")!
  /// The hub's head position when it answered.
  static let syncHeadPosition = HTTPField.Name("X-Sync-Head-Position")!
  /// The hub's chain hash at the position the replica said it holds, for it to compare.
  static let syncAfterHash = HTTPField.Name("X-Sync-After-Hash")!
}
