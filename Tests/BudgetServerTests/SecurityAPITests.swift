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
      #expect(page.text.contains("/assets/app.js"))
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
      #expect(page.text == (try String(contentsOf: statics.appendingPathComponent("index.html"), encoding: .utf8)))
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
