import Foundation
import Testing

/// docs/cli.md names every wire shape the CLI prints: a `--json` answer added to a command
/// without its line in the guide fails here.
@Suite struct CLIShapesAreDocumentedTests {
  /// The names of the `Wire` shapes `Sources/budget` uses.
  static func shapesTheCLIUses() throws -> Set<String> {
    let sources = WireSchemaTests.root.appendingPathComponent("Sources/budget")
    let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
    let pattern = /Wire\.([A-Z][A-Za-z]+)/
    var names: Set<String> = []
    for case let file as URL in files where file.pathExtension == "swift" {
      let text = try String(contentsOf: file, encoding: .utf8)
      for match in text.matches(of: pattern) { names.insert(String(match.output.1)) }
    }
    return names
  }

  @Test("given the shapes the CLI prints, when docs/cli.md is read, then it names each by its schema's name")
  func everyShapeIsNamed() throws {
    let guide = try String(
      contentsOf: WireSchemaTests.root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
    let schemas = Dictionary(WireSamples.all.map { ($0.type, $0.schema) }, uniquingKeysWith: { first, _ in first })
    let used = try Self.shapesTheCLIUses()
    #expect(used.count >= 20, "the CLI's shapes were found (\(used.sorted()))")
    let unnamed = used.compactMap { type -> String? in
      let schema = schemas[type] ?? type
      return guide.contains("`\(schema)`") || guide.contains("`[\(schema)]`") ? nil : schema
    }
    #expect(
      unnamed.isEmpty,
      "docs/cli.md does not name \(unnamed.sorted()): add the command and its shape to \"JSON shapes\" (by the schema's name in docs/openapi.yaml)"
    )
  }
}
