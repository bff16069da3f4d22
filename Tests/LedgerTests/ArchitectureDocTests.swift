import Foundation
import Testing

/// docs/architecture.md is the map a newcomer reads first: a target it does not name is one
/// nobody will find.
@Suite struct ArchitectureDocTests {
  static let root = PackageManifest.root

  @Test("given Package.swift, when docs/architecture.md is read, then it names every target in backquotes")
  func everyTargetIsNamed() throws {
    let targets = try PackageManifest().targets.map(\.name)
    #expect(targets.count > 20, "the manifest was read: \(targets)")
    let page = try String(contentsOf: Self.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    let missing = targets.filter { !page.contains("`\($0)`") }
    #expect(missing.isEmpty, "docs/architecture.md does not name \(missing)")
  }
}
