import BudgetServer
import Foundation
import Ledger
import LedgerTesting
import Testing

/// The access token: required by default, also on loopback; never short; kept in a 0600 file;
/// wrong credentials held off without ever holding off the right one.
@Suite struct AuthenticationTests {
  @Test func everyAPIRequestNeedsTheToken() async throws {
    try await TestServer.with { server in
      // given a server with its token, when a request comes without one, then it is refused
      let without = try await server.client.anonymous.send("GET", "/api/v1/ledger")
      #expect(without.status == 401)
      #expect(without.json["code"] as? String == "unauthorized")
      #expect(without.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
      let before = server.ledger.position
      let write = try await server.client.anonymous.send(
        "POST", "/api/v1/transactions", json: #"{"amount": "1", "name": "X", "category": "Food"}"#)
      #expect(write.status == 401)
      #expect(server.ledger.position == before)
      // a wrong one and another scheme are refused too; the right one passes
      let wrong = try await server.get(
        "/api/v1/ledger", headers: ["Authorization": "Bearer " + String(repeating: "x", count: 40)])
      #expect(wrong.status == 401)
      let basic = try await server.get("/api/v1/ledger", headers: ["Authorization": "Basic dXNlcjpwYXNz"])
      #expect(basic.status == 401)
      #expect(try await server.get("/api/v1/ledger").status == 200)
    }
  }

  @Test func shortOrBadTokensAreRefused() throws {
    #expect(throws: AccessTokenError.tooShort(length: 12)) { try AccessToken("s3cret-token") }
    #expect(throws: AccessTokenError.notPrintable) { try AccessToken("a token with spaces in it, 32+ chars") }
    let token = try AccessToken(String(repeating: "a", count: 32))
    #expect(token.matches(String(repeating: "a", count: 32)))
    #expect(!token.matches(String(repeating: "a", count: 33)))
    #expect(!"\(token)".contains("aaaa"), "the description never shows the secret")
    let random = AccessToken.random()
    #expect(random.value.count == 64)
    #expect(random != AccessToken.random())
  }

  @Test func tokenFileIsMadeOnceWithMode0600() throws {
    do {
      let directory = TemporaryDirectory()
      let path = directory.file("l.ledger.token")
      // given no token file, when the server starts, then one is made, 0600
      let (made, created) = try AccessToken.loadOrCreate(at: path)
      #expect(created)
      let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
      #expect(mode == 0o600)
      // and the next start reads the same token
      let (again, createdAgain) = try AccessToken.loadOrCreate(at: path)
      #expect(!createdAgain)
      #expect(again == made)
      // a token file others can read is refused with the fix
      chmod(path, 0o644)
      #expect {
        try AccessToken.load(from: path)
      } throws: { error in
        "\(error)".contains("other users can read it") && "\(error)".contains("chmod 600")
      }
      // so is a symbolic link planted in its place
      chmod(path, 0o600)
      let link = directory.file("link.token")
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
      #expect { try AccessToken.load(from: link) } throws: { "\($0)".contains("symbolic link") }
      #expect { try AccessToken.loadOrCreate(at: link) } throws: { "\($0)".contains("symbolic link") }
    }
  }

