import Foundation
import LedgerTesting

#if canImport(Glibc)
  import Glibc
#endif

/// A response as the tests see it.
typealias HTTPTestResponse = HTTPResponse

/// A minimal HTTP/1.1 client over a blocking loopback socket: enough to send any request
/// the tests need (also malformed ones) and to read a Server-Sent Events stream.
struct HTTPTestClient: Sendable {
  let port: Int
  /// Sent as `Authorization: Bearer` unless a request gives its own `Authorization` (an empty
  /// value sends none).
  var token: String?

  /// The same client without credentials.
  var anonymous: HTTPTestClient { HTTPTestClient(port: port, token: nil) }

  /// How long a response may take before the test fails. Generous: the server runs on the
  /// test process's cooperative pool (a thread per core), which the other tests running in
  /// parallel — several waiting for child processes — can keep busy for seconds; CI saw every
  /// server test time out at 10 s at once while the rest of the suite was loading both cores.
  static let responseTimeoutSeconds = 60

  /// Sends one request (`Connection: close`) and reads the whole response.
  func send(
    _ method: String, _ path: String, json: String? = nil, headers: [String: String] = [:]
  ) async throws -> HTTPTestResponse {
    try await sendRaw(Self.requestText(method, path, body: json, headers: withToken(headers)))
  }

  /// Sends `text` as it is (a malformed or unusual request) and reads the whole response.
  func sendRaw(_ text: String) async throws -> HTTPTestResponse {
    let port = self.port
    return try await Self.onThread {
      let socket = try Self.connect(port: port, timeoutSeconds: Self.responseTimeoutSeconds)
      defer { close(socket) }
      try Self.write(socket, text)
      var data = Data()
      while !HTTPWire.isComplete(data), let chunk = try Self.read(socket) { data.append(chunk) }
      return try HTTPWire.parse(data)
    }
  }

  /// Runs blocking socket code on its own thread, never on the (small) cooperative pool the
  /// server under test needs.
  static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Result { try body() }) }.start()
    }
  }

  /// Opens `path` as an event stream and returns the raw text received once `until` returns
  /// true for it, or when `timeoutSeconds` pass.
  func stream(
    _ path: String, headers: [String: String] = [:], timeoutSeconds: Int = HTTPTestClient.responseTimeoutSeconds,
    afterConnect: @escaping @Sendable () async throws -> Void,
    until: @escaping @Sendable (String) -> Bool
  ) async throws -> String {
    let port = self.port
    let socket = try Self.connect(port: port, timeoutSeconds: 1)
    defer { close(socket) }
    try Self.write(
      socket,
      Self.requestText(
        "GET", path, body: nil, headers: withToken(headers).merging(["Accept": "text/event-stream"]) { $1 })
    )
    let reader = Task {
      try await Self.onThread { () -> String in
        var text = ""
        let deadline = Date().addingTimeInterval(Double(timeoutSeconds))
        while Date() < deadline {
          do {
            guard let chunk = try Self.read(socket) else { break }
            text += String(decoding: chunk, as: UTF8.self)
            if until(text) { break }
          } catch { continue }  // receive timeout: poll again
        }
        return text
      }
    }
    try await Task.sleep(for: .milliseconds(300))
    try await afterConnect()
    return try await reader.value
  }

  /// Opens `path` as an event stream and leaves it open: the socket (for the caller to
  /// close) and the text received until the stream said it is connected — or, for a refusal,
  /// the whole answer.
  func openStream(_ path: String, headers: [String: String] = [:]) async throws -> (socket: Int32, text: String) {
    let port = self.port
    let request = Self.requestText(
      "GET", path, body: nil, headers: withToken(headers).merging(["Accept": "text/event-stream"]) { $1 })
    return try await Self.onThread {
      let socket = try Self.connect(port: port, timeoutSeconds: Self.responseTimeoutSeconds)
      do {
        try Self.write(socket, request)
        var text = ""
        while !text.contains(": connected"), let chunk = try Self.read(socket) {
          text += String(decoding: chunk, as: UTF8.self)
        }
        return (socket, text)
      } catch {
        close(socket)
        throw error
      }
    }
  }

  /// What else arrives on an open stream (``openStream(_:headers:)``) until the server closes
  /// it, `until` returns true for it, or `timeoutSeconds` pass.
  static func readOn(
    _ socket: Int32, timeoutSeconds: Int, until: @escaping @Sendable (String) -> Bool
  ) async throws -> String {
    try await onThread {
      var text = ""
      let deadline = Date().addingTimeInterval(Double(timeoutSeconds))
      while Date() < deadline {
        do {
          guard let chunk = try read(socket) else { break }
          text += String(decoding: chunk, as: UTF8.self)
          if until(text) { break }
        } catch { continue }  // receive timeout: poll again
      }
      return text
    }
  }

  /// `headers` with the client's token added, unless they set `Authorization` themselves.
  func withToken(_ headers: [String: String]) -> [String: String] {
    guard let token, headers["Authorization"] == nil else { return headers }
    return headers.merging(["Authorization": "Bearer \(token)"]) { $1 }
  }

  /// The request's text. `Host` (default `127.0.0.1`) and `Content-Type` (default JSON, when
  /// there is a body) can be replaced; a header given as "" is left out.
  static func requestText(_ method: String, _ path: String, body: String?, headers: [String: String]) -> String {
    var fields = ["Host": "127.0.0.1", "Connection": "close"]
    if let body {
      fields["Content-Type"] = "application/json"
      fields["Content-Length"] = "\(body.utf8.count)"
    }
    fields.merge(headers) { $1 }
    var lines = ["\(method) \(path) HTTP/1.1"]
    for name in fields.keys.sorted() where !(fields[name] ?? "").isEmpty { lines.append("\(name): \(fields[name]!)") }
    return lines.joined(separator: "\r\n") + "\r\n\r\n" + (body ?? "")
  }

  /// A connected socket; `receiveBufferBytes` shrinks what the kernel takes in for it before
  /// the test reads (a client that stops reading then stops the server's sending sooner).
  static func connect(port: Int, timeoutSeconds: Int, receiveBufferBytes: Int32? = nil) throws -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw ClientError("socket() failed") }
    if var bytes = receiveBufferBytes {
      setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &bytes, socklen_t(MemoryLayout<Int32>.size))
    }
    var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      close(socket)
      throw ClientError("cannot connect to 127.0.0.1:\(port)")
    }
    return socket
  }

  static func write(_ socket: Int32, _ text: String) throws {
    let bytes = Array(text.utf8)
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard count > 0 else { throw ClientError("send failed") }
      sent += count
    }
  }

  /// The next chunk, or `nil` at end of stream; throws on a receive timeout.
  static func read(_ socket: Int32) throws -> Data? {
    var buffer = [UInt8](repeating: 0, count: 16_384)
    let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
    if count == 0 { return nil }
    guard count > 0 else { throw ClientError("receive timed out") }
    return Data(buffer[0..<count])
  }
}

struct ClientError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
