import Foundation
import Testing

/// docs/openapi.yaml refers to its schemas and parameters by name (`$ref`): a name it does not
/// define leaves the operation without a contract, which schemathesis then skips in silence.
@Suite struct OpenAPIReferencesTests {
  @Test("given docs/openapi.yaml, when each $ref is read, then it names a schema or parameter the document defines")
  func everyReferenceResolves() throws {
    let document = try String(
      contentsOf: NamedRoutesExistTests.root.appendingPathComponent("docs/openapi.yaml"), encoding: .utf8)
    let lines = document.split(separator: "\n", omittingEmptySubsequences: false)
    // The names under `components:` → `  schemas:` / `  parameters:`, four spaces in.
    var defined: Set<String> = []
    var section: Substring?
    var inComponents = false
    for line in lines {
      if line == "components:" { inComponents = true; continue }
      guard inComponents else { continue }
      if line.hasPrefix("  "), !line.hasPrefix("   "), line.hasSuffix(":") {
        section = line.dropFirst(2).dropLast()
      } else if let section, line.hasPrefix("    "), !line.hasPrefix("     "), let colon = line.firstIndex(of: ":") {
        // `    Name:`, or `    Name: &anchor` for a schema other places reuse.
        defined.insert("#/components/\(section)/\(line[line.index(line.startIndex, offsetBy: 4)..<colon])")
      }
    }
    #expect(defined.count > 50, "the components were read")
    var references: Set<String> = []
    for line in lines {
      guard let start = line.range(of: "$ref: '") else { continue }
      references.insert(String(line[start.upperBound...].prefix { $0 != "'" }))
    }
    #expect(references.count > 50, "the references were read")
    let dangling = references.subtracting(defined).sorted()
    #expect(dangling.isEmpty, "docs/openapi.yaml refers to what it does not define: \(dangling)")
  }
}
