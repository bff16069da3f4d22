import Foundation
import LedgerTesting

#if canImport(Glibc)
  import Glibc
#endif

/// A loopback HTTP/1.1 proxy between devices and their hub that misbehaves on purpose: for
/// every request it asks ``choose`` which ``Fault`` to inject, then forwards (or does not).
///
/// Blocking POSIX sockets, one thread per device connection, one upstream connection each.
/// Requests and answers are framed with Content-Length (or chunked answers), so a fault hits
/// one exchange even on a kept-alive connection.
final class FaultProxy: @unchecked Sendable {
  // @unchecked: mutable fields are guarded by `lock`.

  /// What happens to one exchange.
  enum Fault: Sendable {
    /// Forwarded both ways.
    case pass
    /// The connection is closed before the request reaches the hub: nothing happened.
    case drop
    /// The hub answers (and commits), the device never hears it: the connection is closed.
    case lose
    /// Forwarded after a pause.
    case delay(milliseconds: Int)
    /// The answer's first part (`0 < fraction < 1` of its bytes) is forwarded, then the
    /// connection is closed.
    case cut(fraction: Double)
    /// The request reaches the hub twice; only the second answer is forwarded.
    case duplicate
    /// The answer's body is changed by `body` before it is forwarded (Content-Length fixed).
    case tamper(@Sendable (inout [UInt8]) -> Void)
    /// The hub's answer is held until `gate` opens (``Gate/release()``).
    case hold(Gate)
  }

  /// A request as ``choose`` sees it.
  struct Request: Sendable {
    var method: String
    /// The request target, e.g. `/api/v1/sync/events?after=3&limit=50000&wait=0`.
    var target: String
  }

  /// Where a held answer waits: ``arrived`` is signalled when the hub has answered.
  final class Gate: Sendable {
    let arrived = DispatchSemaphore(value: 0)
    private let opened = DispatchSemaphore(value: 0)
    func release() { opened.signal() }
    func wait() { opened.wait() }
  }

  let port: Int
  private let listener: Int32
  private let lock = NSLock()
  private var upstream: Int
  private var chooser: @Sendable (Request) -> Fault = { _ in .pass }
  private var rewrite: @Sendable (String) -> String = { $0 }
  private var sockets: Set<Int32> = []
  private var done: [String] = []
  private var stopped = false

