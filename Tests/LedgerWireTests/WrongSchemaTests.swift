import Foundation
import Testing

@testable import LedgerWire

/// The schema check finds each way a shape and its schema can part: a field added to the
/// shape and not the document, one in the document that no shape emits, a type or an enum
/// that differs, a required field the shape may leave out — on deliberately wrong schemas.
@Suite struct WrongSchemaTests {
  /// The document's schemas with `Verify` replaced by `change` applied to it.
  static func withVerify(_ change: (inout [String: Any]) -> Void) throws -> SchemaCheck {
    var schemas = WireSchemaTests.document.schemas
    var verify = try #require(schemas["Verify"] as? [String: Any])
    change(&verify)
    schemas["Verify"] = verify
    return SchemaCheck(schemas: schemas)
  }

  static func properties(_ schema: [String: Any]) -> [String: Any] { schema["properties"] as? [String: Any] ?? [:] }

  @Test("given the document as it is, when Verify is checked, then nothing is found")
  func rightSchemaPasses() throws {
    #expect(try WireSchemaTests.problems(WireSamples.verify, schema: "Verify").isEmpty)
  }

  @Test("given a schema without a field the shape emits, when checked, then the field is named")
  func fieldMissingFromTheDocument() throws {
    let check = try Self.withVerify { schema in
      var properties = Self.properties(schema)
      properties["head"] = nil
      schema["properties"] = properties
      schema["required"] = ["ok", "events", "problems"]
    }
    let found = try WireSchemaTests.problems(WireSamples.verify, schema: "Verify", in: check)
    #expect(found.contains("Verify.head: the shape emits it; the document does not declare it"), "\(found)")
  }

  @Test("given a schema with a field no shape emits, when checked, then the field is named")
  func fieldMissingFromTheShape() throws {
    let check = try Self.withVerify { schema in
      var properties = Self.properties(schema)
      properties["checkedAt"] = ["type": "string"]
      schema["properties"] = properties
    }
    let found = try WireSchemaTests.problems(WireSamples.verify, schema: "Verify", in: check)
    #expect(found.contains("Verify.checkedAt: the document declares it; the shape does not emit it"), "\(found)")
  }

  @Test("given a shape with a field its schema lacks, when checked, then the field is named")
  func fieldAddedToTheShapeOnly() throws {
    struct VerifyWithMore: Encodable {
      var ok = true, events: UInt64 = 1, head = "ab", problems = ["x"], seconds = 1.5
    }
    let found = try WireSchemaTests.problems(VerifyWithMore(), schema: "Verify")
    #expect(found.contains { $0.hasPrefix("Verify.seconds: the shape emits it") }, "\(found)")
  }

  @Test("given a schema whose type or enum differs, when checked, then the field is named")
  func typeAndEnumDiffer() throws {
    let check = try Self.withVerify { schema in
      var properties = Self.properties(schema)
      properties["events"] = ["type": "string"]
      properties["head"] = ["type": "string", "enum": ["00", "ff"]]
      schema["properties"] = properties
    }
    let found = try WireSchemaTests.problems(WireSamples.verify, schema: "Verify", in: check)
    #expect(found.contains("Verify.events: the shape emits integer, the document declares string"), "\(found)")
    #expect(found.contains { $0.hasPrefix("Verify.head: 'ab12' is not one of") }, "\(found)")
  }

  @Test(
    "given a schema that does not require a field the shape always emits, or requires an optional one, then both are named"
  )
  func requirednessDiffers() throws {
    let verify = try Self.withVerify { schema in schema["required"] = ["ok", "events", "head"] }
    let found = try WireSchemaTests.problems(WireSamples.verify, schema: "Verify", in: verify)
    #expect(found.contains("Verify.problems: the shape always emits it; the document does not require it"), "\(found)")

    var schemas = WireSchemaTests.document.schemas
    var period = try #require(schemas["Period"] as? [String: Any])
    period["required"] = (period["required"] as? [String] ?? []) + ["end"]
    schemas["Period"] = period
    let more = try WireSchemaTests.problems(WireSamples.period, schema: "Period", in: SchemaCheck(schemas: schemas))
    #expect(more.contains("Period.end: the shape may leave it out; the document requires it"), "\(more)")
  }

  @Test("given YAML with anchors, aliases, sequences at a key's indent and folded text, when read, then each is kept")
  func yamlSubsetIsRead() throws {
    let text = """
      a: &x
        type: string
      b: *x
      list:
      - one
      - k: v
        m: 'quoted: yes'
      flow: [income, expense]
      text: >-
        folded
        text
      """
    let read = try #require(try YAMLSubset.parse(text) as? [String: Any])
    #expect((read["b"] as? [String: Any])?["type"] as? String == "string")
    let list = try #require(read["list"] as? [Any])
    #expect(list.first as? String == "one")
    #expect((list.last as? [String: Any])?["m"] as? String == "quoted: yes")
    #expect(read["flow"] as? [String] == ["income", "expense"])
    #expect(read["text"] as? String == "folded text")
  }
}
