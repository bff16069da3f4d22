import Foundation

/// Package.swift as the structure tests read it: each target's name, kind, folder and
/// dependencies — so that a list a test keeps is derived from the manifest, not kept by hand.
struct PackageManifest {
  struct Target {
    var name: String
    /// `target`, `executableTarget`, `testTarget` or `systemLibrary`.
    var kind: String
    /// The folder, as `path:` gives it or SwiftPM's default.
    var path: String
    var dependencies: [String]
  }

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  let targets: [Target]

  init() throws {
    let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    // The package's targets, after its products (which name targets too).
    guard let list = manifest.range(of: "targets: [\n") else { throw ManifestError("no targets list") }
    let text = String(manifest[list.upperBound...])
    let regex = try NSRegularExpression(
      pattern: #"\.(target|executableTarget|testTarget|systemLibrary)\(\s*name: "([^"]+)""#)
    let matches = regex.matches(in: text, range: NSRange(text.startIndex..., in: text))
    targets = matches.enumerated().map { index, match in
      let body = Range(match.range, in: text)!.upperBound
      let end = index + 1 < matches.count ? Range(matches[index + 1].range, in: text)!.lowerBound : text.endIndex
      let declaration = String(text[body..<end])
      let kind = String(text[Range(match.range(at: 1), in: text)!])
      let name = String(text[Range(match.range(at: 2), in: text)!])
      let path =
        Self.firstString(after: "path: ", in: declaration)
        ?? (kind == "testTarget" ? "Tests/\(name)" : "Sources/\(name)")
      return Target(name: name, kind: kind, path: path, dependencies: Self.dependencies(in: declaration))
    }
  }

  func target(_ name: String) throws -> Target {
    guard let target = targets.first(where: { $0.name == name }) else { throw ManifestError("no target \(name)") }
    return target
  }

  private static func firstString(after label: String, in text: String) -> String? {
    guard let start = text.range(of: label + "\"") else { return nil }
    return text[start.upperBound...].split(separator: "\"", maxSplits: 1).first.map(String.init)
  }

  /// The quoted names in the `dependencies: [` list, up to its matching bracket (a
  /// `.product(…)` entry names its product), comments left out.
  private static func dependencies(in declaration: String) -> [String] {
    guard let list = declaration.range(of: "dependencies: [") else { return [] }
    var depth = 1
    var end = list.upperBound
    while depth > 0, end < declaration.endIndex {
      if declaration[end] == "[" { depth += 1 } else if declaration[end] == "]" { depth -= 1 }
      end = declaration.index(after: end)
    }
    let text = declaration[list.upperBound..<end].split(separator: "\n").map { $0.split(separator: "//").first ?? "" }
      .joined(separator: "\n")
    return text.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
      .map { String($0.element) }
  }

  struct ManifestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }
}
