import Foundation
import LedgerTesting
import Testing

/// The web app is hand-written and loads on a phone over a slow link: all of it as the server
/// sends it — the page, its style sheet, its scripts (as the one bundle the page loads), the
/// service worker, the manifest and the icon — stays under 150 KB, uncompressed.
@Suite struct WebAppSizeTests {
  @Test(
    "given the web app's files, when each is fetched from the server and their sizes are added up, then they come to 150,000 bytes or less"
  )
  func theWholeAppIsSmall() async throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: WebFiles.statics.path)
    let bundled = try WebFiles.scriptNames(
      in: String(contentsOf: WebFiles.statics.appendingPathComponent("index.html"), encoding: .utf8))
    #expect(bundled.count >= 20, "the app's scripts were found")
    let names = files.filter { $0 != "index.html" && !bundled.contains($0) } + ["app.bundle.js"]
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
