import Foundation
import LedgerTesting
import Testing

@testable import LedgerWire

/// docs/openapi.yaml and the shapes both front ends emit cannot disagree: a sample of every
/// shape, each optional field set, is encoded and checked against its schema — every property
/// it emits declared, every declared property emitted, types and enums matching — and the
/// shape's optional fields are the ones the document does not require.
@Suite struct WireSchemaTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static let document: SchemaCheck = {
    do { return try SchemaCheck(document: root.appendingPathComponent("docs/openapi.yaml")) } catch {
      preconditionFailure("docs/openapi.yaml: \(error)")
    }
  }()

  /// `value` as the front ends encode it.
  static func json(_ value: any Encodable) throws -> JSONValue {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try JSONDecoder().decode(JSONValue.self, from: encoder.encode(value))
  }

  /// Every disagreement of `value` with the schema `name` of `check`.
  static func problems(
    _ value: any Encodable, schema name: String, in check: SchemaCheck = document
  ) throws
    -> [String]
  {
    guard let schema = check.schemas[name] else { return ["docs/openapi.yaml has no schema \(name)"] }
    return check.problems(json: try json(value), schema: schema, path: name)
      + check.problems(optionality: value, schema: schema, path: name)
  }

  @Test("given docs/openapi.yaml, when it is read, then its schemas are there with their properties")
  func documentIsRead() throws {
    #expect(Self.document.schemas.count > 60, "\(Self.document.schemas.count) schemas")
    let account = Self.document.resolve(Self.document.schemas["Account"] as Any)
    #expect(account.type == "object" && account.properties["balance"] != nil && account.required.contains("id"))
    let schedule = Self.document.resolve(Self.document.schemas["Schedule"] as Any)
    #expect(schedule.properties["rule"] != nil && schedule.properties["paused"] != nil, "allOf is merged")
  }

  @Test(
    "given a sample of a shape, when it is encoded, then it matches its schema in docs/openapi.yaml both ways",
    arguments: WireSamples.all.map(\.type))
  func shapeMatchesItsSchema(type: String) throws {
    let sample = try #require(WireSamples.all.first { $0.type == type })
    let found = try Self.problems(sample.value, schema: sample.schema)
    #expect(found.isEmpty, "Wire.\(type) and docs/openapi.yaml disagree:\n\(found.joined(separator: "\n"))")
  }

  @Test("given the shapes declared in Sources/LedgerWire, when the samples are listed, then each has one")
  func everyShapeHasASample() throws {
    let directory = Self.root.appendingPathComponent("Sources/LedgerWire")
    var declared: Set<String> = []
    for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) where file.hasPrefix("Wire+") {
      let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") where line.hasPrefix("  public struct ") {
        declared.insert(String(line.dropFirst("  public struct ".count).prefix { $0.isLetter || $0.isNumber }))
      }
    }
    #expect(declared.count > 15, "\(declared)")
    let sampled = Set(WireSamples.all.map(\.type))
    #expect(declared.subtracting(sampled).isEmpty, "shapes without a sample: \(declared.subtracting(sampled).sorted())")
  }
}
