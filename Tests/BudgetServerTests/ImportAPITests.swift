import BudgetServer
import Foundation
import Ledger
import LedgerTesting
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `POST /api/v1/import/csv`: the CLI's import over HTTP — a CSV body, the mapping in the
/// query — behind the same guards as every other write.
@Suite struct ImportAPITests {
  static let path = "/api/v1/import/csv?account=Checking&batchSize=7"
  static let csv = ["Content-Type": "text/csv"]

  @Test(
    "given a 20-row statement, when it is posted, then 200 answers the CLI's summary, and posting it again adds nothing"
  )
  func importsIdempotently() async throws {
    try await TestServer.with { server in
      let text = CSVStatement.expenses(20)
      let before = server.ledger.position

      let first = try await server.client.send("POST", Self.path, json: text, headers: Self.csv)

      #expect(first.status == 200, "\(first.text)")
      #expect(Set(first.json.keys) == ["added", "skipped", "rejected", "refunds"])
      #expect(first.json["added"] as? Int == 20)
      #expect(first.json["skipped"] as? Int == 0)
      #expect((first.json["rejected"] as? [String])?.isEmpty == true)
      #expect(server.ledger.position == before + 20)
      let again = try await server.client.send("POST", Self.path, json: text, headers: Self.csv)
      #expect(again.status == 200)
      #expect(again.json["added"] as? Int == 0)
      #expect(again.json["skipped"] as? Int == 20)
      #expect(server.ledger.position == before + 20)
    }
  }

  @Test(
    "given a mapping naming a column the file lacks, or a bad parameter, when posted, then 4xx names the problem and nothing is recorded"
  )
  func badMappingChangesNothing() async throws {
    try await TestServer.with { server in
      let before = server.ledger.position
      let text = CSVStatement.expenses(3)

      let column = try await server.client.send(
        "POST", Self.path + "&payeeColumn=merchant", json: text, headers: Self.csv)
      #expect(column.status == 422)
      #expect(column.json["code"] as? String == "bad_mapping")
      #expect((column.json["message"] as? String)?.contains("'merchant'") == true)
      let format = try await server.client.send("POST", Self.path + "&dateFormat=ymd", json: text, headers: Self.csv)
      #expect(format.status == 400)
      #expect((format.json["message"] as? String)?.contains("dateFormat") == true)
      let unknown = try await server.client.send("POST", Self.path + "&colour=red", json: text, headers: Self.csv)
      #expect(unknown.status == 400)
      #expect(server.ledger.position == before)
    }
  }

  @Test("given a CSV body, when sent as JSON or without a type, then 415; a JSON route still refuses text/csv")
  func onlyCSVIsAccepted() async throws {
    try await TestServer.with { server in
      let before = server.ledger.position
      let text = CSVStatement.expenses(3)

      let json = try await server.client.send("POST", Self.path, json: text)
      #expect(json.status == 415)
      let plain = try await server.client.send("POST", Self.path, json: text, headers: ["Content-Type": "text/plain"])
      #expect(plain.status == 415)
      let untyped = try await server.client.send("POST", Self.path, json: text, headers: ["Content-Type": ""])
      #expect(untyped.status == 415)
      let elsewhere = try await server.client.send("POST", "/api/v1/transactions", json: text, headers: Self.csv)
      #expect(elsewhere.status == 415)
      #expect(server.ledger.position == before)
    }
  }

  @Test(
    "given an import, when it comes without the token, or from another site, then 401 or 403 and nothing is recorded")
  func guardsApply() async throws {
    try await TestServer.with { server in
      let before = server.ledger.position
      let text = CSVStatement.expenses(3)

      let anonymous = try await server.client.anonymous.send("POST", Self.path, json: text, headers: Self.csv)
      #expect(anonymous.status == 401)
      let foreign = try await server.client.send(
        "POST", Self.path, json: text,
        headers: Self.csv.merging(["Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"]) { $1 })
      #expect(foreign.status == 403)
      #expect(foreign.json["code"] as? String == "cross_site_request")
      #expect(server.ledger.position == before)
    }
  }

