import BudgetServer
import EventRecords
import Foundation
import Ledger
import LedgerTesting
import Testing

/// The web app's login: a one-time code exchanged for a session that is the cookie and the
/// key the page keeps, both required — so a cookie a browser sent to another port is worth
/// nothing; sessions are listed, logged out, and end when idle, too old, or the token changes.
@Suite struct WebSessionTests {
  @Test func aCookieWithoutItsKeyIsWorthNothing() async throws {
    try await TestServer.with { server in
      // given a browser logged in by a login link
      let (cookie, key) = try await server.logIn()
      let anonymous = server.client.anonymous
      #expect(
        try await anonymous.send("GET", "/api/v1/ledger", headers: ["Cookie": cookie, "X-Budget-Session": key]).status
          == 200)
      // when another port's server replays the cookie it was sent, then nothing is read or written
      let before = server.ledger.position
      let alone = try await anonymous.send("GET", "/api/v1/ledger", headers: ["Cookie": cookie])
      #expect(alone.status == 401)
      #expect((alone.json["message"] as? String)?.contains("session key") == true)
      let device = try await anonymous.send(
        "POST", "/api/v1/devices", json: #"{"name": "evil"}"#, headers: ["Cookie": cookie])
      #expect(device.status == 401)
      let guessed = try await anonymous.send(
        "GET", "/api/v1/ledger", headers: ["Cookie": cookie, "X-Budget-Session": String(repeating: "0", count: 64)])
      #expect(guessed.status == 401)
      #expect(try await anonymous.send("GET", "/api/v1/ledger", headers: ["X-Budget-Session": key]).status == 401)
      #expect(server.ledger.position == before)
      #expect(try await server.get("/api/v1/devices").json["items"] as? [Any] != nil)
      // and with both the browser writes as the web
      let write = try await anonymous.send(
        "POST", "/api/v1/transactions", json: #"{"amount": "3", "name": "Tea", "category": "Food"}"#,
        headers: ["Cookie": "other=1; " + cookie, "X-Budget-Session": key])
      #expect(write.status == 201)
      #expect(try await server.lastActors(1) == ["api:web"])
    }
  }

