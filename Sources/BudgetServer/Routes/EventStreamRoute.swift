import EventRecords
import Foundation
import HTTPTypes
import Hummingbird
import Ledger
import LedgerWire
import NIOCore
import ServiceLifecycle

/// `GET /events/stream`: Server-Sent Events, live from `log.subscribe(after:)`.
///
/// Starts after `?after=P`, else after the `Last-Event-ID` an EventSource resends when it
/// reconnects, else at the head (only new events). Each event is `id: <position>` and
/// `data: <Wire.Event JSON>`; a comment line every heartbeat keeps proxies open and notices a
/// client that went away. When projections that were behind the log (a bulk load deferred
/// them) reach its head again, an `event: caught-up` frame says so.
///
/// A device's stream ends as soon as the device is revoked, a web session's as soon as it is
/// logged out or ends, and neither is sent anything written after;
/// how many streams devices may hold is capped (``EventStreamSlots``).
struct EventStreamRoute {
  let api: LedgerAPI
  /// The web logins: a stream a session opened ends when the session does.
  let sessions: SessionStore

  func register(on group: APIGroup) {
    group.get("events/stream") { request, _ in try stream(request) }
  }

  func stream(_ request: Request) throws -> Response {
    let resume = request.headers[.lastEventID].flatMap { UInt64($0.trimmingCharacters(in: .whitespaces)) }
    let head = api.ledger.position
    let asked = try QueryParameters(request).uint("after")
    // Past the head, the stream would wait for positions the log may never reach: an explicit
    // `after` there is refused; a resumed id (a ledger restored from an older backup) starts now.
    if let asked, asked > head {
      throw APIError.badRequest(
        "after \(asked) is past the log's last position, \(head); give at most \(head) (or leave it out: from now)",
        field: "after")
    }
    let after = asked ?? resume.map { min($0, head) } ?? head
    // The body is written after this handler returns, outside the request's task locals.
    let device = RequestPrincipal.device
    let session = RequestPrincipal.session
    let slot = try takeSlot(for: device)
    let heartbeat = api.configuration.heartbeat
    let body = ResponseBody { [devices = api.devices, sessions] writer in
      _ = slot  // held while the stream is open
      let (frames, continuation) = AsyncStream.makeStream(of: ByteBuffer.self, bufferingPolicy: .bufferingOldest(256))
      // On SIGINT / SIGTERM the server waits for open requests: end the stream so it can stop.
      try await withGracefulShutdownHandler {
        try await withThrowingTaskGroup(of: Void.self) { group in
          group.addTask { [ledger = api.ledger] in
            defer { continuation.finish() }
            for try await event in ledger.subscribe(after: after, pollInterval: .seconds(1)) {
              // A device revoked before this event was written gets neither it nor any after.
              if let device, !devices.isActive(device) { return }
              // So does a web session logged out (or ended) before it.
              if let session, !sessions.isLive(session) { return }
              try await Self.send(Self.frame(event), to: continuation)
            }
          }
          if let device {
            // Revoked while nothing is written: the stream ends now, not at the next event.
            group.addTask {
              await devices.untilRevoked(device)
              continuation.finish()
            }
          }
          if let session {
            // Logged out (here, by another tab, or by budget sessions logout): likewise.
            group.addTask {
              await sessions.untilEnded(session)
              continuation.finish()
            }
          }
          group.addTask { [ledger = api.ledger] in
            // Projections a bulk load deferred (another process's big import) catch up with no
            // new event: say so once they reach the head again, so that a page re-reads.
            var behind = false
            while true {
              // A failed read only skips a look; the stream goes on.
              if let (checkpoint, head) = try? ledger.projectionCheckpoint() {
                if checkpoint < head {
                  behind = true
                } else if behind {
                  behind = false
                  try await Self.send(
                    ByteBuffer(string: "event: caught-up\ndata: {\"position\":\(checkpoint)}\n\n"), to: continuation)
                }
              }
              try await Task.sleep(for: Self.catchUpPollInterval)
            }
          }
          group.addTask {
            while true {
              try await Task.sleep(for: heartbeat)
              continuation.yield(ByteBuffer(string: ": keep-alive\n\n"))
            }
          }
          do {
            try await writer.write(ByteBuffer(string: ": connected after \(after)\nretry: 2000\n\n"))
            for await frame in frames { try await writer.write(frame) }
          } catch {
            group.cancelAll()
            throw error
          }
          group.cancelAll()
        }
      } onGracefulShutdown: {
        continuation.finish()
      }
      try await writer.finish(nil)
    }
    let headers: HTTPFields = [
      .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache",
      HTTPField.Name("X-Accel-Buffering")!: "no",
    ]
    return Response(status: .ok, headers: headers, body: body)
  }

  /// A slot for a stream of the owner's or of `device` (``EventStreamSlots``), or the 503 or
  /// 429 that says which cap is reached.
  private func takeSlot(for device: Device?) throws -> EventStreamSlots.Slot {
    let slots = api.eventStreams
    switch slots.take(device: device?.name) {
    case .success(let slot):
      return slot
    case .failure(.full):
      throw APIError(
        .serviceUnavailable, code: "too_many_streams",
        "\(slots.limit) event streams are open, the most this server allows; close a tab, or start it with a higher --max-event-streams"
      )
    case .failure(.devicesFull):
      throw APIError(
        .serviceUnavailable, code: "too_many_streams",
        "devices hold \(slots.deviceShare) event streams, all this server lets devices have (\(slots.ownerReserve) of its \(slots.limit) are kept for the owner); close one on another device, or start the hub with a higher --max-event-streams"
      )
    case .failure(.deviceFull):
      throw APIError(
        .tooManyRequests, code: "too_many_streams",
        "device '\(device?.name ?? "")' has \(slots.perDevice) event streams open, the most one device may; close one first"
      )
    }
  }

  /// Queues `frame` for the client. A full buffer means a slow client: wait rather than drop
  /// or grow.
  private static func send(_ frame: ByteBuffer, to continuation: AsyncStream<ByteBuffer>.Continuation) async throws {
    var frame = frame
    while case .dropped(let back) = continuation.yield(frame) {
      frame = back
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  /// How often a stream looks whether deferred projections have caught up.
  static let catchUpPollInterval = Duration.seconds(1)

  static func frame(_ event: RecordedEvent) -> ByteBuffer {
    let data = (try? JSONCoding.encoder.encode(Wire.Event(event))).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    return ByteBuffer(string: "id: \(event.position)\ndata: \(data)\n\n")
  }
}
