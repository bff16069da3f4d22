import BudgetServer
import Foundation
import Ledger
import LedgerDomain
import LedgerTesting

/// A real `BudgetServer` on a temporary ledger, listening on a random loopback port.
///
/// ```swift
/// try await TestServer.with { server in let response = try await server.client.send("GET", "/api/v1/ledger") }
/// ```
struct TestServer: Sendable {
  let client: HTTPTestClient
  let ledger: Ledger
  let directory: URL

  /// The "today" every test server uses, so dates in the tests are fixed.
  static let today: CivilDate = {
    do { return try CivilDate(parsing: "2024-03-20") } catch { preconditionFailure("\(error)") }
  }()

  /// Starts a server (set up with a ledger, accounts and a few transactions unless `empty`;
  /// `before` records events on the ledger before the server opens it), runs `body`, and stops the server and deletes the ledger whatever happens.
  /// The token every test server requires unless a test asks for another access.
  static let token = "test-token-0123456789abcdef0123456789abcdef"

  static func with(
    empty: Bool = false, access: BudgetServer.Access? = nil, limits: BudgetServer.Limits = .init(),
    allowedHosts: [String] = [], maxBodyBytes: Int = 64 * 1024, maxImportBytes: Int? = nil,
    heartbeat: Duration = .seconds(15), throttle: AuthThrottle.Policy = .init(), trustProxy: Bool = false,
    before: (Ledger) async throws -> Void = { _ in },
    _ body: (TestServer) async throws -> Void
  ) async throws {
    let access = try access ?? .token(AccessToken(Self.token))
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("budget-server-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let today = Self.today
    let ledger = try await Ledger(
      path: directory.appendingPathComponent("test.ledger").path, options: Ledger.Options(today: { today }))
    // What the ledger holds before the server starts (a server started on an existing ledger).
    try await before(ledger)
    var configuration = BudgetServer.Configuration(
      host: "127.0.0.1", port: 0, access: access, allowedHosts: allowedHosts, limits: limits,
      maxBodyBytes: maxBodyBytes, today: { today }, heartbeat: heartbeat, logsErrors: false, trustProxy: trustProxy)
    // The server's own default unless the test sets one.
    if let maxImportBytes { configuration.maxImportBytes = maxImportBytes }
    let server = try BudgetServer(ledger: ledger, configuration: configuration, throttle: throttle)
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    let task = Task { try await server.run { port in continuation.yield(port) } }
    defer { task.cancel() }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else { throw ClientError("the server did not start") }
    let token: String? = if case .token(let token) = access { token.value } else { nil }
    let running = TestServer(client: HTTPTestClient(port: port, token: token), ledger: ledger, directory: directory)
    if !empty { try await running.seed() }
    do {
      try await body(running)
    } catch {
      task.cancel()
      _ = await task.result
      throw error
    }
    task.cancel()
    _ = await task.result
  }

  /// A web login as a browser makes it: a code minted as `budget login-link` does, opened as
  /// the link; the `Cookie` pair it set and the session key its page carries.
  func logIn(userAgent: String = "TestBrowser/1") async throws -> (cookie: String, key: String) {
    let (code, _) = try SessionStore(ledgerPath: ledger.path).mintCode()
    let page = try await client.anonymous.send("GET", "/?code=\(code)", headers: ["User-Agent": userAgent])
    guard page.status == 200, let setCookie = page.header("Set-Cookie"),
      let start = page.text.range(of: #"<meta name="budget-session" content=""#),
      let end = page.text[start.upperBound...].firstIndex(of: "\"")
    else { throw ClientError("the login link did not log in: \(page.status) \(page.text.prefix(200))") }
    return (String(setCookie.split(separator: ";")[0]), String(page.text[start.upperBound..<end]))
  }

  /// A ledger (EUR), a checking account with 1,000.00, and two expenses in March 2024.
  func seed() async throws {
    for (path, body) in [
      ("/api/v1/ledger", #"{"name": "Test", "currency": "EUR"}"#),
      ("/api/v1/accounts", #"{"name": "Checking", "type": "checking", "opening": "1000", "date": "2024-01-01"}"#),
      ("/api/v1/transactions", #"{"amount": "42.50", "name": "Market", "category": "Food", "date": "2024-03-10"}"#),
      ("/api/v1/transactions", #"{"amount": "20", "name": "Pizza", "category": "Restaurants", "date": "2024-03-12"}"#),
    ] {
      let response = try await client.send("POST", path, json: body)
      guard response.status == 201 else {
        throw ClientError("seeding \(path) failed: \(response.status) \(response.text)")
      }
    }
  }

  /// The actors of the log's last `count` events, oldest first.
  func lastActors(_ count: UInt64) async throws -> [String] {
    let response = try await get("/api/v1/events?after=\(ledger.position - count)")
    return (response.json["events"] as? [[String: Any]] ?? []).compactMap { $0["actor"] as? String }
  }

  /// Shorthands.
  func get(_ path: String, headers: [String: String] = [:]) async throws -> HTTPTestResponse {
    try await client.send("GET", path, headers: headers)
  }

  func post(_ path: String, _ json: String, headers: [String: String] = [:]) async throws -> HTTPTestResponse {
    try await client.send("POST", path, json: json, headers: headers)
  }
}

extension TestServer {
  /// The routes the router answers (method and path template), read from a server over an
  /// empty ledger that is never started.
  static func routes() async throws -> [(method: String, path: String)] {
    let directory = TemporaryDirectory()
    let ledger = try await Ledger(path: directory.file("routes.ledger"))
    let server = try BudgetServer(
      ledger: ledger,
      configuration: .init(port: 0, access: .token(try AccessToken("routes-token-0123456789abcdef0123456789"))))
    return server.routes
  }
}