  @Test func wrongCredentialsAreHeldOffButTheRightOneNeverWaits() async throws {
    // A first delay far longer than the test, so a slow machine cannot let the block expire.
    var policy = AuthThrottle.Policy()
    policy.firstDelay = .seconds(300)
    policy.maxDelay = .seconds(300)
    try await TestServer.with(throttle: policy) { server in
      let wrong = ["Authorization": "Bearer " + String(repeating: "w", count: 40)]
      // given five free failures, when a sixth wrong token comes, then that address's wrong ones wait
      for _ in 0..<6 { #expect(try await server.get("/api/v1/ledger", headers: wrong).status == 401) }
      let blocked = try await server.get("/api/v1/ledger", headers: wrong)
      #expect(blocked.status == 429)
      #expect(blocked.json["code"] as? String == "too_many_attempts")
      #expect(blocked.header("Retry-After").flatMap { Int($0) }.map { (290...300).contains($0) } == true)
      // and wrong login codes too
      #expect(try await server.client.anonymous.send("GET", "/?code=WRONG-CODE").status == 429)
      // but the owner on the same address — token, login link, session — is let in at once
      #expect(try await server.get("/api/v1/ledger").status == 200)
      let (cookie, key) = try await server.logIn()
      let session = ["Cookie": cookie, "X-Budget-Session": key]
      #expect(try await server.client.anonymous.send("GET", "/api/v1/ledger", headers: session).status == 200)
    }
  }

  @Test func behindATrustedProxyTheForwardedAddressCounts() async throws {
    var policy = AuthThrottle.Policy()
    policy.firstDelay = .seconds(300)
    let wrong = ["Authorization": "Bearer " + String(repeating: "w", count: 40)]
    // given a proxy in front, when one client sends wrong tokens, then only that client is held off
    try await TestServer.with(throttle: policy, trustProxy: true) { server in
      let attacker = wrong.merging(["X-Forwarded-For": "203.0.113.9, 198.51.100.7"]) { $1 }
      for _ in 0..<6 { _ = try await server.get("/api/v1/ledger", headers: attacker) }
      #expect(try await server.get("/api/v1/ledger", headers: attacker).status == 429)
      let neighbour = wrong.merging(["X-Forwarded-For": "198.51.100.8"]) { $1 }
      #expect(try await server.get("/api/v1/ledger", headers: neighbour).status == 401)
    }
    // without --trust-proxy the header is the client's own word: it counts for nothing
    try await TestServer.with(throttle: policy) { server in
      for index in 0..<6 {
        _ = try await server.get(
          "/api/v1/ledger", headers: wrong.merging(["X-Forwarded-For": "192.0.2.\(index)"]) { $1 })
      }
      let other = wrong.merging(["X-Forwarded-For": "192.0.2.200"]) { $1 }
      #expect(try await server.get("/api/v1/ledger", headers: other).status == 429)
    }
  }

  @Test func requestsWithoutCredentialsAreNotCountedAsGuesses() async throws {
    try await TestServer.with { server in
      for _ in 0..<10 {
        let response = try await server.client.anonymous.send("GET", "/api/v1/ledger")
        #expect(response.status == 401)
      }
      let withToken = try await server.get("/api/v1/ledger")
      #expect(withToken.status == 200)
    }
  }

  @Test func nonLoopbackNeedsTheToken() async throws {
    let open = BudgetServer.Configuration(host: "0.0.0.0", port: 0, access: .open)
    #expect(!open.isLoopback)
    try await TestServer.with(empty: true) { server in
      #expect(throws: ServerConfigurationError.tokenRequired(host: "0.0.0.0")) {
        try BudgetServer(ledger: server.ledger, configuration: open)
      }
      let token = BudgetServer.Configuration(host: "0.0.0.0", port: 0, access: .token(.random()))
      _ = try BudgetServer(ledger: server.ledger, configuration: token)
    }
  }

  @Test func writesRecordTheAPIActorNeverTheServersUser() async throws {
    try await TestServer.with(access: .open) { server in
      let body = #"{"amount": "2", "name": "Gum", "category": "Food"}"#
      #expect(try await server.post("/api/v1/transactions", body).status == 201)
      #expect(try await server.post("/api/v1/transactions", body, headers: ["X-Budget-Actor": "laptop"]).status == 201)
      #expect(try await server.lastActors(2) == ["api:open", "api:laptop"])
      // a name with a text-direction override or a control character is refused, nothing written
      let before = server.ledger.position
      for name in ["ad\u{202E}nimda", "zero\u{200B}width", String(repeating: "n", count: 65)] {
        let refused = try await server.post("/api/v1/transactions", body, headers: ["X-Budget-Actor": name])
        #expect(refused.status == 400)
        #expect((refused.json["details"] as? [String: String])?["field"] == "X-Budget-Actor")
      }
      // (a control character is already refused by the HTTP parser)
      let bell = try await server.post("/api/v1/transactions", body, headers: ["X-Budget-Actor": "a\u{7}b"])
      #expect(bell.status == 400)
      #expect(server.ledger.position == before)
    }
  }
}
