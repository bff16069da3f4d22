import Foundation
import LedgerTesting

/// Checks values against the schemas of an OpenAPI document's `components/schemas`: what
/// a shape encodes against what the document declares, both ways.
///
/// - ``problems(json:schema:)``: every property the JSON has is declared, every declared
///   property is present (samples set every optional field, so a declared field no shape
///   emits is found), every required one is present, and types and enums match.
/// - ``problems(optionality:schema:)``: each of a shape's stored properties is declared, its
///   non-optional ones are required by the document and its optional ones are not (read from
///   the Swift value with `Mirror`), and the sample sets every optional one.
struct SchemaCheck: @unchecked Sendable {  // its schemas are read once and never changed
  /// The document's `components/schemas`, by name.
  let schemas: [String: Any]

  /// The schemas of the OpenAPI document at `url`.
  init(document url: URL) throws {
    let document = try YAMLSubset.parse(String(contentsOf: url, encoding: .utf8))
    guard let components = (document as? [String: Any])?["components"] as? [String: Any],
      let schemas = components["schemas"] as? [String: Any]
    else { throw YAMLSubset.ParseError(description: "no components/schemas in \(url.path)") }
    self.schemas = schemas
  }

  init(schemas: [String: Any]) { self.schemas = schemas }

  /// A schema with its `$ref` followed and its `allOf` parts merged: type, properties,
  /// required, items, additionalProperties, enum, oneOf.
  struct Resolved {
    var type: String?
    var properties: [String: Any] = [:]
    var required: Set<String> = []
    var items: Any?
    var additionalProperties: Any?
    var enumeration: [String]?
    var oneOf: [Any]?
  }

  func resolve(_ schema: Any) -> Resolved {
    guard let schema = schema as? [String: Any] else { return Resolved() }
    if let reference = schema["$ref"] as? String {
      let name = String(reference.split(separator: "/").last ?? "")
      return resolve(schemas[name] ?? [String: Any]())
    }
    var resolved = Resolved()
    for part in schema["allOf"] as? [Any] ?? [] {
      let piece = resolve(part)
      resolved.type = resolved.type ?? piece.type
      resolved.properties.merge(piece.properties) { first, _ in first }
      resolved.required.formUnion(piece.required)
    }
    resolved.type = schema["type"] as? String ?? resolved.type
    resolved.properties.merge(schema["properties"] as? [String: Any] ?? [:]) { _, own in own }
    resolved.required.formUnion(schema["required"] as? [String] ?? [])
    resolved.items = schema["items"]
    resolved.additionalProperties = schema["additionalProperties"]
    resolved.enumeration = schema["enum"] as? [String]
    resolved.oneOf = schema["oneOf"] as? [Any]
    if resolved.type == nil, !resolved.properties.isEmpty { resolved.type = "object" }
    return resolved
  }

  /// Where `json` and `schema` disagree, one line each, naming the path (`Schedule.rule.day`).
  func problems(json: JSONValue, schema: Any, path: String) -> [String] {
    let resolved = resolve(schema)
    if let choices = resolved.oneOf {
      return choices.contains { problems(json: json, schema: $0, path: path).isEmpty }
        ? [] : ["\(path): matches none of its oneOf schemas"]
    }
    if let type = resolved.type, type != json.kind, !(type == "number" && json.kind == "integer") {
      return ["\(path): the shape emits \(json.kind), the document declares \(type)"]
    }
    switch json {
    case .string(let text):
      if let allowed = resolved.enumeration, !allowed.contains(text) {
        return ["\(path): '\(text)' is not one of the document's \(allowed)"]
      }
      return []
    case .array(let elements):
      guard let items = resolved.items else { return elements.isEmpty ? [] : ["\(path): the document has no items"] }
      if elements.isEmpty { return ["\(path): the sample's array is empty, so its items go unchecked"] }
      return elements.enumerated().flatMap { problems(json: $1, schema: items, path: "\(path)[\($0)]") }
    case .object(let members):
      if let values = resolved.additionalProperties, resolved.properties.isEmpty {
        if members.isEmpty { return ["\(path): the sample's map is empty, so its values go unchecked"] }
        return members.flatMap { problems(json: $1, schema: values, path: "\(path).\($0)") }
      }
      var found: [String] = []
      for key in members.keys.sorted() where resolved.properties[key] == nil {
        found.append("\(path).\(key): the shape emits it; the document does not declare it")
      }
      for key in resolved.properties.keys.sorted() where members[key] == nil {
        found.append("\(path).\(key): the document declares it; the shape does not emit it")
      }
      for key in resolved.required.sorted() where resolved.properties[key] == nil {
        found.append("\(path).\(key): the document requires it but does not declare it")
      }
      for (key, value) in members.sorted(by: { $0.key < $1.key }) {
        if let property = resolved.properties[key] {
          found += problems(json: value, schema: property, path: "\(path).\(key)")
        }
      }
      return found
    default:
      return []
    }
  }

  /// Where the Swift `value`'s optional and non-optional stored properties disagree with what
  /// `schema` requires.
  func problems(optionality value: Any, schema: Any, path: String) -> [String] {
    let mirror = Mirror(reflecting: value)
    let resolved = resolve(schema)
    switch mirror.displayStyle {
    case .struct:
      var found: [String] = []
      for child in mirror.children {
        guard let label = child.label else { continue }
        guard let property = resolved.properties[label] else {
          found.append("\(path).\(label): the shape has it; the document does not declare it")
          continue
        }
        let inner = Mirror(reflecting: child.value)
        let optional = inner.displayStyle == .optional
        if optional, inner.children.isEmpty {
          found.append("\(path).\(label): the sample leaves it out, so it goes unchecked; set it")
        }
        if optional, resolved.required.contains(label) {
          found.append("\(path).\(label): the shape may leave it out; the document requires it")
        } else if !optional, !resolved.required.contains(label) {
          found.append("\(path).\(label): the shape always emits it; the document does not require it")
        }
        let unwrapped: Any? = optional ? inner.children.first?.value : child.value
        if let unwrapped { found += problems(optionality: unwrapped, schema: property, path: "\(path).\(label)") }
      }
      return found
    case .collection:
      guard let first = mirror.children.first?.value, let items = resolved.items else { return [] }
      return problems(optionality: first, schema: items, path: "\(path)[0]")
    default:
      return []
    }
  }
}
