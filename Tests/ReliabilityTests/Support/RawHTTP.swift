import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One HTTP response as the reliability tests see it.
struct RawResponse: Sendable {
  var status: Int
  var headers: [String: String]
  var body: Data

  var text: String { String(decoding: body, as: UTF8.self) }
  var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
  func header(_ name: String) -> String? { headers[name.lowercased()] }
}

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

  /// A well-formed request with a JSON (or any) body.
  func send(_ method: String, _ path: String, body: [UInt8]? = nil, headers: [String: String] = [:]) throws -> RawResponse {
    var lines = ["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
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
    while !Self.isComplete(data) {
      guard let chunk = try read(socket) else { break }
      data.append(chunk)
    }
    return try Self.parse(data)
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
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
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

  static func isComplete(_ data: Data) -> Bool {
    guard let split = data.range(of: Data("\r\n\r\n".utf8)) else { return false }
    let head = String(decoding: data[..<split.lowerBound], as: UTF8.self).lowercased()
    let bodyCount = data.count - (split.upperBound - data.startIndex)
    for line in head.components(separatedBy: "\r\n") where line.hasPrefix("content-length:") {
      return bodyCount >= Int(line.dropFirst(15).trimmingCharacters(in: .whitespaces)) ?? 0
    }
    if head.contains("transfer-encoding: chunked") {
      return data[split.upperBound...].range(of: Data("0\r\n\r\n".utf8)) != nil
    }
    return false
  }

  static func parse(_ data: Data) throws -> RawResponse {
    guard let split = data.range(of: Data("\r\n\r\n".utf8)) else {
      throw RawHTTPError("no response head in \(data.count) bytes")
    }
    let head = String(decoding: data[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
    let statusParts = head[0].split(separator: " ")
    guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw RawHTTPError("bad status line \(head[0])") }
    var headers: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    var body = Data(data[split.upperBound...])
    if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunk(body) }
    return RawResponse(status: status, headers: headers, body: body)
  }

  static func dechunk(_ data: Data) -> Data {
    var output = Data()
    var index = data.startIndex
    while index < data.endIndex, let lineEnd = data[index...].range(of: Data("\r\n".utf8)) {
      let sizeText = String(decoding: data[index..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
      guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size > 0 else { break }
      let start = lineEnd.upperBound
      let end = data.index(start, offsetBy: size, limitedBy: data.endIndex) ?? data.endIndex
      output.append(data[start..<end])
      index = data.index(end, offsetBy: 2, limitedBy: data.endIndex) ?? data.endIndex
    }
    return output
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
