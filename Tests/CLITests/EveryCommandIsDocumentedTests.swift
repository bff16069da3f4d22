import Foundation
import LedgerTesting
import Testing

/// A command docs/cli.md does not name is one a user finds only by chance: every command of
/// the binary (read from its own description, `--experimental-dump-help`) appears on a line of
/// the page — `budget sync conflicts retry` as written, or after `budget sync` on one line
/// (`budget remote add … · remote list`); a default subcommand through its parent.
@Suite("budget CLI: every command is in docs/cli.md")
struct EveryCommandIsDocumentedTests {
  /// The command lines of the binary's leaves: `["budget", "sync", "conflicts", "retry"]`, and
  /// whether each is its parent's default.
  static func leaves(_ info: [String: Any], path: [String], isDefault: Bool = false) -> [([String], Bool)] {
    let subcommands = (info["subcommands"] as? [[String: Any]] ?? []).filter { $0["commandName"] as? String != "help" }
    guard !subcommands.isEmpty else { return [(path, isDefault)] }
    let defaultName = info["defaultSubcommand"] as? String
    return subcommands.flatMap { sub -> [([String], Bool)] in
      let name = sub["commandName"] as? String ?? ""
      return leaves(sub, path: path + [name], isDefault: name == defaultName)
    }
  }

  static func isDocumented(_ path: [String], isDefault: Bool, lines: [Substring]) -> Bool {
    guard path.count > 2 else { return lines.contains { $0.contains(path.joined(separator: " ")) } }
    let parent = "budget " + path[1]
    let rest = path.dropFirst(2).joined(separator: " ")
    let word = try? NSRegularExpression(pattern: #"(?<![\w-])"# + NSRegularExpression.escapedPattern(for: rest) + #"(?![\w-])"#)
    let named = lines.contains { line in
      line.contains(parent)
        && word?.firstMatch(in: String(line), range: NSRange(line.startIndex..., in: line)) != nil
    }
    return named || (isDefault && lines.contains { $0.contains(path.dropLast().joined(separator: " ")) })
  }

  @Test("given the binary's commands, when docs/cli.md is read, then it names each")
  func everyCommandIsNamed() throws {
    let dump = try BinaryRunner("budget").run(["--experimental-dump-help"])
    let info = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
    let leaves = Self.leaves(try #require(info["command"] as? [String: Any]), path: ["budget"])
    #expect(leaves.count > 80, "the commands were read: \(leaves.count)")
    let page = try String(
      contentsOf: NamedCommandsExistTests.root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
    let lines = page.split(separator: "\n")
    let missing = leaves.filter { !Self.isDocumented($0.0, isDefault: $0.1, lines: lines) }.map {
      $0.0.joined(separator: " ")
    }
    #expect(missing.isEmpty, "docs/cli.md does not name: \(missing)")
  }
}
