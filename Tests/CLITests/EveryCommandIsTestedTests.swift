import Foundation
import LedgerTesting
import Testing

/// A command without a test can break unnoticed: every command of the binary (read from its
/// own description, `--experimental-dump-help`) is run by a CLI test, its words written as the
/// arguments of a run (`"sync", "conflicts", "retry"`); a default subcommand may be run
/// through its parent.
@Suite("budget CLI: every command is run by a test")
struct EveryCommandIsTestedTests {
  static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  /// Files that name commands without running them.
  static let notRunners: Set<String> = [
    "EveryCommandIsTestedTests.swift", "EveryCommandIsDocumentedTests.swift", "NamedCommandsExistTests.swift",
  ]

  /// The text of the CLI tests that run the binary.
  static func testsText() throws -> String {
    var text = ""
    let files = FileManager.default.enumerator(at: testsDirectory, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift", !notRunners.contains(file.lastPathComponent) else { continue }
      text += try String(contentsOf: file, encoding: .utf8)
    }
    return text
  }

  /// Whether `text` runs the command `words` (without "budget"): the quoted words in order,
  /// separated by commas.
  static func runs(_ words: [String], in text: String) -> Bool {
    let pattern = words.map { "\"" + NSRegularExpression.escapedPattern(for: $0) + "\"" }.joined(separator: #",\s*"#)
    guard let regex = try? NSRegularExpression(pattern: pattern) else { return false }
    return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
  }

  @Test("given the binary's commands, when the CLI tests are read, then each is run")
  func everyCommandIsRun() throws {
    let dump = try BinaryRunner("budget").run(["--experimental-dump-help"])
    let info = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
    let leaves = EveryCommandIsDocumentedTests.leaves(try #require(info["command"] as? [String: Any]), path: ["budget"])
    #expect(leaves.count > 80, "the commands were read: \(leaves.count)")
    let text = try Self.testsText()
    let missing = leaves.filter { path, isDefault in
      let words = Array(path.dropFirst())
      return !Self.runs(words, in: text) && !(isDefault && Self.runs(Array(words.dropLast()), in: text))
    }.map { $0.0.joined(separator: " ") }
    #expect(
      missing.isEmpty,
      "no CLI test runs \(missing): add one in Tests/CLITests/<Noun>CLITests.swift (CONTRIBUTING.md, \"Add a CLI command\")"
    )
  }

  @Test("given a test that runs one command, when checked, then that command is found and its sibling is not")
  func theCheckFindsAnUnrunCommand() {
    let text = #"try ok("account", "open", "Checking", "--opening", "100")"#
    #expect(Self.runs(["account", "open"], in: text))
    #expect(!Self.runs(["account", "close"], in: text))
    #expect(!Self.runs(["open", "account"], in: text))
  }
}
