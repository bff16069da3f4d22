import Foundation
import LedgerTesting

#if canImport(Glibc)
  import Glibc
#endif

/// One HTTP response as the reliability tests see it.
typealias RawResponse = HTTPResponse

struct RawHTTPError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// A blocking HTTP/1.1 client over a loopback socket that sends exactly the bytes it is given
/// (malformed request lines, invalid UTF-8, lying Content-Length): hostile input needs a
/// client that does not tidy it up. Call it from a thread of its own, never from the
/// cooperative pool.
struct RawHTTP: Sendable {
  let port: Int
  var timeoutSeconds = 30

  /// A well-formed request with a JSON (or any) body, with the test servers' token unless
  /// `headers` give another `Authorization`.
  func send(
    _ method: String, _ path: String, body: [UInt8]? = nil, headers: [String: String] = [:]
  ) throws -> RawResponse {
    var lines = ["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
    if headers["Authorization"] == nil { lines.append("Authorization: Bearer \(ServerProcess.token)") }
    if let body {
      lines.append("Content-Type: application/json")
      lines.append("Content-Length: \(body.count)")
    }
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { lines.append("\(name): \(value)") }
    return try sendRaw(Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + (body ?? []))
  }

  func send(_ method: String, _ path: String, json: String, headers: [String: String] = [:]) throws -> RawResponse {
    try send(method, path, body: Array(json.utf8), headers: headers)
  }

  /// Sends `bytes` as they are and reads the whole response.
  func sendRaw(_ bytes: [UInt8]) throws -> RawResponse {
    let socket = try connect()
    defer { close(socket) }
    try write(socket, bytes)
    var data = Data()
    while !HTTPWire.isComplete(data) {
      guard let chunk = try read(socket) else { break }
      data.append(chunk)
    }
    return try HTTPWire.parse(data)
  }

  private func connect() throws -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw RawHTTPError("socket() failed") }
    var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
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
      throw RawHTTPError("cannot connect to 127.0.0.1:\(port)")
    }
    return socket
  }

  private func write(_ socket: Int32, _ bytes: [UInt8]) throws {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      // The server may answer (413, 400) and close before reading everything: stop sending.
      guard count > 0 else { return }
      sent += count
    }
  }

  private func read(_ socket: Int32) throws -> Data? {
    var buffer = [UInt8](repeating: 0, count: 16_384)
    let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
    if count == 0 { return nil }
    guard count > 0 else {
      if errno == ECONNRESET { return nil }
      throw RawHTTPError("receive failed or timed out after \(timeoutSeconds) s (errno \(errno))")
    }
    return Data(buffer[0..<count])
  }
}

/// Runs `count` blocking workers on threads of their own and waits for all of them.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    Thread {
      body(index)
      group.leave()
    }.start()
  }
  group.wait()
}
