import Foundation
import Testing

/// docs/architecture.md is the map a newcomer reads first: a target it does not name is one
/// nobody will find.
@Suite struct ArchitectureDocTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Every target Package.swift declares (libraries, executables, system libraries, tests).
  static func targets() throws -> [String] {
    let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    guard let list = manifest.range(of: "targets: [\n") else { return [] }
    let regex = try NSRegularExpression(
      pattern: #"\.(?:target|executableTarget|testTarget|systemLibrary)\(\s*name: "([^"]+)""#)
    let text = String(manifest[list.upperBound...])
    return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
      Range($0.range(at: 1), in: text).map { String(text[$0]) }
    }
  }

  @Test("given Package.swift, when docs/architecture.md is read, then it names every target in backquotes")
  func everyTargetIsNamed() throws {
    let targets = try Self.targets()
    #expect(targets.count > 20, "the manifest was read: \(targets)")
    let page = try String(contentsOf: Self.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    let missing = targets.filter { !page.contains("`\($0)`") }
    #expect(missing.isEmpty, "docs/architecture.md does not name \(missing)")
  }
}