  @Test(
    "given a server capping imports at 1 KiB, when a larger file is posted, then 413 says so and nothing is recorded")
  func largeFilesAreRefused() async throws {
    try await TestServer.with(maxImportBytes: 1024) { server in
      let before = server.ledger.position

      let response = try await server.client.send(
        "POST", Self.path, json: CSVStatement.expenses(100), headers: Self.csv)

      #expect(response.status == 413)
      #expect((response.json["message"] as? String)?.contains("1024 bytes") == true)
      #expect(server.ledger.position == before)
    }
  }

  @Test(
    "given a server with the default limits, when an import declares a file over 4 MiB, then 413 names the limit and the CLI before any of it is read"
  )
  func theDefaultLimitIsFourMebibytes() async throws {
    try await TestServer.with { server in
      let before = server.ledger.position

      // Only the head: the answer must come without the body being read.
      let head = HTTPTestClient.requestText(
        "POST", Self.path, body: nil,
        headers: [
          "Authorization": "Bearer \(TestServer.token)", "Content-Type": "text/csv",
          "Content-Length": String(4 << 20 + 1),
        ])
      let response = try await server.client.sendRaw(head)

      #expect(response.status == 413, "\(response.text)")
      #expect(response.json["code"] as? String == "body_too_large")
      let message = try #require(response.json["message"] as? String)
      #expect(message.contains("4 MiB") && message.contains("budget import csv"), "\(message)")
      #expect(server.ledger.position == before)
    }
  }

  /// Sends an import's head and `text`, announcing 1,000 bytes more than that: the server
  /// waits for the rest of the body.
  static func startImport(_ text: String, port: Int) throws -> Int32 {
    let socket = try HTTPTestClient.connect(port: port, timeoutSeconds: 30)
    do {
      try HTTPTestClient.write(
        socket,
        HTTPTestClient.requestText(
          "POST", path, body: nil,
          headers: [
            "Authorization": "Bearer \(TestServer.token)", "Content-Type": "text/csv",
            "Content-Length": String(text.utf8.count + 1000),
          ]) + text)
    } catch {
      close(socket)
      throw error
    }
    return socket
  }

  @Test(
    "given an import under way, when a second one is posted, then 503 with Retry-After until the first has ended, and then it runs"
  )
  func oneImportRunsAtATime() async throws {
    try await TestServer.with { server in
      let text = CSVStatement.expenses(3)
      let dryRun = Self.path + "&dryRun=true"
      var first: Int32 = -1
      var second: HTTPTestResponse?
      defer { if first >= 0 { close(first) } }
      // (On a loaded machine the second request can overtake the first and take the turn:
      // then the first is the one refused, and the pair is tried again.)
      for _ in 0..<10 where second?.status != 503 {
        if first >= 0 { close(first) }
        // Given an import whose body is still coming
        first = try Self.startImport(text, port: server.client.port)
        try await Task.sleep(for: .milliseconds(300))

        // When a second arrives, then it is refused as busy
        second = try await server.client.send("POST", dryRun, json: text, headers: Self.csv)
      }
      let busy = try #require(second)
      #expect(busy.status == 503, "\(busy.text)")
      #expect(busy.json["code"] as? String == "import_busy")
      #expect(busy.header("Retry-After") == "5")
      #expect((busy.json["message"] as? String)?.contains("budget import csv") == true)

      // And once the first has gone, the next runs
      close(first)
      first = -1
      var third = try await server.client.send("POST", dryRun, json: text, headers: Self.csv)
      for _ in 0..<40 where third.status == 503 {
        try await Task.sleep(for: .milliseconds(250))
        third = try await server.client.send("POST", dryRun, json: text, headers: Self.csv)
      }
      #expect(third.status == 200, "\(third.text)")
    }
  }
}
