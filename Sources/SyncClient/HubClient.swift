import AsyncHTTPClient
import Foundation
import Ledger
import LedgerDomain
import NIOCore
import NIOHTTP1

/// A device's connection to its hub: the sync routes of `budget serve` (docs/api.md), over
/// async-http-client, with the device's bearer token.
public struct HubClient: Sendable {
  public let remote: Remote
  let http: HTTPClient
  /// How long a request may take beyond what it asks the hub to wait.
  let timeout: TimeAmount

  public init(remote: Remote, http: HTTPClient = HubClient.defaultHTTPClient, timeout: TimeAmount = .seconds(30)) {
    self.remote = remote
    self.http = http
    self.timeout = timeout
  }

  /// The HTTP client hubs are reached with unless told otherwise: ``HTTPClient/shared``'s
  /// settings, except that a connection the hub refuses fails at once and one that cannot be
  /// made in 10 s is given up — a hub that is down means the device is offline, which a sync
  /// reports at once (keeping the outbox), instead of retrying until the request's deadline —
  /// and redirects are not followed: one would carry the device's token to another address.
  public static let defaultHTTPClient: HTTPClient = {
    var configuration = HTTPClient.Configuration.singletonConfiguration
    configuration.connectionPool.retryConnectionEstablishment = false
    configuration.redirectConfiguration = .disallow
    configuration.timeout.connect = .seconds(10)
    return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
  }()

  /// The hub's head.
  public func head() async throws(HubError) -> ChainHead {
    let response = try await send("GET", "sync/head")
    return try decode(ChainHead.self, response.body)
  }

  /// The hub's events after `position` (``ReplicaFrames``), waiting up to `wait` seconds
  /// for one when there is none yet.
  public func events(after position: UInt64, limit: Int = 50_000, wait: Int = 0) async throws(HubError) -> PulledEvents
  {
    let response = try await send(
      "GET", "sync/events?after=\(position)&limit=\(limit)&wait=\(wait)", timeout: timeout + .seconds(Int64(wait)))
    let headers = response.headers
    guard let count = headers.first(name: "X-Sync-Events").flatMap(Int.init),
      let last = headers.first(name: "X-Sync-Last-Position").flatMap(UInt64.init),
      let head = headers.first(name: "X-Sync-Head-Position").flatMap(UInt64.init),
      let afterHash = headers.first(name: "X-Sync-After-Hash")
    else {
      throw .protocolError("\(remote.url) answered a pull without its X-Sync-… headers: is it a budget hub?")
    }
    return PulledEvents(
      frames: Array(buffer: response.body), count: count, lastPosition: last, hubHead: head, hashAfter: afterHash)
  }

  /// Downloads the hub's whole ledger file (``GET /sync/snapshot``) into `path`, a new file
  /// (0600), as it arrives; checks that every byte the hub announced arrived. Nothing is
  /// flushed: the caller does that (``FileFlush``), while it checks the copy.
  ///
  /// - Returns: the number of bytes written.
  /// A transport error in words a user can act on. The HTTP client's own descriptions name the
  /// system call ("connection reset (error set): Connection refused (errno: 111)").
  static func transportProblem(_ error: any Error) -> String {
    let text = String(describing: error)
    if text.contains("Connection refused") {
      return "nothing answers at that address: is budget serve running there, on that port?"
    }
    if text.contains("connectTimeout") || text.contains("deadlineExceeded") || text.contains("readTimeout") {
      return "no answer in time"
    }
    if text.contains("No address associated") || text.contains("Name or service not known") {
      return "no such host"
    }
    return text
  }