  @Test func aLoginLinkWorksOnceAndSetsAStrictHttpOnlyCookie() async throws {
    try await TestServer.with { server in
      let (code, _) = try SessionStore(ledgerPath: server.ledger.path).mintCode()
      let anonymous = server.client.anonymous
      // when the link is opened, then the page carries the key and the cookie is strict
      let page = try await anonymous.send("GET", "/?code=\(code.lowercased())")
      #expect(page.status == 200)
      #expect(page.text.contains(#"<meta name="budget-session""#))
      #expect(page.header("Cache-Control") == "no-store")
      let cookie = try #require(page.header("Set-Cookie"))
      #expect(cookie.hasPrefix("budget_session_\(server.client.port)="))
      #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
      #expect(!cookie.contains(TestServer.token) && !page.text.contains(TestServer.token))
      // and opened again (from the browser's history), it logs no one in
      let again = try await anonymous.send("GET", "/?code=\(code)")
      #expect(again.status == 401)
      #expect(again.header("Set-Cookie") == nil)
      // a code typed into the form works the same way, once
      let (typed, _) = try SessionStore(ledgerPath: server.ledger.path).mintCode()
      let form = try await anonymous.send("POST", "/login", json: #"{"code": "\#(typed)"}"#)
      #expect(form.status == 200)
      #expect((form.json["sessionKey"] as? String)?.count == 64)
      #expect(try await anonymous.send("POST", "/login", json: #"{"code": "\#(typed)"}"#).status == 401)
      // the old link with the token in its address logs no one in
      let tokenLink = try await anonymous.send("GET", "/?token=\(TestServer.token)")
      #expect(tokenLink.status == 400)
      #expect(tokenLink.header("Set-Cookie") == nil)
      #expect(tokenLink.text.contains("budget login-link"))
    }
  }

  @Test func anExpiredCodeLogsNoOneIn() async throws {
    try await TestServer.with { server in
      // given a code made eleven minutes ago (they last ten)
      let (code, _) = try SessionStore(ledgerPath: server.ledger.path).mintCode(now: Date() - 11 * 60)
      // when it is opened, then it is refused
      let page = try await server.client.anonymous.send("GET", "/?code=\(code)")
      #expect(page.status == 401)
      #expect(page.header("Set-Cookie") == nil)
    }
  }

  @Test func sessionsAreListedAndLoggedOut() async throws {
    try await TestServer.with { server in
      // given two browsers logged in
      let first = try await server.logIn(userAgent: "Firefox")
      let second = try await server.logIn(userAgent: "Safari")
      let listed = try await server.get("/api/v1/sessions").json["items"] as? [[String: Any]] ?? []
      #expect(listed.compactMap { $0["userAgent"] as? String } == ["Firefox", "Safari"])
      let firstID = try #require(listed.first?["id"] as? String)
      let headers = { (login: (cookie: String, key: String)) in ["Cookie": login.cookie, "X-Budget-Session": login.key]
      }
      let own = try await server.client.anonymous.send("GET", "/api/v1/sessions", headers: headers(first))
      #expect((own.json["items"] as? [[String: Any]])?.first?["current"] as? Bool == true)
      // when the first logs itself out, then its cookie is cleared and it is refused from then on
      let logout = try await server.client.anonymous.send("POST", "/api/v1/logout", json: "{}", headers: headers(first))
      #expect(logout.status == 204)
      #expect(logout.header("Set-Cookie")?.contains("Max-Age=0") == true)
      #expect(try await server.client.anonymous.send("GET", "/api/v1/ledger", headers: headers(first)).status == 401)
      #expect(try await server.client.anonymous.send("GET", "/api/v1/ledger", headers: headers(second)).status == 200)
      // when the owner ends the second as budget sessions logout does (another process), then it is refused at once
      let secondID = try #require(try SessionStore(ledgerPath: server.ledger.path).list().first?.id)
      #expect(secondID != firstID)
      try SessionStore(ledgerPath: server.ledger.path).logout([secondID])
      #expect(try await server.client.anonymous.send("GET", "/api/v1/ledger", headers: headers(second)).status == 401)
      // a token cannot log out, and an unknown session is a 404
      #expect(try await server.post("/api/v1/logout", "{}").status == 400)
      #expect(try await server.client.send("DELETE", "/api/v1/sessions/nope").status == 404)
    }
  }

  @Test(
    "given login codes not used yet, when every session is logged out, or the server starts with a replaced token, then those codes open nothing — but one minted while no server ran opens the next server"
  )
  func pendingCodesEndWithLogoutAllAndANewToken() throws {
    let directory = TemporaryDirectory()
    let store = SessionStore(ledgerPath: directory.file("l.ledger"))
    let token = try AccessToken(String(repeating: "t", count: 40))
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    func opens(_ code: String, with token: AccessToken) throws -> Bool {
      try store.redeem(code: code, token: token, userAgent: "x", address: "127.0.0.1", now: start) != nil
    }
    // Given a server started with `token`, and a code minted under it
    try store.prune(token: token, now: start)
    let (kept, _) = try store.mintCode(now: start, token: token)
    #expect(try opens(kept, with: token), "a code works once")

    // When every session is logged out, then a code minted before opens nothing
    let (beforeLogout, _) = try store.mintCode(now: start, token: token)
    try store.logout(nil)
    #expect(try !opens(beforeLogout, with: token))

    // When the server starts again with the same token, a pending code still works …
    let (beforeRestart, _) = try store.mintCode(now: start, token: token)
    try store.prune(token: token, now: start)
    #expect(try opens(beforeRestart, with: token))
    // … and with a replaced token, it opens nothing — nor does one shown to the new server
    let (beforeRotation, _) = try store.mintCode(now: start, token: token)
    let (noServer, _) = try store.mintCode(now: start)
    let replaced = try AccessToken(String(repeating: "u", count: 40))
    try store.prune(token: replaced, now: start)
    #expect(try !opens(beforeRotation, with: replaced))
    let (underTheOldToken, _) = try store.mintCode(now: start, token: token)
    #expect(try !opens(underTheOldToken, with: replaced), "a code is refused by a server with another token")
    // while one minted while no server ran (budget login-link, then serve) opens the new one
    #expect(try opens(noServer, with: replaced))
    let (afterRotation, _) = try store.mintCode(now: start, token: replaced)
    #expect(try opens(afterRotation, with: replaced))
  }

  @Test func aSessionEndsWhenIdleTooOldOrTheTokenIsReplaced() throws {
    let directory = TemporaryDirectory()
    let store = SessionStore(ledgerPath: directory.file("l.ledger"))
    let token = try AccessToken(String(repeating: "t", count: 40))
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    // given a session started at `start`
    let (code, _) = try store.mintCode(now: start)
    let session = try #require(
      try store.redeem(code: code, token: token, userAgent: "x", address: "127.0.0.1", now: start))
    #expect(
      store.authenticate(cookie: session.cookie, key: session.key, token: token, now: start) == .valid(session.session))
    // then it ends after seven idle days, or under another token
    let week = start + 7 * 24 * 3600 + 61
    #expect(store.authenticate(cookie: session.cookie, key: session.key, token: token, now: week) == .ended)
    let other = try AccessToken(String(repeating: "u", count: 40))
    #expect(store.authenticate(cookie: session.cookie, key: session.key, token: other, now: start) == .ended)
    // and one used every six days still ends at thirty
    var day = start
    for _ in 0..<5 {
      day += 6 * 24 * 3600
      guard case .valid = store.authenticate(cookie: session.cookie, key: session.key, token: token, now: day) else {
        Issue.record("a session used every six days ended early, at \(day)")
        return
      }
    }
    day += 6 * 24 * 3600
    #expect(store.authenticate(cookie: session.cookie, key: session.key, token: token, now: day) == .ended)
    // and the file is this user's alone
    let mode = try FileManager.default.attributesOfItem(atPath: store.path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test func anEventStreamOpensWithAOneTimeTicketNeverTheToken() async throws {
    try await TestServer.with { server in
      let anonymous = server.client.anonymous
      // the token in the stream's address is refused (it would end up in logs and histories)
      let byToken = try await anonymous.send("GET", "/api/v1/events/stream?access_token=\(TestServer.token)")
      #expect(byToken.status == 401)
      // given a ticket asked for with a credential
      let ticket = try #require(try await server.post("/api/v1/events/tickets", "{}").json["ticket"] as? String)
      // when the stream is opened with it, then it streams
      let text = try await anonymous.stream("/api/v1/events/stream?ticket=\(ticket)", afterConnect: {}) {
        $0.contains(": connected")
      }
      #expect(text.contains("200 OK"))
      // and the ticket is used up; it opens nothing else
      #expect(try await anonymous.send("GET", "/api/v1/events/stream?ticket=\(ticket)").status == 401)
      let fresh = try #require(try await server.post("/api/v1/events/tickets", "{}").json["ticket"] as? String)
      #expect(try await anonymous.send("GET", "/api/v1/ledger?ticket=\(fresh)").status == 401)
      // a browser's EventSource sends its cookie (but not the key) with the ticket: the ticket decides
      let (cookie, key) = try await server.logIn()
      let asked = try await anonymous.send(
        "POST", "/api/v1/events/tickets", json: "{}", headers: ["Cookie": cookie, "X-Budget-Session": key])
      let browserTicket = try #require(asked.json["ticket"] as? String)
      let browser = try await anonymous.stream(
        "/api/v1/events/stream?ticket=\(browserTicket)", headers: ["Cookie": cookie], afterConnect: {}
      ) { $0.contains(": connected") }
      #expect(browser.contains("200 OK"))
    }
  }

  @Test(arguments: ["button", "command"])
  func loggingOutEndsTheSessionsOpenEventStream(how: String) async throws {
    try await TestServer.with { server in
      // given a browser following the event stream through its session's ticket
      let (cookie, key) = try await server.logIn()
      let session = ["Cookie": cookie, "X-Budget-Session": key]
      let asked = try await server.client.anonymous.send("POST", "/api/v1/events/tickets", json: "{}", headers: session)
      let ticket = try #require(asked.json["ticket"] as? String)
      let (socket, opened) = try await server.client.anonymous.openStream(
        "/api/v1/events/stream?ticket=\(ticket)", headers: ["Cookie": cookie])
      defer { close(socket) }
      #expect(opened.contains(": connected"), "\(opened)")
      // when it logs out (its button, or budget sessions logout from another process), and then the owner writes
      let clock = ContinuousClock()
      let start = clock.now
      if how == "button" {
        #expect(
          try await server.client.anonymous.send("POST", "/api/v1/logout", json: "{}", headers: session).status == 204)
      } else {
        try SessionStore(ledgerPath: server.ledger.path).logout(nil)
      }
      try await server.ledger.execute(try server.expense(70, "9.00"), metadata: EventMetadata(actor: "after-logout"))
      let rest = try await HTTPTestClient.readOn(socket, timeoutSeconds: 30) { $0.contains("after-logout") }
      // then the stream ends long before 30 s, without the later write
      #expect(!rest.contains("after-logout"))
      #expect(clock.now - start < .seconds(20))
      // and the browser is told its login ended, not that it is wrong
      let after = try await server.client.anonymous.send("GET", "/api/v1/ledger", headers: session)
      #expect(after.status == 401)
      #expect(after.json["code"] as? String == "session_ended")
    }
  }
}
