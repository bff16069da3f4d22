import BudgetServer
import Foundation
import Ledger
import LedgerTesting
import Testing

/// A route without a test can break unnoticed (schemathesis checks shapes, not meaning): every
/// `/api/v1` route the router answers is called, with its method, by a Swift test against a
/// real server (`client.get("/api/v1/…")`, `device.send("PATCH", "/api/v1/…")`): in this
/// target, or for a device's own routes in `SyncTests`.
@Suite struct EveryRouteIsTestedTests {
  static let testsRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

  /// The calls written in `text`: a method and a path, with each interpolated part (`\(id)`)
  /// as one segment `x` and the query left out.
  static func calls(in text: String) throws -> [NamedRoutesExistTests.Mention] {
    let pattern =
      #"\.(get|post|put|patch|delete)\(\s*"(/api/v1/[^"]*)"|\.(?:send|sendJSON|request|stream)\(\s*"(GET|POST|PUT|PATCH|DELETE)",\s*"(/api/v1/[^"]*)"|\.(?:stream|openStream)\(\s*"(/api/v1/[^"]*)"|"(GET|POST|PUT|PATCH|DELETE) (/api/v1/[^" ]*) HTTP"#
    let regex = try NSRegularExpression(pattern: pattern)
    let range = NSRange(text.startIndex..., in: text)
    return regex.matches(in: text, range: range).compactMap { match in
      func group(_ index: Int) -> String? { Range(match.range(at: index), in: text).map { String(text[$0]) } }
      let method: String
      let path: String
      if let verb = group(1), let literal = group(2) {
        (method, path) = (verb.uppercased(), literal)
      } else if let verb = group(3), let literal = group(4) {
        (method, path) = (verb, literal)
      } else if let literal = group(5) {
        (method, path) = ("GET", literal)
      } else if let verb = group(6), let literal = group(7) {
        (method, path) = (verb, literal)
      } else {
        return nil
      }
      return .init(method: method, path: Self.template(path))
    }
  }

  /// `path` with its query left out and each interpolation (`\(...)`, parentheses balanced)
  /// written `x`.
  static func template(_ path: String) -> String {
    var result = ""
    var depth = 0
    var characters = path.makeIterator()
    var previous: Character?
    while let character = characters.next() {
      if depth > 0 {
        if character == "(" { depth += 1 }
        if character == ")" { depth -= 1 }
        if depth == 0 { result.append("x") }
      } else if previous == "\\", character == "(" {
        result.removeLast()
        depth = 1
      } else if character == "?" {
        break
      } else {
        result.append(character)
      }
      previous = character
    }
    return result
  }

  @Test("given the router's routes, when this target's tests are read, then each is called with its method")
  func everyRouteIsCalled() async throws {
    let routes = try await TestServer.routes().filter { $0.path.hasPrefix("/api/v1/") }
    #expect(routes.count > 60, "the routes were read: \(routes.count)")

    var calls: [NamedRoutesExistTests.Mention] = []
    let files = FileManager.default.enumerator(at: Self.testsRoot, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift", file.lastPathComponent != "EveryRouteIsTestedTests.swift" else { continue }
      calls += try Self.calls(in: String(contentsOf: file, encoding: .utf8))
    }
    let missing = routes.filter { route in
      !calls.contains { $0.method == route.method && NamedRoutesExistTests.fits($0.path, route.path) }
    }.map { "\($0.method) \($0.path)" }
    #expect(
      missing.isEmpty,
      "no test calls \(missing): add one in Tests/BudgetServerTests/<Noun>APITests.swift (CONTRIBUTING.md, \"Add an API route\")"
    )
  }

  @Test("given calls written several ways, when read, then each gives its method and path")
  func theCheckReadsCalls() throws {
    let text = #"""
      try await client.get("/api/v1/accounts?asOf=2024-03-01")
      try await client.send("PATCH", "/api/v1/categories/\(name.uppercased())", json: "{}")
      try await client.post(
        "/api/v1/transactions/\(id)/restore", "{}")
      """#
    let calls = try Self.calls(in: text)
    #expect(
      calls.map { "\($0.method ?? "") \($0.path)" } == [
        "GET /api/v1/accounts", "PATCH /api/v1/categories/x", "POST /api/v1/transactions/x/restore",
      ])
    #expect(
      !calls.contains { $0.method == "DELETE" && NamedRoutesExistTests.fits($0.path, "/api/v1/categories/:name") })
  }
}
