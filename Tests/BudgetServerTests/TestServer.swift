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

  /// Starts a server (set up with a ledger, accounts and a few transactions unless `empty`),
  /// runs `body`, and stops the server and deletes the ledger whatever happens.
  static func with(
    empty: Bool = false, token: String? = nil, maxBodyBytes: Int = 64 * 1024, heartbeat: Duration = .seconds(15),
    _ body: (TestServer) async throws -> Void
  ) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("budget-server-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let today = Self.today
    let ledger = try await Ledger(
      path: directory.appendingPathComponent("test.ledger").path, options: Ledger.Options(today: { today }))
    let configuration = BudgetServer.Configuration(
      host: "127.0.0.1", port: 0, token: token, maxBodyBytes: maxBodyBytes, actor: "tester", today: { today },
      heartbeat: heartbeat,
      logsErrors: false)
    let server = try BudgetServer(ledger: ledger, configuration: configuration)
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    let task = Task { try await server.run { port in continuation.yield(port) } }
    defer { task.cancel() }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else { throw ClientError("the server did not start") }
    let running = TestServer(client: HTTPTestClient(port: port), ledger: ledger, directory: directory)
    if !empty { try await running.seed(token: token) }
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

  /// A ledger (EUR), a checking account with 1,000.00, and two expenses in March 2024.
  func seed(token: String?) async throws {
    let auth = token.map { ["Authorization": "Bearer \($0)"] } ?? [:]
    for (path, body) in [
      ("/api/v1/ledger", #"{"name": "Test", "currency": "EUR"}"#),
      ("/api/v1/accounts", #"{"name": "Checking", "type": "checking", "opening": "1000", "date": "2024-01-01"}"#),
      ("/api/v1/transactions", #"{"amount": "42.50", "name": "Market", "category": "Food", "date": "2024-03-10"}"#),
      ("/api/v1/transactions", #"{"amount": "20", "name": "Pizza", "category": "Restaurants", "date": "2024-03-12"}"#),
    ] {
      let response = try await client.send("POST", path, json: body, headers: auth)
      guard response.status == 201 else {
        throw ClientError("seeding \(path) failed: \(response.status) \(response.text)")
      }
    }
  }

  /// Shorthands.
  func get(_ path: String, headers: [String: String] = [:]) async throws -> HTTPTestResponse {
    try await client.send("GET", path, headers: headers)
  }

  func post(_ path: String, _ json: String, headers: [String: String] = [:]) async throws -> HTTPTestResponse {
    try await client.send("POST", path, json: json, headers: headers)
  }
}
