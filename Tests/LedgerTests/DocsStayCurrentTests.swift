import Foundation
import Testing

/// `docs/` is one current page per concern, not a diary: the benchmark page stays short, no
/// script writes into the docs, and the pages stand without the history of the work.
@Suite struct DocsStayCurrentTests {
  static let root = ArchitectureDocTests.root

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  @Test("given docs/benchmarks.md, when its lines are counted, then there are at most 300")
  func benchmarksPageStaysShort() throws {
    let lines = try Self.text("docs/benchmarks.md").split(separator: "\n", omittingEmptySubsequences: false).count
    #expect(lines <= 300, "docs/benchmarks.md has \(lines) lines; move history to docs/benchmarks-history.md")
  }

  @Test("given the scripts under Tools and the Makefile, when read, then none appends to or writes a file in docs/")
  func noScriptWritesTheDocs() throws {
    let tools = Self.root.appendingPathComponent("Tools")
    let files =
      (FileManager.default.enumerator(atPath: tools.path)?.allObjects as? [String] ?? [])
      .filter { $0.hasSuffix(".sh") || $0.hasSuffix(".py") }.map { "Tools/" + $0 } + ["Makefile"]
    #expect(files.count > 3, "the scripts were found: \(files)")
    let writes = try NSRegularExpression(pattern: #">>?\s*"?(\$\w+/|\$\{\w+\}/)?docs/"#)
    let offenders = try files.filter { path in
      let text = try Self.text(path)
      return writes.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
    #expect(offenders.isEmpty, "these write into docs/: \(offenders)")
  }

  @Test("given the docs, when read, then none cites an issue number")
  func docsCiteNoIssues() throws {
    let docs = Self.root.appendingPathComponent("docs")
    let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
      .filter { $0 != "benchmarks-history.md" }
    let citation = try NSRegularExpression(pattern: #"\b[Ii]ssues? #\d+|\(#\d+\)"#)
    let citing = try pages.filter { page in
      let text = try Self.text("docs/" + page)
      return citation.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
    #expect(citing.isEmpty, "these cite issue numbers: \(citing)")
  }

  @Test("given the docs, when read, then none dates a fact by a round or session of past work")
  func docsTellNoHistoryOfTheWork() throws {
    let docs = Self.root.appendingPathComponent("docs")
    let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
      .filter { $0 != "benchmarks-history.md" }
    let ordinal = "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|previous"
    let history = try NSRegularExpression(
      pattern: "\\b(\(ordinal)) (work )?(session|round)\\b|\\b\\d+(st|nd|rd|th) session\\b|\\bsession \\d+\\b",
      options: [.caseInsensitive])
    var found: [String] = []
    for page in pages {
      let text = try Self.text("docs/" + page)
      for match in history.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        found.append("\(page): \(Range(match.range, in: text).map { String(text[$0]) } ?? "")")
      }
    }
    #expect(found.isEmpty, "say what holds now, not when it was done: \(found)")
  }
}
