import Foundation
import Testing

/// A command declared but listed in no `subcommands:` cannot be run: `budget` never parses it,
/// and the tests that read docs/cli.md against `--help` would not see it either.
@Suite struct EveryCommandIsReachableTests {
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources/budget")

  /// Each command type as `Parent.Name` (or `Name` at the top level), with the types its
  /// `subcommands:` list names, by parent.
  static func commands() throws -> (declared: [String], listed: [String: Set<String>]) {
    let files =
      FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
    let top = try NSRegularExpression(pattern: #"^(?:struct|extension) (\w+)"#)
    let nested = try NSRegularExpression(pattern: #"^  struct (\w+): (?:Async)?ParsableCommand"#)
    let command = try NSRegularExpression(pattern: #"^struct (\w+): (?:Async)?ParsableCommand"#)
    let list = try NSRegularExpression(pattern: #"subcommands:\s*\[([^\]]*)\]"#)
    var declared: [String] = []
    var listed: [String: Set<String>] = [:]
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      var parent = ""
      for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
        let range = NSRange(line.startIndex..., in: line)
        func first(_ expression: NSRegularExpression) -> String? {
          expression.firstMatch(in: line, range: range).flatMap { Range($0.range(at: 1), in: line) }.map {
            String(line[$0])
          }
        }
        if let name = first(command) { declared.append(name) }
        if let name = first(top) { parent = name }
        if let name = first(nested) { declared.append("\(parent).\(name)") }
      }
      // A type's list is in the file that declares it, after its name.
      for match in list.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        guard let body = Range(match.range(at: 1), in: text), let at = Range(match.range, in: text) else { continue }
        let before = text[..<at.lowerBound]
        guard let owner = before.ranges(of: #/\n(?:  )?struct (\w+): (?:Async)?ParsableCommand/#).last,
          let name = before[owner].firstMatch(of: #/struct (\w+)/#)?.1
        else { continue }
        let names = text[body].split(separator: ",").map {
          $0.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: ".self", with: "")
        }
        listed[String(name), default: []].formUnion(names)
      }
    }
    return (declared, listed)
  }

  @Test(
    "given the command types of Sources/budget, when the subcommands lists are read, then each is listed by its parent")
  func everyCommandIsListed() throws {
    let (declared, listed) = try Self.commands()
    #expect(declared.count > 60, "the sources were read: \(declared.count) commands")
    let everything = listed.values.reduce(into: Set<String>()) { $0.formUnion($1) }
    let missing = declared.filter { qualified in
      let parts = qualified.split(separator: ".").map(String.init)
      if parts.count == 1 { return qualified != "Budget" && !everything.contains(qualified) }
      return !(listed[parts[0]]?.contains(parts[1]) ?? false)
    }
    #expect(missing.isEmpty, "declared but in no subcommands list, so never run: \(missing)")
  }
}
