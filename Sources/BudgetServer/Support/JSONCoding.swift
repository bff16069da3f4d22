import Foundation
import Hummingbird
import NIOCore

/// JSON in and out of the API: sorted keys, exact decimal strings for money (the DTOs hold
/// strings), and request bodies limited in size and decoded with clear 400s.
enum JSONCoding {
  /// One encoder shared by every response (JSONEncoder is thread-safe once configured).
  static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  /// A JSON response with `status` and extra headers.
  static func response(
    _ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]
  ) throws -> Response {
    let data = try encoder.encode(value)
    var fields = headers
    fields[.contentType] = "application/json; charset=utf-8"
    return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
  }

  /// Decodes the request body as `T`, refusing bodies over `limit` bytes (413) and
  /// malformed JSON or missing fields (400 naming the field).
  static func decode<T: Decodable>(_ type: T.Type, from request: Request, limit: Int) async throws -> T {
    let buffer: ByteBuffer
    do {
      buffer = try await request.body.collect(upTo: limit)
    } catch {
      throw APIError(.contentTooLarge, code: "body_too_large", "the request body is larger than \(limit) bytes")
    }
    let bytes = Data(buffer.readableBytesView)
    do {
      return try JSONDecoder().decode(T.self, from: bytes.isEmpty ? Data("{}".utf8) : bytes)
    } catch let DecodingError.keyNotFound(key, _) {
      throw APIError.badRequest("the field '\(key.stringValue)' is required", field: key.stringValue)
    } catch let DecodingError.typeMismatch(_, context) {
      let field = context.codingPath.map(\.stringValue).joined(separator: ".")
      throw APIError.badRequest("the field '\(field)' has the wrong type: \(context.debugDescription)", field: field)
    } catch let DecodingError.valueNotFound(_, context) {
      let field = context.codingPath.map(\.stringValue).joined(separator: ".")
      throw APIError.badRequest("the field '\(field)' must not be null", field: field)
    } catch let DecodingError.dataCorrupted(context) {
      let field = context.codingPath.map(\.stringValue).joined(separator: ".")
      throw APIError.badRequest(
        field.isEmpty
          ? "the request body is not valid JSON" : "the field '\(field)' is invalid: \(context.debugDescription)",
        field: field.isEmpty ? nil : field)
    } catch {
      throw APIError.badRequest("the request body is not valid JSON")
    }
  }
}
