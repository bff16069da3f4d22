import BudgetServer
import Foundation
import Ledger
import LedgerTesting
import Testing

/// What the product tells a user to call must exist: every `/api/v1/…` route named in a
/// message of the sources or in the docs (and every `METHOD /path` of docs/api.md, whose
/// paths are under `/api/v1`) is one the router answers, with that method when one is named.
@Suite struct NamedRoutesExistTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// A route mention: the method if one is named, and the path without its query.
  struct Mention: Hashable {
    var method: String?
    var path: String
  }

  static func mentions(in text: String, relativeToAPI: Bool) throws -> [Mention] {
    let pattern =
      relativeToAPI
      ? #"\b(GET|POST|PUT|PATCH|DELETE) (/(?:\{[^}\s]*\}|[A-Za-z0-9_:<>.\-/])*)"#
      : #"(?:\b(GET|POST|PUT|PATCH|DELETE) )?(/api/v1/(?:\{[^}\s]*\}|[A-Za-z0-9_:<>.\-/])*)"#
    let regex = try NSRegularExpression(pattern: pattern)
    let range = NSRange(text.startIndex..., in: text)
    return regex.matches(in: text, range: range).compactMap { match in
      let method = Range(match.range(at: 1), in: text).map { String(text[$0]) }
      guard let pathRange = Range(match.range(at: 2), in: text) else { return nil }
      // A path the code goes on to build (`"/api/v1/\(collection)/\(id)"`) is no name.
      if text[pathRange.upperBound...].hasPrefix("\\(") { return nil }
      var path = String(text[pathRange])
      while path.count > 1, let last = path.last, "./-".contains(last) { path.removeLast() }
      if relativeToAPI, !path.hasPrefix("/api/") { path = "/api/v1" + path }
      // The prefix alone (`/api/v1/...`) names the API, not a route.
      if path == "/api/v1" { return nil }
      return Mention(method: method, path: path)
    }
  }

  /// Whether `path` fits the route `template`: equal segments, or any segment where the
  /// template captures one.
  static func fits(_ path: String, _ template: String) -> Bool {
    let given = path.split(separator: "/")
    let wanted = template.split(separator: "/")
    guard given.count == wanted.count else { return false }
    return zip(given, wanted).allSatisfy { $0 == $1 || $1.hasPrefix(":") || $1.hasPrefix("{") || $1 == "*" }
  }

  @Test(
    "given every message of the sources and every doc, when the routes they name are looked up, then the router answers each"
  )
  func everyNamedRouteExists() async throws {
    let routes = try await TestServer.routes()
    #expect(routes.contains { $0.method == "POST" && Self.fits("/api/v1/import/csv", $0.path) })

    var named: [(place: String, mention: Mention)] = []
    let docs = Self.root.appendingPathComponent("docs")
    for name in try FileManager.default.contentsOfDirectory(atPath: docs.path) where name.hasSuffix(".md") {
      let text = try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
      named += try Self.mentions(in: text, relativeToAPI: false).map { ("docs/\(name)", $0) }
      if name == "api.md" { named += try Self.mentions(in: text, relativeToAPI: true).map { ("docs/\(name)", $0) } }
    }
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    named += try Self.mentions(in: readme, relativeToAPI: false).map { ("README.md", $0) }
    let files = FileManager.default.enumerator(
      at: Self.root.appendingPathComponent("Sources"), includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift" else { continue }
      let text = try String(contentsOf: file, encoding: .utf8)
      named += try Self.mentions(in: text, relativeToAPI: false).map { (file.lastPathComponent, $0) }
    }

    #expect(named.count > 20, "only \(named.count) routes named: is the scan still reading the docs?")
    var missing: [String] = []
    for (place, mention) in named {
      let found = routes.contains { route in
        Self.fits(mention.path, route.path) && (mention.method.map { $0 == route.method } ?? true)
      }
      if !found { missing.append("\(place): \(mention.method.map { $0 + " " } ?? "")\(mention.path)") }
    }
    #expect(missing.isEmpty, "routes named that the server does not answer:\n\(missing.joined(separator: "\n"))")
  }

  @Test(
    "given the route a device's import refusal used to name, when looked up, then it is not one, so the check would catch it"
  )
  func theCheckFindsAMissingRoute() async throws {
    let routes = try await TestServer.routes()
    let mentions = try Self.mentions(in: "import it on the hub (POST /api/v1/imports), then", relativeToAPI: false)
    #expect(mentions == [Mention(method: "POST", path: "/api/v1/imports")])
    #expect(!routes.contains { Self.fits("/api/v1/imports", $0.path) })
    #expect(routes.contains { Self.fits("/api/v1/transactions/0123abcd", $0.path) && $0.method == "GET" })
  }
}
