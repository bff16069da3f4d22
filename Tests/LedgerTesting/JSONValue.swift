/// A decoded JSON value that keeps its kind: a boolean is not a number, an integer not a
/// fraction (what a schema's `type` tells apart), and two answers compare exactly.
public enum JSONValue: Decodable, Equatable, Sendable {
  case null, bool(Bool), integer(Int64), number(Double), string(String)
  case array([JSONValue]), object([String: JSONValue])

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int64.self) {
      self = .integer(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  /// The schema `type` this value is: `boolean`, `integer`, `number`, `string`, `array`,
  /// `object` or `null`.
  public var kind: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .integer: "integer"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }

  /// The value's keys and kinds without its values: what two answers to different questions
  /// share when they have one shape (`{"kind": "string", "undone": {"actor": "string", …}}`).
  public var shape: String {
    switch self {
    case .object(let members):
      "{" + members.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.shape)" }.joined(separator: ", ") + "}"
    case .array(let elements): "[" + (elements.first?.shape ?? "") + "]"
    default: kind
    }
  }

  /// Where `self` and `other` differ, one path per line (`.rows[0].category: "Food" ≠ "Fod"`).
  public func difference(from other: JSONValue, at path: String = "") -> String {
    switch (self, other) {
    case (.object(let a), .object(let b)):
      return Set(a.keys).union(b.keys).sorted().compactMap { key -> String? in
        let (x, y) = (a[key], b[key])
        if x == y { return nil }
        guard let x, let y else { return "\(path).\(key): only in the \(x == nil ? "second" : "first")" }
        return x.difference(from: y, at: "\(path).\(key)")
      }.joined(separator: "\n")
    case (.array(let a), .array(let b)) where a.count == b.count:
      return zip(a, b).enumerated().filter { $1.0 != $1.1 }.map { $1.0.difference(from: $1.1, at: "\(path)[\($0)]") }
        .joined(separator: "\n")
    default:
      return self == other ? "" : "\(path): \(self) ≠ \(other)"
    }
  }

  /// Whether `self` has every field `earlier` has, with the same value, at every depth (an
  /// array element by element): an answer that gained fields and lost or changed none.
  public func keeps(_ earlier: JSONValue) -> Bool {
    switch (self, earlier) {
    case (.object(let now), .object(let before)):
      before.allSatisfy { key, value in now[key]?.keeps(value) == true }
    case (.array(let now), .array(let before)):
      now.count == before.count && zip(now, before).allSatisfy { $0.keeps($1) }
    default:
      self == earlier
    }
  }
}
