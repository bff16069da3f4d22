import Foundation
import Ledger

#if canImport(Glibc)
  import Glibc
#endif

/// The one question a sync with nothing to do asks — "has the hub anything after this
/// position, and is its history this one?" — asked over one plain, blocking socket.
///
/// A `budget sync` run often (by cron, or a shell prompt) usually finds nothing new. Asked
/// through ``HubClient``, that answer costs more to set up than to get: async-http-client's
/// event loops, connection pool and channel pipeline take ~10 ms of a short process's life
/// before the first byte is sent (docs/adr/0008). The probe sends the same request
/// (`GET /sync/events?after=N&limit=1`, the same bearer token) and reads the same headers, for
/// hubs reached over plain HTTP; it knows only "nothing to do" for sure: any other answer —
/// an event to pull, a refusal, an error, a timeout, an `https` hub, an answer it cannot read
/// — is `nil`, and the caller does the full sync through ``HubClient``, which reports it.
public struct HubProbe: Sendable {
  public let remote: Remote
  /// How long connecting, and then the answer, may take before the probe gives up.
  public var timeoutMilliseconds: Int32 = 2_000

  public init(remote: Remote) { self.remote = remote }

  /// `true` when the hub has no event after `head` and holds `head`'s hash at its position;
  /// `nil` when that is not known for sure. The socket blocks (up to the timeout), so the
  /// question is asked from a thread of its own, never from one of the few threads Swift's
  /// tasks share.
  public func hasNothingAfter(_ head: ChainHead) async -> Bool? {
    await withCheckedContinuation { continuation in
      let asking = Thread { continuation.resume(returning: askNothingAfter(head)) }
      asking.name = "hub probe"
      asking.start()
    }
  }

  /// ``hasNothingAfter(_:)`` on the calling thread, blocking it.
  func askNothingAfter(_ head: ChainHead) -> Bool? {
    guard let target = Target(url: remote.url) else { return nil }
    let request =
      "GET \(target.basePath)/api/v1/sync/events?after=\(head.position)&limit=1&wait=0 HTTP/1.1\r\n"
      + "Host: \(target.hostHeader)\r\nAuthorization: Bearer \(remote.token)\r\n"
      + "Accept: application/octet-stream, application/json\r\nConnection: close\r\n\r\n"
    guard let socket = connect(to: target) else { return nil }
    defer { close(socket) }
    guard send(Array(request.utf8), on: socket), let answerHead = readHead(from: socket),
      let answer = ProbeAnswer(answerHead)
    else { return nil }
    return answer.status == 200 && answer.events == 0 && answer.afterHash == head.hash ? true : nil
  }

  // MARK: Transport

  /// The host, port and path prefix of an `http://` URL; `nil` for anything else.
  struct Target {
    var host: String
    var port: String
    var basePath: String
    var hostHeader: String

    init?(url: String) {
      guard url.hasPrefix("http://") else { return nil }
      var rest = url.dropFirst("http://".count)
      let slash = rest.firstIndex(of: "/") ?? rest.endIndex
      basePath = String(rest[slash...])
      while basePath.hasSuffix("/") { basePath.removeLast() }
      rest = rest[..<slash]
      guard !rest.isEmpty, !rest.contains("@") else { return nil }
      hostHeader = String(rest)
      if rest.hasPrefix("[") {
        guard let close = rest.firstIndex(of: "]") else { return nil }
        host = String(rest[rest.index(after: rest.startIndex)..<close])
        let after = rest[rest.index(after: close)...]
        port = after.hasPrefix(":") ? String(after.dropFirst()) : "80"
      } else if let colon = rest.lastIndex(of: ":") {
        host = String(rest[..<colon])
        port = String(rest[rest.index(after: colon)...])
      } else {
        host = String(rest)
        port = "80"
      }
      guard !host.isEmpty, let number = Int(port), (1...65_535).contains(number) else { return nil }
    }
  }

  /// A connected socket, or `nil` when no address of the host answers in time.
  private func connect(to target: Target) -> Int32? {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_flags = AI_NUMERICSERV
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(target.host, target.port, &hints, &found) == 0, let first = found else { return nil }
    defer { freeaddrinfo(first) }
    var candidate: UnsafeMutablePointer<addrinfo>? = first
    while let address = candidate {
      candidate = address.pointee.ai_next
      let socket = Glibc.socket(
        address.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      guard socket >= 0 else { continue }
      if connected(socket, to: address.pointee) { return socket }
      close(socket)
    }
    return nil
  }

  /// Connects within the timeout, then sets it on every read and write.
  private func connected(_ socket: Int32, to address: addrinfo) -> Bool {
    let flags = fcntl(socket, F_GETFL)
    _ = fcntl(socket, F_SETFL, flags | O_NONBLOCK)
    if Glibc.connect(socket, address.ai_addr, address.ai_addrlen) != 0 {
      guard errno == EINPROGRESS else { return false }
      var poller = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
      guard poll(&poller, 1, timeoutMilliseconds) == 1 else { return false }
      var failure: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      guard getsockopt(socket, SOL_SOCKET, SO_ERROR, &failure, &length) == 0, failure == 0 else { return false }
    }
    _ = fcntl(socket, F_SETFL, flags)
    var limit = timeval(tv_sec: Int(timeoutMilliseconds / 1_000), tv_usec: Int(timeoutMilliseconds % 1_000) * 1_000)
    _ = setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    _ = setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    return true
  }

  private func send(_ bytes: [UInt8], on socket: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else { return false }
      offset += count
    }
    return true
  }

  /// The answer's head (status line and headers), up to 16 KiB.
  private func readHead(from socket: Int32) -> String? {
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4_096)
    while received.count < 16_384 {
      let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return nil }
      received += chunk[0..<count]
      if let end = received.firstRange(of: Array("\r\n\r\n".utf8)) {
        return String(decoding: received[..<end.lowerBound], as: UTF8.self)
      }
    }
    return nil
  }
}

/// The parts of a pull's answer head the probe reads.
struct ProbeAnswer {
  var status: Int
  var events: Int
  var afterHash: String

  init?(_ head: String) {
    let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
    let statusLine = lines.first?.split(separator: " ") ?? []
    guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
      return nil
    }
    var fields: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { return nil }
      fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    guard let events = fields["x-sync-events"].flatMap(Int.init), let afterHash = fields["x-sync-after-hash"] else {
      return nil
    }
    self.status = status
    self.events = events
    self.afterHash = afterHash
  }
}