  public func downloadSnapshot(into path: String) async throws -> Int {
    let base = remote.url.hasSuffix("/") ? String(remote.url.dropLast()) : remote.url
    var request = HTTPClientRequest(url: "\(base)/api/v1/sync/snapshot")
    request.headers.add(name: "Authorization", value: "Bearer \(remote.token)")
    let response: HTTPClientResponse
    do { response = try await http.execute(request, timeout: .hours(2)) } catch {
      throw HubError.unreachable("\(remote.url) is out of reach (\(Self.transportProblem(error)))")
    }
    guard response.status == .ok else {
      if response.status.code == 401 { throw HubError.unauthorized(refusedToken) }
      let body = try? await response.body.collect(upTo: 1 << 20)
      let text = body.map { Answer(status: response.status, headers: response.headers, body: $0) }.map(message) ?? ""
      throw HubError.protocolError("\(remote.url) answered HTTP \(response.status.code) for the ledger's copy: \(text)")
    }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw SyncError.invalid("cannot create \(path) (errno \(errno)); remove it first") }
    defer { close(descriptor) }
    var written = 0
    do {
      for try await buffer in response.body {
        try buffer.withUnsafeReadableBytes { bytes in
          var offset = 0
          while offset < bytes.count {
            let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            guard count > 0 else { throw SyncError.damaged("cannot write the ledger's copy (errno \(errno))") }
            offset += count
          }
        }
        written += buffer.readableBytes
      }
    } catch let error as SyncError {
      throw error
    } catch {
      throw HubError.unreachable("the ledger's copy stopped arriving after \(written) bytes (\(error))")
    }
    if let announced = response.headers.first(name: "Content-Length").flatMap(Int.init), announced != written {
      throw HubError.unreachable("the ledger's copy stopped after \(written) of \(announced) bytes")
    }
    return written
  }

  /// Submits one outbox entry; the hub decides it by its rules.
  public func submit(_ entry: OutboxEntry) async throws(HubError) -> Submission {
    let body = SubmissionBody(key: entry.key, commands: entry.commands, atomic: entry.atomic, actor: entry.actor)
    let data: Data
    do { data = try JSONEncoder().encode(body) } catch { throw .protocolError("cannot encode the change: \(error)") }
    let response = try await send("POST", "sync/commands", body: data, acceptingRefusals: true)
    if response.status == .ok {
      let accepted = try decode(Accepted.self, response.body)
      return .accepted(positions: accepted.positions, duplicate: accepted.duplicate)
    }
    let problem = try? decode(Problem.self, response.body)
    return .refused(
      status: Int(response.status.code), code: problem?.code ?? "http_\(response.status.code)",
      reason: problem?.message ?? "the hub refused the change (HTTP \(response.status.code))")
  }

  /// Asks a device's own server (`budget serve` on the device, whose ledger `budget sync`
  /// cannot open meanwhile) to sync with its hub now: `POST /sync/run`, answered once the
  /// server's round is over.
  public func syncNow() async throws(HubError) -> SyncReport {
    let response = try await send("POST", "sync/run", body: Data("{}".utf8), timeout: .minutes(10))
    return try decode(SyncReport.self, response.body)
  }

  // MARK: Transport

  struct Answer {
    var status: HTTPResponseStatus
    var headers: HTTPHeaders
    var body: ByteBuffer
  }

  private func send(
    _ method: String, _ path: String, body: Data? = nil, timeout: TimeAmount? = nil, acceptingRefusals: Bool = false
  ) async throws(HubError) -> Answer {
    let base = remote.url.hasSuffix("/") ? String(remote.url.dropLast()) : remote.url
    var request = HTTPClientRequest(url: "\(base)/api/v1/\(path)")
    request.method = HTTPMethod(rawValue: method)
    // A device's own server started with --no-auth has no token to send.
    if !remote.token.isEmpty { request.headers.add(name: "Authorization", value: "Bearer \(remote.token)") }
    request.headers.add(name: "Accept", value: "application/octet-stream, application/json")
    if let body {
      request.headers.add(name: "Content-Type", value: "application/json")
      request.body = .bytes(ByteBuffer(bytes: body))
    }
    let answer: Answer
    do {
      let response = try await http.execute(request, timeout: timeout ?? self.timeout)
      let collected = try await response.body.collect(upTo: 512 << 20)
      answer = Answer(status: response.status, headers: response.headers, body: collected)
    } catch {
      throw .unreachable("\(remote.url) is out of reach (\(Self.transportProblem(error)))")
    }
    switch answer.status.code {
    case 200..<300: return answer
    case 401: throw .unauthorized(refusedToken)
    case 403: throw .forbidden("\(remote.url) refused: \(message(answer))")
    case 400..<500 where acceptingRefusals: return answer
    case 409: throw .diverged("\(remote.url): \(message(answer))")
    default: throw .protocolError("\(remote.url) answered HTTP \(answer.status.code): \(message(answer))")
    }
  }

  private func message(_ answer: Answer) -> String {
    (try? decode(Problem.self, answer.body))?.message ?? String(buffer: answer.body).prefix(200).description
  }

  /// Why a hub refused this device's token, and what to do. (The hub's own words are for its
  /// owner: they point at the login link `budget serve` printed.)
  private var refusedToken: String {
    "\(remote.url) refused this device's token: it was revoked, or is not one of this hub's — ask the hub's owner for a new one (budget device add NAME on the hub), then give it to this device with budget remote remove and budget remote add"
  }

  private func decode<T: Decodable>(_ type: T.Type, _ buffer: ByteBuffer) throws(HubError) -> T {
    do { return try JSONDecoder().decode(type, from: Data(buffer.readableBytesView)) } catch {
      throw .protocolError("\(remote.url) answered something that is not a budget hub's JSON (\(error))")
    }
  }

  private struct SubmissionBody: Encodable {
    var key: String
    var commands: [LedgerCommand]
    var atomic: Bool
    var actor: String?
  }

  private struct Accepted: Decodable {
    var positions: [UInt64]
    var duplicate: Bool
  }

  /// The API's error body.
  private struct Problem: Decodable {
    var code: String
    var message: String
  }
}

/// What a pull brought: the stored events and where the hub stands.
public struct PulledEvents: Sendable {
  public var frames: [UInt8]
  public var count: Int
  public var lastPosition: UInt64
  /// The hub's head position when it answered.
  public var hubHead: UInt64
  /// The hub's chain hash at the position the pull started after.
  public var hashAfter: String
}

/// What the hub made of a submitted change.
public enum Submission: Sendable, Hashable {
  case accepted(positions: [UInt64], duplicate: Bool)
  /// Refused by the hub's rules (or its checks): the change becomes a conflict.
  case refused(status: Int, code: String, reason: String)
}

/// Why talking to the hub failed. ``unreachable(_:)`` is the normal case of a device offline:
/// its changes wait in the outbox.
public enum HubError: Error, Sendable, Hashable, CustomStringConvertible {
  case unreachable(String)
  case unauthorized(String)
  case forbidden(String)
  /// The hub's history is not the replica's (it is another hub's, or was restored from an
  /// older backup).
  case diverged(String)
  case protocolError(String)

  public var description: String {
    switch self {
    case .unreachable(let text), .unauthorized(let text), .forbidden(let text), .diverged(let text),
      .protocolError(let text):
      text
    }
  }
}
