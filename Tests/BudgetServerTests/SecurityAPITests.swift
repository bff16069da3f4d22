import BudgetServer
import Foundation
import Ledger
import LedgerTesting
import Testing

/// Body limits, unknown routes, and the web app and OpenAPI document.
@Suite struct SecurityAPITests {
  @Test func bodiesAreSizeLimited() async throws {
    try await TestServer.with(maxBodyBytes: 1024) { server in
      let huge =
        #"{"amount": "1", "name": "X", "category": "Food", "notes": ""# + String(repeating: "a", count: 4000) + #""}"#
      let response = try await server.post("/api/v1/transactions", huge)
      #expect(response.status == 413)
      #expect(response.json["code"] as? String == "body_too_large")
    }
  }

  @Test func unknownRoutesAndMethodsAreJSONErrors() async throws {
    try await TestServer.with { server in
      let missing = try await server.get("/api/v1/nothing-here")
      #expect(missing.status == 404)
      #expect(missing.json["code"] as? String == "not_found")
      let asset = try await server.get("/assets/none.js")
      #expect(asset.status == 404)
    }
  }

  @Test func webAppAndOpenAPIAreServed() async throws {
    try await TestServer.with { server in
      let page = try await server.get("/")
      #expect(page.status == 200)
      #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
      #expect(page.text.contains("/assets/app.bundle.js?v="))
      // Every file of Web/static is served as it is, a script as the same tokens without the
      // comments and spaces, a style sheet without its comment lines and spaces (the service
      // worker with its list filled in).
      let statics = WebFiles.statics
      var scripts: [String: String] = [:]
      for name in try FileManager.default.contentsOfDirectory(atPath: statics.path)
      where name != "index.html" && name != "sw.js" {
        let served = try await server.get("/assets/\(name)")
        #expect(served.status == 200)
        let source = try String(contentsOf: statics.appendingPathComponent(name), encoding: .utf8)
        if name.hasSuffix(".js") {
          scripts[name] = served.text
        } else if name.hasSuffix(".css") {
          #expect(
            WebFiles.missingRule(served: served.text, source: source) == nil,
            "\(name) is not served as Web/static holds it")
        } else {
          #expect(served.text == source, "\(name)")
        }
      }
      #expect(scripts.count >= 20)
      #expect(try WebFiles.scriptsWithOtherTokens(served: scripts) == [])
      // The page is index.html with its scripts named as one bundle, which holds them in the
      // page's order, at an address of this version that the browser may keep for good.
      let source = try String(contentsOf: statics.appendingPathComponent("index.html"), encoding: .utf8)
      let names = try WebFiles.scriptNames(in: source)
      #expect(names.first == "api.js" && names.last == "app.js" && names.count == scripts.count)
      let version = try #require(
        page.text.firstMatch(of: /app\.bundle\.js\?v=([0-9a-f]+)"/).map { String($0.output.1) })
      var expected: [Substring] = []
      for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
        guard let name = names.first(where: { line.contains("\"/assets/\($0)\"") }) else {
          expected.append(line)
          continue
        }
        if name == names[0] { expected.append("<script src=\"/assets/app.bundle.js?v=\(version)\" defer></script>") }
      }
      #expect(
        page.text
          == expected.joined(separator: "\n").replacingOccurrences(
            of: "\"/assets/app.css\"", with: "\"/assets/app.css?v=\(version)\""))
      #expect(try WebFiles.scriptNames(in: page.text).isEmpty, "no script is named on its own")
      let bundle = try await server.get("/assets/app.bundle.js?v=\(version)")
      #expect(bundle.text == names.map { scripts[$0] ?? "missing \($0)" }.joined(separator: "\n;\n"))
      #expect(bundle.header("Cache-Control") == "public, max-age=31536000, immutable")
      #expect(try await server.get("/assets/app.bundle.js").header("Cache-Control") == "no-cache")
      #expect(try WebFiles.parseError(script: bundle.text) == nil)
      let document = try await server.get("/api/v1/openapi.yaml")
      #expect(document.status == 200)
      let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("docs/openapi.yaml")
      let onDisk = try String(contentsOf: docs, encoding: .utf8)
      #expect(document.text == onDisk, "docs/openapi.yaml and the served document differ")
    }
  }
}