  /// Listens on a free loopback port and forwards to `127.0.0.1:upstreamPort`.
  init(upstreamPort: Int) throws {
    upstream = upstreamPort
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = Self.loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, length) == 0 && listen(listener, 64) == 0 && getsockname(listener, $0, &length) == 0
      }
    }
    guard bound else {
      close(listener)
      throw ProxyError("cannot listen on loopback (errno \(errno))")
    }
    self.listener = listener
    port = Int(UInt16(bigEndian: address.sin_port))
    Thread { self.acceptLoop() }.start()
  }

  var url: String { "http://127.0.0.1:\(port)" }

  /// The hub's port (it changes when a killed hub is started again).
  var upstreamPort: Int {
    get { lock.withLock { upstream } }
    set { lock.withLock { upstream = newValue } }
  }

  /// Decides each exchange's fault from here on.
  func choose(_ body: @escaping @Sendable (Request) -> Fault) { lock.withLock { chooser = body } }

  /// Rewrites each request line (`GET /… HTTP/1.1`) before it is forwarded.
  func rewriteRequestLine(_ body: @escaping @Sendable (String) -> String) { lock.withLock { rewrite = body } }

  /// How many answers the hub gave to requests whose target contains `path`.
  func answered(_ path: String) -> Int { lock.withLock { done.count { $0.contains(path) } } }

  /// Stops listening and closes every connection.
  func stop() {
    let first = lock.withLock {
      defer { stopped = true }
      for socket in sockets { shutdown(socket, Int32(SHUT_RDWR)) }
      return !stopped
    }
    guard first else { return }
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  deinit { stop() }

  // MARK: Connections

  private func acceptLoop() {
    while true {
      let client = accept(listener, nil, nil)
      guard client >= 0 else { return }
      let open = lock.withLock { () -> Bool in
        if !stopped { sockets.insert(client) }
        return !stopped
      }
      guard open else {
        close(client)
        return
      }
      Thread { self.serve(client) }.start()
    }
  }

  /// Relays exchanges between the device's connection `client` and one hub connection.
  private func serve(_ client: Int32) {
    var hub: Int32 = -1
    var pending: [UInt8] = []
    defer {
      for socket in [client, hub] where socket >= 0 {
        _ = lock.withLock { sockets.remove(socket) }
        close(socket)
      }
    }
    while Self.awaitRequest(client, unlessClosed: hub),
      let raw = Self.readMessage(client, buffer: &pending, isRequest: true)
    {
      let (request, bytes) = rewritten(raw)
      let fault = lock.withLock { chooser }(request)
      if case .drop = fault { return }
      if case .delay(let milliseconds) = fault { usleep(UInt32(milliseconds) * 1_000) }
      if hub < 0 { hub = connectUpstream() }
      guard hub >= 0, var answer = exchange(bytes, on: hub) else { return }
      if case .duplicate = fault {
        guard let second = exchange(bytes, on: hub) else { return }
        answer = second
      }
      lock.withLock { done.append(request.target) }
      switch fault {
      case .lose: return
      case .cut(let fraction):
        let count = min(answer.count - 1, max(1, Int(Double(answer.count) * fraction)))
        Self.send(client, Array(answer[0..<count]))
        return
      case .tamper(let body): answer = Self.tampered(answer, with: body)
      case .hold(let gate):
        gate.arrived.signal()
        gate.wait()
      default: break
      }
      guard Self.send(client, answer) else { return }
    }
  }

  /// The request with its line rewritten, and as ``choose`` sees it.
  private func rewritten(_ raw: [UInt8]) -> (Request, [UInt8]) {
    let end = raw.firstIndex(of: UInt8(ascii: "\r")) ?? raw.count
    let line = lock.withLock { rewrite }(String(decoding: raw[0..<end], as: UTF8.self))
    let parts = line.split(separator: " ")
    let request = Request(method: parts.first.map(String.init) ?? "", target: parts.count > 1 ? String(parts[1]) : "")
    return (request, Array(line.utf8) + raw[end...])
  }

  /// Sends `request` to the hub and reads its whole answer; `nil` if the hub went away.
  private func exchange(_ request: [UInt8], on hub: Int32) -> [UInt8]? {
    guard Self.send(hub, request) else { return nil }
    var buffer: [UInt8] = []
    return Self.readMessage(hub, buffer: &buffer, isRequest: false)
  }

  private func connectUpstream() -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = Self.loopback(port: upstreamPort)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    guard connected else {
      close(socket)
      return -1
    }
    var timeout = timeval(tv_sec: 60, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    lock.withLock { _ = sockets.insert(socket) }
    return socket
  }

  /// Waits until the device sends something; `false` when the hub closed its connection
  /// first (it stopped), so that the device's connection is closed as the hub's was.
  private static func awaitRequest(_ client: Int32, unlessClosed hub: Int32) -> Bool {
    guard hub >= 0 else { return true }
    var sockets = [
      pollfd(fd: client, events: Int16(POLLIN), revents: 0), pollfd(fd: hub, events: Int16(POLLIN), revents: 0),
    ]
    while poll(&sockets, 2, -1) < 0, errno == EINTR {}
    return sockets[1].revents == 0
  }

  // MARK: Framing

  /// Reads one whole HTTP message from `socket` (bytes left over stay in `buffer`); `nil` at
  /// the end of the stream, on an error, or if it ends half-way.
  private static func readMessage(_ socket: Int32, buffer: inout [UInt8], isRequest: Bool) -> [UInt8]? {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    var length: Int?
    while true {
      if length == nil { length = messageLength(buffer, isRequest: isRequest) }
      if let length, buffer.count >= length {
        let message = Array(buffer[0..<length])
        buffer.removeFirst(length)
        return message
      }
      let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return nil }
      buffer.append(contentsOf: chunk[0..<count])
    }
  }

  /// The length of the message at the start of `bytes`, once its head (or, for a chunked
  /// answer, its last chunk) is there.
  private static func messageLength(_ bytes: [UInt8], isRequest: Bool) -> Int? {
    let data = Data(bytes)
    guard let split = data.range(of: Data("\r\n\r\n".utf8)) else { return nil }
    let head = String(decoding: data[..<split.lowerBound], as: UTF8.self).lowercased()
    if head.contains("transfer-encoding: chunked") {
      return data[split.upperBound...].range(of: Data("0\r\n\r\n".utf8))?.upperBound
    }
    let declared = head.components(separatedBy: "\r\n").first { $0.hasPrefix("content-length:") }
    let bodyLength = declared.flatMap { Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) }
    return (bodyLength ?? (isRequest ? 0 : nil)).map { split.upperBound + $0 }
  }

  /// `answer` (Content-Length framed) with its body changed by `body`.
  private static func tampered(_ answer: [UInt8], with body: (inout [UInt8]) -> Void) -> [UInt8] {
    let data = Data(answer)
    guard let split = data.range(of: Data("\r\n\r\n".utf8)) else { return answer }
    var payload = Array(answer[split.upperBound...])
    body(&payload)
    let head = String(decoding: data[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n").map {
      $0.lowercased().hasPrefix("content-length:") ? "content-length: \(payload.count)" : $0
    }
    return Array((head.joined(separator: "\r\n") + "\r\n\r\n").utf8) + payload
  }

  @discardableResult
  private static func send(_ socket: Int32, _ bytes: [UInt8]) -> Bool {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard count > 0 else { return false }
      sent += count
    }
    return true
  }

  private static func loopback(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
  }
}

struct ProxyError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
