import Foundation

/// An HTTP response as the tests see it: status, lower-cased headers, the (de-chunked) body.
public struct HTTPResponse: Sendable {
  public var status: Int
  public var headers: [String: String]
  public var body: Data

  public init(status: Int, headers: [String: String], body: Data) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  public var text: String { String(decoding: body, as: UTF8.self) }

  /// The body parsed as a JSON object (empty when it is not one).
  public var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }

  public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Why bytes read from a socket are not an HTTP response.
public struct HTTPWireError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}

/// HTTP/1.1 response framing for the tests' raw-socket clients (`HTTPTestClient`, `RawHTTP`):
/// when a response is complete, and its parts.
public enum HTTPWire {
  /// Whether `data` holds a whole response: head plus Content-Length bytes, or a chunked
  /// body up to its last chunk.
  public static func isComplete(_ data: Data) -> Bool {
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

  /// Splits status line, headers and body; decodes a chunked body.
  public static func parse(_ data: Data) throws(HTTPWireError) -> HTTPResponse {
    guard let split = data.range(of: Data("\r\n\r\n".utf8)) else {
      throw HTTPWireError("no response head in \(data.count) bytes")
    }
    let head = String(decoding: data[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
    let statusParts = head[0].split(separator: " ")
    guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
      throw HTTPWireError("bad status line \(head[0])")
    }
    var headers: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    var body = Data(data[split.upperBound...])
    if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunk(body) }
    return HTTPResponse(status: status, headers: headers, body: body)
  }

  /// The payload of a chunked body.
  public static func dechunk(_ data: Data) -> Data {
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
