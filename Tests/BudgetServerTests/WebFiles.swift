import Foundation

/// The web app's source files, for the tests that compare what the server sends with them.
enum WebFiles {
  static let statics = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources/BudgetServer/Web/static")

  /// Whether `served` is the style sheet `source` with some whole lines left out, each of them
  /// a comment (`/*`, `*`), spaces dropped outside quotes and a block's last `;`. Answers the
  /// first line that is missing but is a rule.
  static func missingRule(served: String, source: String) -> String? {
    var servedLines = served.split(separator: "\n", omittingEmptySubsequences: false)[...]
    let spaceless = { (text: Substring) in String(text.filter { $0 != " " }).replacingOccurrences(of: ";}", with: "}") }
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      if servedLines.first.map(spaceless) == spaceless(line) {
        servedLines = servedLines.dropFirst()
        continue
      }
      let trimmed = line.drop { $0 == " " }
      if !(trimmed.hasPrefix("/*") || trimmed.hasPrefix("*")) { return String(line) }
    }
    return servedLines.isEmpty ? nil : "(lines the file does not hold: \(servedLines.prefix(1)))"
  }

  /// The scripts, by name, whose served text is not the same sequence of JavaScript tokens
  /// as their source, each with the first token that differs. Read by acorn (Debian's
  /// `node-acorn`), a tokenizer that shares nothing with the server's compactor.
  static func scriptsWithOtherTokens(served: [String: String]) throws -> [String] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("served-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var arguments = ["-e", compareTokens]
    for (name, text) in served.sorted(by: { $0.key < $1.key }) {
      let copy = folder.appendingPathComponent(name)
      try Data(text.utf8).write(to: copy)
      arguments += [statics.appendingPathComponent(name).path, copy.path]
    }
    let (status, output) = try node(arguments)
    let lines = output.split(separator: "\n").map(String.init)
    return status == 0 ? [] : (lines.isEmpty ? ["node failed: status \(status)"] : lines)
  }

  /// Runs `node` with `arguments`: its exit status and what it printed (both streams).
  private static func node(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let node = Process()
    node.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    node.arguments = ["node"] + arguments
    let pipe = Pipe()
    node.standardOutput = pipe
    node.standardError = pipe
    try node.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    node.waitUntilExit()
    return (node.terminationStatus, output)
  }

  /// Node script: for each pair of paths, the source and the served copy, prints the first
  /// token where they differ; exits 1 when any pair differs or a file does not parse.
  private static let compareTokens = #"""
    const acorn = require("/usr/share/nodejs/acorn");
    const fs = require("fs");
    const tokens = (text) => [...acorn.tokenizer(text, { ecmaVersion: "latest" })]
      .map((t) => t.type.label + " " + (t.value instanceof Object ? String(t.value.value) : t.value));
    let differ = 0;
    for (let i = 1; i < process.argv.length; i += 2) {
      const a = tokens(fs.readFileSync(process.argv[i], "utf8"));
      const b = tokens(fs.readFileSync(process.argv[i + 1], "utf8"));
      const at = a.findIndex((token, k) => token !== b[k]);
      if (at >= 0 || a.length !== b.length) {
        differ++;
        console.log(`${process.argv[i]}: token ${at}: ${a[at]} is served as ${b[at]}`);
      }
    }
    process.exit(differ ? 1 : 0);
    """#

  /// Why `text` is not a JavaScript script acorn can parse (its message), or nil when it is.
  static func parseError(script text: String) throws -> String? {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("bundle-\(UUID().uuidString).js")
    try Data(text.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let (status, output) = try node([
      "-e",
      #"require("/usr/share/nodejs/acorn").parse(require("fs").readFileSync(process.argv[1], "utf8"), { ecmaVersion: "latest" })"#,
      file.path,
    ])
    return status == 0 ? nil : output
  }

  /// The scripts `page` names one by one (`<script src="/assets/NAME" defer>`), in its order.
  static func scriptNames(in page: String) throws -> [String] {
    let regex = try NSRegularExpression(pattern: #"<script src="/assets/([a-z-]+\.js)" defer></script>"#)
    return regex.matches(in: page, range: NSRange(page.startIndex..., in: page)).compactMap {
      Range($0.range(at: 1), in: page).map { String(page[$0]) }
    }
  }
}
