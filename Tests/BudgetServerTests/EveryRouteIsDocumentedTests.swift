import BudgetServer
import Foundation
import Ledger
import LedgerTesting
import Testing

/// A route docs/openapi.yaml does not describe is one no client learns of, and schemathesis
/// never tries: every `/api/v1` route the router answers is a path and method of the document.
@Suite struct EveryRouteIsDocumentedTests {
  /// The document's paths (`/accounts/{ref}`) with their methods, upper case.
  static func documented() throws -> [String: Set<String>] {
    let yaml = try String(
      contentsOf: NamedRoutesExistTests.root.appendingPathComponent("docs/openapi.yaml"), encoding: .utf8)
    var paths: [String: Set<String>] = [:]
    var current: String?
    for line in yaml.split(separator: "\n") {
      if line.hasPrefix("  /"), line.hasSuffix(":") {
        current = String(line.dropFirst(2).dropLast())
      } else if line.hasPrefix("components:") {
        current = nil
      } else if let path = current, line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":") {
        let method = line.trimmingCharacters(in: .whitespaces).dropLast().uppercased()
        if ["GET", "POST", "PUT", "PATCH", "DELETE"].contains(method) { paths[path, default: []].insert(method) }
      }
    }
    return paths
  }

  /// A server on a ledger of its own, for its routes (never started).
  static func server() async throws -> BudgetServer {
    let directory = TemporaryDirectory()
    let ledger = try await Ledger(path: directory.file("routes.ledger"))
    return try BudgetServer(
      ledger: ledger,
      configuration: .init(port: 0, access: .token(try AccessToken("routes-token-0123456789abcdef0123456789"))))
  }

  @Test("given the router's routes, when docs/openapi.yaml is read, then it describes each")
  func everyRouteIsInTheDocument() async throws {
    let server = try await Self.server()
    let documented = try Self.documented()
    #expect(documented.count > 50, "the document was read: \(documented.count) paths")
    // `/api/v1/accounts/:ref` as the document writes it: `/accounts/{ref}`.
    let missing = server.routes.filter { $0.path.hasPrefix("/api/v1/") && $0.path != "/api/v1/openapi.yaml" }.compactMap
    {
      route -> String? in
      let path = String(route.path.dropFirst("/api/v1".count)).split(separator: "/").map { segment in
        segment.hasPrefix(":") ? "{\(segment.dropFirst())}" : String(segment)
      }
      let template = "/" + path.joined(separator: "/")
      let methods = documented.first { Self.sameShape($0.key, template) }?.value ?? []
      return methods.contains(route.method) ? nil : "\(route.method) \(template)"
    }
    #expect(missing.isEmpty, "routes docs/openapi.yaml does not describe:\n\(missing.joined(separator: "\n"))")
  }

  /// Whether two templates have the same segments, any captured segment matching any other.
  static func sameShape(_ a: String, _ b: String) -> Bool {
    let x = a.split(separator: "/"), y = b.split(separator: "/")
    return x.count == y.count && zip(x, y).allSatisfy { $0 == $1 || ($0.hasPrefix("{") && $1.hasPrefix("{")) }
  }

  @Test("given the router's routes, when docs/api.md is read, then it names each route's path")
  func everyRouteIsInTheGuide() async throws {
    let server = try await Self.server()
    // The guide writes `/accounts/{ref}` (or `/api/v1/accounts/{ref}`), any name in the braces.
    let guide = try String(
      contentsOf: NamedRoutesExistTests.root.appendingPathComponent("docs/api.md"), encoding: .utf8
    ).replacing(#/\{[^}]*\}/#, with: "{}")
    var missing: Set<String> = []
    for route in server.routes where route.path.hasPrefix("/api/v1/") && route.path != "/api/v1/openapi.yaml" {
      let segments: [String] = route.path.dropFirst("/api/v1/".count).split(separator: "/").map { segment in
        segment.hasPrefix(":") || segment.hasPrefix("{") ? "{}" : String(segment)
      }
      let path = "/" + segments.joined(separator: "/")
      let named = ["`", "?", " ", "[", "\n"].contains { (end: String) in guide.contains(path + end) }
      if !named { missing.insert(path) }
    }
    #expect(missing.isEmpty, "docs/api.md does not name:\n\(missing.sorted().joined(separator: "\n"))")
  }
}
