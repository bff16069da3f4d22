import Foundation

/// Writes a Swift source file that holds text files as string literals: the web app and the
/// OpenAPI document, embedded so that `budget serve` needs nothing beside its binary. Run by
/// the `EmbedFilesPlugin` build plugin on every build, so an edited file is served as it is.
///
/// Usage: `embed-files OUTPUT TYPE FILE...` — declares `TYPE.embedded`, a dictionary from each
/// file's name to its text. Scripts and style sheets are sent without their comments and the
/// whitespace that separates nothing (``ScriptCompactor``, ``compacted(_:)``): the phone
/// downloads the code, the repository keeps the explanations and the layout.
@main
struct EmbedFiles {
  static func main() throws {
    let arguments = CommandLine.arguments.dropFirst()
    guard arguments.count >= 2, let output = arguments.first else {
      FileHandle.standardError.write(Data("usage: embed-files OUTPUT TYPE FILE...\n".utf8))
      exit(2)
    }
    let type = arguments.dropFirst().first!
    var source = "// Generated on every build by the EmbedFilesPlugin build plugin; edit the files it names.\n"
    source += "extension \(type) {\n  /// Each embedded file's text, by its name.\n"
    source += "  static let embedded: [String: String] = [\n"
    for path in arguments.dropFirst(2).sorted() {
      let url = URL(fileURLWithPath: path)
      var text = try String(contentsOf: url, encoding: .utf8)
      switch url.pathExtension {
      case "js": text = ScriptCompactor.compacted(text)
      case "css": text = withoutSpacesAroundPunctuation(compacted(text))
      default: break
      }
      let hashes = String(repeating: "#", count: delimiterLength(for: text))
      source += "    \"\(url.lastPathComponent)\": \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes),\n"
    }
    source += "  ]\n}\n"
    try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
  }

  /// `text` without the lines that are comments alone — a line that starts with `//`, and a
  /// block from a line that starts with `/*` through the line that ends it with `*/` — and
  /// with the other lines' indentation dropped, except on a line that begins inside a template
  /// literal (a backtick left open on a line before), whose spaces are text. Nothing else is
  /// changed: a comment after code stays, and so does everything inside a string.
  static func compacted(_ text: String) -> String {
    var kept: [Substring] = []
    var inBlock = false
    var inTemplate = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if inTemplate {
        kept.append(line)
      } else if inBlock {
        inBlock = !trimmed.contains("*/")
        continue
      } else if trimmed.hasPrefix("//") {
        continue
      } else if trimmed.hasPrefix("/*") {
        inBlock = !trimmed.dropFirst(2).contains("*/")
        // A block that ends on its line with code after it is kept whole.
        if !inBlock, let end = trimmed.range(of: "*/"), !trimmed[end.upperBound...].allSatisfy(\.isWhitespace) {
          kept.append(trimmed)
        }
        continue
      } else {
        kept.append(trimmed)
      }
      // An odd number of unescaped backticks opens (or closes) a template literal.
      var escaped = false
      for character in line {
        if character == "`" && !escaped { inTemplate.toggle() }
        escaped = character == "\\" && !escaped
      }
    }
    return kept.joined(separator: "\n")
  }

  /// A style sheet without the spaces after `:`, `;` and `,` and around `{` and `}`, and
  /// without the `;` that ends a block's last declaration, outside quotes: none of them means
  /// anything in CSS there.
  static func withoutSpacesAroundPunctuation(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    var quote: Character?
    for character in text {
      if let open = quote {
        if character == open { quote = nil }
      } else if character == "\"" || character == "'" {
        quote = character
      } else if character == " ", let last = out.last, ":;,{}".contains(last) {
        continue
      } else if character == "{" || character == "}" {
        while out.last == " " { out.removeLast() }
        if character == "}" && out.last == ";" { out.removeLast() }
      }
      out.append(character)
    }
    return out
  }

  /// The fewest `#` around a raw string literal that `text` cannot end early: one more than
  /// the longest run of `#` after a `"""` in it.
  static func delimiterLength(for text: String) -> Int {
    var longest = 0
    var rest = Substring(text)
    while let quotes = rest.range(of: "\"\"\"") {
      rest = rest[quotes.upperBound...]
      longest = max(longest, rest.prefix { $0 == "#" }.count)
    }
    return longest + 1
  }
}
