import Foundation
import LedgerTesting
import Testing

/// The web app is hand-written and loads on a phone over a slow link: all of it as the server
/// sends it — HTML, CSS, JavaScript, the manifest and the icon — stays under 150 KB,
/// uncompressed.
@Suite struct WebAppSizeTests {
  @Test(
    "given the web app's files, when each is fetched from the server and their sizes are added up, then they come to 150,000 bytes or less"
  )
  func theWholeAppIsSmall() async throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: WebFiles.statics.path).filter { $0 != "index.html" }
    #expect(names.count >= 20, "the app's files were found")
    try await TestServer.with { server in
      var sizes = [("index.html", try await server.get("/").text.utf8.count)]
      for name in names {
        let asset = try await server.get("/assets/\(name)")
        #expect(asset.status == 200, "\(name)")
        sizes.append((name, asset.text.utf8.count))
      }
      let total = sizes.reduce(0) { $0 + $1.1 }
      #expect(
        total <= 150_000,
        "the web app is \(total) bytes; the largest: \(sizes.sorted { $0.1 > $1.1 }.prefix(3).map { "\($0.0) \($0.1)" })"
      )
    }
  }
}

/// The web app's source files, for the tests that compare what the server sends with them.
enum WebFiles {
  static let statics = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources/BudgetServer/Web/static")

  /// Whether `served` is `source` with some whole lines left out, each of them a comment
  /// (`//`, `/*`, `*`), and others' spaces dropped (a script's indentation, any space of a
  /// style sheet's outside quotes) — what the server may leave out of a script or a style
  /// sheet. Answers the first line that is missing but is code.
  static func missingCode(served: String, source: String, isStyleSheet: Bool = false) -> String? {
    var servedLines = served.split(separator: "\n", omittingEmptySubsequences: false)[...]
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      let spaceless = { (text: Substring) in text.filter { $0 != " " } }
      if servedLines.first == line || servedLines.first.map(Substring.init) == trimmed
        || (isStyleSheet && servedLines.first.map(spaceless) == spaceless(line))
      {
        servedLines = servedLines.dropFirst()
        continue
      }
      let comment = trimmed.hasPrefix("//") || trimmed.hasPrefix("/*") || trimmed.hasPrefix("*")
      if !comment { return String(line) }
    }
    return servedLines.isEmpty ? nil : "(lines the file does not hold: \(servedLines.prefix(1)))"
  }
}
