import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Just enough HTTP/1.1 over a plain socket to time a server's first answer, without a client
/// library's own start-up in the figure.
enum LoopbackHTTP {
  /// A port on 127.0.0.1 that was free a moment ago (bound to 0, read back, closed).
  static func freePort() throws(BenchError) -> UInt16 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw .failed("socket() failed: errno \(errno)") }
    defer { close(socket) }
    var address = loopback(port: 0)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else { throw .failed("bind() failed: errno \(errno)") }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
    }
    guard named == 0 else { throw .failed("getsockname() failed: errno \(errno)") }
    return UInt16(bigEndian: address.sin_port)
  }

  /// A connected socket to 127.0.0.1:`port`, or -1 while nothing listens there.
  static func connect(port: UInt16) -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { return -1 }
    var address = loopback(port: port)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(socket)
      return -1
    }
    // A server that never answers fails the run instead of hanging it.
    var timeout = timeval(tv_sec: 300, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    return socket
  }

  /// Sends one POST with a JSON body on `socket` and reads the whole answer; returns its status.
  static func post(
    on socket: Int32, port: UInt16, path: String, headers: [String: String], json: String
  ) throws(BenchError) -> Int {
    var request = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { request += "\(name): \(value)\r\n" }
    request += "Content-Length: \(json.utf8.count)\r\nConnection: close\r\n\r\n\(json)"
    let bytes = Array(request.utf8)
    var sent = 0
    while sent < bytes.count {
      let n = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard n > 0 else { throw .failed("send() failed: errno \(errno)") }
      sent += n
    }
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while !isComplete(answer) {
      let n = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      guard n > 0 else { break }
      answer += buffer[0..<n]
    }
    let head = String(decoding: answer.prefix(64), as: UTF8.self)
    let words = head.split(separator: " ", maxSplits: 2)
    guard words.count >= 2, words[0].hasPrefix("HTTP/"), let status = Int(words[1]) else {
      throw .failed("no HTTP answer from 127.0.0.1:\(port): \(head.debugDescription)")
    }
    return status
  }

  /// Whether `answer` holds the whole head and as many body bytes as its Content-Length says.
  private static func isComplete(_ answer: [UInt8]) -> Bool {
    let separator: [UInt8] = [13, 10, 13, 10]
    guard answer.count >= 4,
      let end = (0...(answer.count - 4)).first(where: { Array(answer[$0..<$0 + 4]) == separator })
    else { return false }
    let head = String(decoding: answer[0..<end], as: UTF8.self).lowercased()
    let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
      .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
    guard let length else { return false }  // no length: read until the server closes
    return answer.count >= end + 4 + length
  }

  private static func loopback(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
  }
}
