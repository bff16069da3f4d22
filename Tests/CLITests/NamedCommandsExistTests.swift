import Foundation
import LedgerTesting
import Testing

/// What the product tells a user to run must exist: every `budget …` command line named in a
/// message of the sources, in docs/cli.md, docs/sync.md or the README names real commands,
/// and every option it gives is one of that command's options (read from the binary's own
/// description of its commands, `--experimental-dump-help`).
@Suite("budget CLI: commands and options named in messages and docs exist")
struct NamedCommandsExistTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// A command of the binary: its subcommands by name (and alias) and its long options.
  final class Command {
    var subcommands: [String: Command] = [:]
    var options: Set<String> = ["--help"]
    /// The subcommand run when none is named, if any.
    var defaultSubcommand: Command?
    /// Whether it takes words that are not options (a name, an amount, a file).
    var takesPositionals = false

    init(_ info: [String: Any]) {
      for argument in info["arguments"] as? [[String: Any]] ?? [] {
        if argument["kind"] as? String == "positional" { takesPositionals = true }
        for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
          if let text = name["name"] as? String { options.insert("--" + text) }
        }
      }
      for sub in info["subcommands"] as? [[String: Any]] ?? [] {
        let command = Command(sub)
        for name in [sub["commandName"] as? String].compactMap({ $0 }) + (sub["aliases"] as? [String] ?? []) {
          subcommands[name] = command
        }
      }
      defaultSubcommand = (info["defaultSubcommand"] as? String).flatMap { subcommands[$0] }
    }

    /// This command's options and every subcommand's, for a line that names no leaf.
    var allOptions: Set<String> { subcommands.values.reduce(options) { $0.union($1.allOptions) } }
  }

  /// The places a user reads command lines in, with the text where they are written.
  static func sources() throws -> [(place: String, text: String)] {
    var texts: [(String, String)] = []
    for doc in ["docs/cli.md", "docs/sync.md", "README.md"] {
      texts += codeIn(markdown: try String(contentsOf: root.appendingPathComponent(doc), encoding: .utf8))
        .map { (doc, $0) }
    }
    let sources = root.appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift" else { continue }
      let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
      for line in lines where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
        texts.append((String(file.path.dropFirst(root.path.count + 1)), String(line)))
      }
    }
    return texts
  }

  /// The code of a Markdown page: inline `spans` and fenced blocks' lines.
  static func codeIn(markdown: String) -> [String] {
    var code: [String] = []
    var fenced = false
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        fenced.toggle()
        continue
      }
      if fenced {
        // A shell comment after the command is prose.
        code.append(String(line.components(separatedBy: " #").first ?? ""))
        continue
      }
      let parts = line.split(separator: "`", omittingEmptySubsequences: false)
      code += stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) }
    }
    return code
  }

  /// Each `budget …` command line in `text`: its words up to where the command ends.
  static func commandLines(in text: String) -> [[String]] {
    var lines: [[String]] = []
    var rest = Substring(text)
    while let range = rest.range(of: "budget ") {
      let before = rest[..<range.lowerBound].last
      rest = rest[range.upperBound...]
      guard before.map({ !$0.isLetter && $0 != "-" && $0 != "." && $0 != "/" }) ?? true else { continue }
      // "a budget account", "every budget account": the word is an adjective, not the program.
      let previous = text[..<range.lowerBound].split(separator: " ").last.map { $0.filter(\.isLetter).lowercased() }
      if let previous, Self.determiners.contains(previous) { continue }
      let end = rest.firstIndex { "\"`;|)(\\'".contains($0) } ?? rest.endIndex
      // A comma or full stop after a word is the sentence's, not the word's.
      lines.append(
        rest[..<end].split(separator: " ").map { String($0.reversed().drop(while: { ",.:".contains($0) }).reversed()) })
    }
    return lines
  }

  /// Words before "budget" that make it an adjective ("a budget account").
  static let determiners: Set<String> = ["a", "an", "the", "each", "every", "one", "no", "your", "its", "this", "that"]

  /// Words that, after a command's name, show a sentence going on rather than a subcommand.
  static let proseWords: Set<String> = [
    "is", "was", "are", "has", "had", "runs", "ran", "ends", "that", "which", "to", "and", "or", "of", "on", "in",
    "with", "from", "for", "the", "a", "an", "then", "if", "when", "it", "as", "at", "by", "can", "does", "did",
    "will", "would", "should", "takes", "gives", "shows", "prints", "says", "reads", "writes", "first", "again",
  ]

  /// What is wrong with `words` as a command line of `root`, or nil when the line is no
  /// command (its first word is not one: prose such as "budget vs actual").
  static func problem(_ words: [String], root: Command) -> String? {
    guard let first = words.first, root.subcommands[first] != nil else { return nil }
    var command = root
    var path: [String] = []
    var index = 0
    while index < words.count, !command.subcommands.isEmpty {
      let word = words[index]
      guard word.range(of: #"^[a-z][a-z0-9-]*$"#, options: .regularExpression) != nil else { break }
      // Prose that names a command as a thing ("a budget sync is running") goes on in English.
      if Self.proseWords.contains(word) { break }
      guard let sub = command.subcommands[word] else {
        // A verb of the sentence ("budget sync asks the server"), not a subcommand.
        if word.hasSuffix("s"), word.count > 3, !word.hasSuffix("ss") { break }
        // A word the default subcommand takes as its argument (`budget transfer 100 …`).
        if let fallback = command.defaultSubcommand, fallback.takesPositionals {
          command = fallback
          break
        }
        return "'budget \((path + [word]).joined(separator: " "))' is not a command"
      }
      command = sub
      path.append(word)
      index += 1
    }
    let known = command.subcommands.isEmpty ? command.options : command.allOptions
    for word in words[index...] where word.hasPrefix("--") {
      let option = String(word.prefix { $0 != "=" })
      guard option.range(of: #"^--[a-z][a-z0-9-]*$"#, options: .regularExpression) != nil else { continue }
      if !known.contains(option) { return "'budget \(path.joined(separator: " "))' has no option \(option)" }
    }
    return nil
  }

  @Test(
    "given every message of the sources and the CLI docs, when their budget command lines are read, then each command and option exists"
  )
  func everyNamedCommandExists() throws {
    let dump = try BinaryRunner("budget").run(["--experimental-dump-help"])
    #expect(dump.status == 0, "\(dump.stderr)")
    let info = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
    let root = Command(try #require(info["command"] as? [String: Any]))
    #expect(root.subcommands["tx"]?.subcommands["add"]?.options.contains("--category") == true)

    var checked = 0
    var problems: [String] = []
    for (place, text) in try Self.sources() {
      for words in Self.commandLines(in: text) {
        guard let first = words.first, root.subcommands[first] != nil else { continue }
        checked += 1
        if let problem = Self.problem(words, root: root) { problems.append("\(place): \(problem) — in: \(text)") }
      }
    }
    #expect(checked > 200, "only \(checked) command lines found: is the scan still reading the sources?")
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test("given made-up command lines, when checked, then a wrong subcommand or option is named and prose is let be")
  func theCheckFindsWhatIsWrong() throws {
    let dump = try BinaryRunner("budget").run(["--experimental-dump-help"])
    let info = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
    let root = Command(try #require(info["command"] as? [String: Any]))
    let lines = Self.commandLines(in: #"run "budget tx add 5,50 --comma", then `budget sync drp 1`; budget vs actual"#)
    #expect(lines.count == 3)
    #expect(Self.problem(lines[0], root: root) == "'budget tx add' has no option --comma")
    #expect(Self.problem(lines[1], root: root) == "'budget sync drp' is not a command")
    #expect(Self.problem(lines[2], root: root) == nil)
    #expect(Self.problem(["import", "csv", "f.csv", "--decimal-comma"], root: root) == nil)
  }
}
