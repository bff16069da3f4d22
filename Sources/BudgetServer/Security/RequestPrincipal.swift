import EventRecords
import HTTPTypes
import Ledger

/// How the request being handled proved itself: `web` (the session cookie), `token` (the
/// bearer token), or `open` when the server runs without authentication — all three the
/// owner — or a device of the hub (`device:NAME`, and ``device`` set). Set by
/// ``AuthenticationMiddleware`` for the handler's task.
///
/// The credential decides who a write is recorded as and whose idempotency keys it may
/// replay: a client's own words (`X-Budget-Actor`, `Idempotency-Key`) only ever qualify it.
enum RequestPrincipal {
  @TaskLocal static var current = "open"
  /// The device whose token the request presented, on a hub; `nil` for any other credential.
  @TaskLocal static var device: Device?
  /// The web session the request came with; `nil` for any other credential.
  @TaskLocal static var session: WebSession?

  /// Refuses a request a device's token made: `what` only the owner does ("manages
  /// devices"), answered 403 `owner_only`.
  static func requireOwner(_ what: String) throws {
    guard device == nil else {
      throw APIError(.forbidden, code: "owner_only", "only the owner \(what), not a device's token")
    }
  }

  /// The actor a write records: a device's writes are always `device:NAME`, or
  /// `device:NAME (LABEL)` with the label an `X-Budget-Actor` header gives; the owner's are
  /// `api:` and the label, or how the request logged in (`api:web`, `api:token`, `api:open`).
  /// The owner's label follows `api:`, so no header makes a write pass for a device's.
  static func actor(label: String?) -> String {
    if let device { return device.actor(person: label) }
    return "api:" + (label ?? current)
  }

  /// Where the sender's idempotency keys live: `device:NAME:` for a device, `api:` for the
  /// owner. Every key a client gives is stored after it (``ClientKey``), so that no client
  /// replays — or claims ahead of time — another sender's key, or a key the program makes
  /// itself (`schedule:…` for autopay, `csv:…` for an import's rows, `outbox:…` on a device).
  static var keyNamespace: String {
    if let device { return "device:\(device.name):" }
    return "api:"
  }

  /// Whether `actor` (recorded with an event) is this sender's: how a key recorded before
  /// keys were namespaced is told to be the sender's own.
  static func isOwnActor(_ actor: String?) -> Bool {
    guard let actor else { return false }
    if let device {
      let own = "device:\(device.name)"
      return actor == own || actor.hasPrefix(own + " ")
    }
    return actor.hasPrefix("api:")
  }
}
