import BudgetServer
import Foundation
import Ledger
import LedgerTesting
import Testing

/// What another site's page can make a browser send — simple cross-origin writes, a rebound
/// DNS name, absolute request targets — is refused before any route runs, and nothing is
/// recorded. Run against a server without authentication, where these checks are all that
/// stands between a page and the ledger, and against one with its token.
@Suite struct CrossSiteTests {
  static let body = #"{"amount": "9.99", "name": "Forged", "category": "Food"}"#

  /// The server's own origin, as a browser would send it.
  static func origin(_ server: TestServer) -> String { "http://127.0.0.1:\(server.client.port)" }

  @Test(arguments: [BudgetServer.Access.open, .token(try! AccessToken(TestServer.token))])
  func simpleCrossSiteWritesAreRefused(access: BudgetServer.Access) async throws {
    try await TestServer.with(access: access) { server in
      let before = server.ledger.position
      let foreign = ["Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"]
      // the three content types a page may send without a preflight
      for type in ["text/plain", "application/x-www-form-urlencoded", ""] {
        let response = try await server.client.send(
          "POST", "/api/v1/transactions", json: Self.body, headers: foreign.merging(["Content-Type": type]) { $1 })
        #expect(response.status == 403, "Content-Type \(type)")
        #expect(response.json["code"] as? String == "cross_site_request")
      }
      // the same shapes without the browser's markers are still not JSON
      for type in ["text/plain", "application/x-www-form-urlencoded", ""] {
        let response = try await server.client.send(
          "POST", "/api/v1/transactions", json: Self.body, headers: ["Content-Type": type])
        #expect(response.status == 415, "Content-Type \(type)")
      }
      // a foreign Origin alone, or Sec-Fetch-Site alone, on every kind of write
      let writes: [(String, String, String?)] = [
        ("POST", "/api/v1/transactions", Self.body), ("POST", "/api/v1/undo", nil),
        ("POST", "/api/v1/accounts/Checking/close", "{}"), ("DELETE", "/api/v1/categories/Food", nil),
      ]
      for (method, path, json) in writes {
        let byOrigin = try await server.client.send(
          method, path, json: json, headers: ["Origin": "https://evil.example"])
        #expect(byOrigin.status == 403, "\(method) \(path)")
        let bySite = try await server.client.send(method, path, json: json, headers: ["Sec-Fetch-Site": "same-site"])
        #expect(bySite.status == 403, "\(method) \(path)")
        let nullOrigin = try await server.client.send(method, path, json: json, headers: ["Origin": "null"])
        #expect(nullOrigin.status == 403, "\(method) \(path)")
      }
      // another port of this machine is another origin
      let otherPort = try await server.post(
        "/api/v1/transactions", Self.body, headers: ["Origin": "http://127.0.0.1:1"])
      #expect(otherPort.status == 403)
      #expect(server.ledger.position == before, "nothing was recorded")
      // and the server's own pages write
      let own = try await server.post(
        "/api/v1/transactions", Self.body,
        headers: [
          "Host": "127.0.0.1:\(server.client.port)", "Origin": Self.origin(server), "Sec-Fetch-Site": "same-origin",
        ])
      #expect(own.status == 201)
      #expect(server.ledger.position == before + 1)
    }
  }

  @Test func foreignHostsAreRefusedForReadsAndWrites() async throws {
    try await TestServer.with(access: .open) { server in
      let before = server.ledger.position
      let rebound = "evil.example:\(server.client.port)"
      for path in ["/api/v1/ledger", "/api/v1/events", "/", "/api/v1/events/stream"] {
        let read = try await server.get(path, headers: ["Host": rebound])
        #expect(read.status == 403, "\(path)")
        #expect(read.json["code"] as? String == "host_not_allowed")
      }
      let write = try await server.post("/api/v1/transactions", Self.body, headers: ["Host": rebound])
      #expect(write.status == 403)
      // names that only look local
      for host in ["localhost.evil.example", "127.0.0.1.nip.io", "localhost.", "user@127.0.0.1", "[::1"] {
        #expect(try await server.get("/api/v1/ledger", headers: ["Host": host]).status != 200, "\(host)")
      }
      #expect(server.ledger.position == before)
      // loopback names, with or without the port, and IP literals are served
      for host in [
        "127.0.0.1:\(server.client.port)", "localhost:\(server.client.port)", "[::1]:\(server.client.port)",
        "LOCALHOST", "192.168.1.20:8080",
      ] {
        #expect(try await server.get("/api/v1/ledger", headers: ["Host": host]).status == 200, "\(host)")
      }
    }
  }

  @Test func allowedHostsServeAReverseProxy() async throws {
    try await TestServer.with(access: .open, allowedHosts: ["budget.example.org"]) { server in
      let proxied = ["Host": "budget.example.org", "Origin": "https://budget.example.org"]
      let read = try await server.get("/api/v1/ledger", headers: proxied)
      #expect(read.status == 200)
      let write = try await server.post("/api/v1/transactions", Self.body, headers: proxied)
      #expect(write.status == 201)
      let other = try await server.get("/api/v1/ledger", headers: ["Host": "other.example.org"])
      #expect(other.status == 403)
    }
  }

  @Test func missingHostAndAbsoluteTargetsAreRefused() async throws {
    try await TestServer.with(access: .open) { server in
      let before = server.ledger.position
      let noHost = try await server.client.sendRaw(
        "POST /api/v1/undo HTTP/1.1\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
      #expect(noHost.status == 400)
      let absolute = try await server.client.sendRaw(
        "GET http://evil.example/api/v1/ledger HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
      #expect(absolute.status == 400)
      let absoluteWrite = try await server.client.sendRaw(
        "POST http://127.0.0.1/api/v1/undo HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
      )
      #expect(absoluteWrite.status == 400)
      let twoHosts = try await server.client.sendRaw(
        "GET /api/v1/ledger HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
      #expect(twoHosts.status == 400)
      let forgedMark = try await server.client.sendRaw(
        "GET /api/v1/ledger HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Budget-Refused-Request: target\r\nConnection: close\r\n\r\n"
      )
      #expect(forgedMark.status == 200, "a mark the client sends itself is dropped")
      #expect(server.ledger.position == before)
    }
  }

  @Test func noCORSIsEverGranted() async throws {
    try await TestServer.with { server in
      let preflight = try await server.client.send(
        "OPTIONS", "/api/v1/transactions",
        headers: ["Origin": "https://evil.example", "Access-Control-Request-Method": "POST"])
      #expect(preflight.header("Access-Control-Allow-Origin") == nil)
      let read = try await server.get("/api/v1/ledger", headers: ["Origin": "https://evil.example"])
      #expect(read.header("Access-Control-Allow-Origin") == nil)
    }
  }

  @Test func pagesCannotBeFramedAndAPIAnswersAreNotStored() async throws {
    try await TestServer.with { server in
      let page = try await server.get("/")
      #expect(page.header("X-Frame-Options") == "DENY")
      #expect(page.header("Content-Security-Policy")?.contains("frame-ancestors 'none'") == true)
      #expect(page.header("X-Content-Type-Options") == "nosniff")
      for path in ["/api/v1/ledger", "/api/v1/nothing-here"] {
        let answer = try await server.get(path)
        #expect(answer.header("Cache-Control") == "no-store", "\(path)")
        #expect(answer.header("X-Content-Type-Options") == "nosniff", "\(path)")
      }
      #expect(try await server.client.anonymous.send("GET", "/api/v1/ledger").header("Cache-Control") == "no-store")
    }
  }
}
