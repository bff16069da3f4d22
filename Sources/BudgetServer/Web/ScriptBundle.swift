import Foundation

/// The page's scripts sent as one file, and the page that names it.
///
/// The scripts stay separate files in `Web/static` (one per view, edited as they are, no
/// build step); the page names them one by one. Served that way, a fresh load waited on two
/// dozen requests before it could run any of them. The server therefore sends the page with
/// its run of `<script src="/assets/…" defer>` lines replaced by one line naming this bundle,
/// their text joined in the page's order; and names the bundle and the style sheet at
/// addresses that carry the app's version, so that a browser may keep them for good
/// (`immutable`) and a new program is new addresses.
struct ScriptBundle: Sendable {
  /// The bundle's name under `/assets/`.
  static let name = "app.bundle.js"

  /// The scripts the page names, in its order.
  let scripts: [String]
  /// The addresses of this version the page names, by file: the bundle's and the style sheet's.
  let versioned: [String: String]
  /// The page as served: one script line, versioned addresses.
  let page: String
  /// The scripts' text, each after the one before it.
  let body: String

  /// The bundle of the scripts `page` names, read from `files` (name → text), at `version`.
  init(page source: String, files: [String: String], version: String) {
    let script = "/assets/\(Self.name)?v=\(version)", sheet = "/assets/app.css?v=\(version)"
    var scripts: [String] = []
    var lines: [Substring] = []
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      if let name = Self.scriptName(line), files[name] != nil {
        if scripts.isEmpty { lines.append("<script src=\"\(script)\" defer></script>") }
        scripts.append(name)
      } else {
        lines.append(line)
      }
    }
    self.scripts = scripts
    // A script may end without a semicolon: the empty statement keeps the next one apart.
    body = scripts.map { files[$0, default: ""] }.joined(separator: "\n;\n")
    versioned = [Self.name: script, "app.css": sheet]
    page = lines.joined(separator: "\n").replacingOccurrences(of: "href=\"/assets/app.css\"", with: "href=\"\(sheet)\"")
  }

  /// The file a line `<script src="/assets/NAME" defer></script>` names, or nil.
  private static func scriptName(_ line: Substring) -> String? {
    let prefix = "<script src=\"/assets/", suffix = "\" defer></script>"
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard trimmed.hasPrefix(prefix), trimmed.hasSuffix(suffix) else { return nil }
    return String(trimmed.dropFirst(prefix.count).dropLast(suffix.count))
  }
}
