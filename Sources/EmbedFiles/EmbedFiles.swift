import Foundation

/// Writes a Swift source file that holds text files as string literals: the web app and the
/// OpenAPI document, embedded so that `budget serve` needs nothing beside its binary. Run by
/// the `EmbedFilesPlugin` build plugin on every build, so an edited file is served as it is.
///
/// Usage: `embed-files OUTPUT TYPE FILE...` — declares `TYPE.embedded`, a dictionary from each
/// file's name to its text.
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
      let text = try String(contentsOf: url, encoding: .utf8)
      let hashes = String(repeating: "#", count: delimiterLength(for: text))
      source += "    \"\(url.lastPathComponent)\": \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes),\n"
    }
    source += "  ]\n}\n"
    try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
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
