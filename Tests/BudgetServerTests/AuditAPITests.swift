import Foundation
import Ledger
import LedgerDomain
import LedgerTesting
import Testing

/// History, the event feed (catch-up and Server-Sent Events), verify, projections, undo.
@Suite struct AuditAPITests {
  @Test func historyOfEntities() async throws {
    try await TestServer.with { server in
      #expect(
        try await server.client.send("PATCH", "/api/v1/categories/Food", json: #"{"name": "Groceries"}"#).status == 200)
      let history = try await server.get("/api/v1/history/category/Groceries")
      #expect(history.status == 200)
      let entries = try #require(history.json["entries"] as? [[String: Any]])
      #expect(entries.map { $0["event"] as? String } == ["CategoryCreated", "CategoryRenamed"])
      #expect(entries.last?["actor"] as? String == "api:token")
      #expect(history.header("ETag") == "\"2\"")
      let month = try await server.get("/api/v1/history/month/2024-03")
      #expect((month.json["entries"] as? [[String: Any]])?.isEmpty == true)
      let account = try await server.get("/api/v1/history/account/Checking")
      #expect((account.json["entries"] as? [[String: Any]])?.count == 1)
      let unknownKind = try await server.get("/api/v1/history/planet/Mars")
      #expect(unknownKind.status == 404)
    }
  }

  @Test func eventsCatchUpInPages() async throws {
    try await TestServer.with { server in
      let first = try await server.get("/api/v1/events?after=0&limit=3")
      let events = try #require(first.json["events"] as? [[String: Any]])
      #expect(events.map { $0["position"] as? Int } == [1, 2, 3])
      #expect(events.first?["type"] as? String == "LedgerCreated")
      let next = try #require(first.json["nextAfter"] as? Int)
      let head = try #require(first.json["head"] as? Int)
      let rest = try await server.get("/api/v1/events?after=\(next)&limit=1000")
      #expect((rest.json["events"] as? [[String: Any]])?.last?["position"] as? Int == head)
      #expect(rest.json["nextAfter"] == nil)
      let bad = try await server.get("/api/v1/events?after=-1")
      #expect(bad.status == 400)
    }
  }

  @Test func serverSentEventsDeliverNewEvents() async throws {
    try await TestServer.with(heartbeat: .milliseconds(200)) { server in
      let text = try await server.client.stream(
        "/api/v1/events/stream",
        afterConnect: {
          let added = try await server.post(
            "/api/v1/transactions",
            #"{"amount": "3.20", "name": "Coffee", "category": "Restaurants", "date": "2024-03-20"}"#)
          #expect(added.status == 201)
        },
        until: { $0.contains("TransactionAdded") && $0.contains("keep-alive") })
      #expect(text.contains("text/event-stream"))
      #expect(text.contains("data: {"))
      #expect(text.contains("\"type\":\"TransactionAdded\""))
      #expect(text.contains(": keep-alive"))
      // Resuming with Last-Event-ID replays what came after it.
      let past = try await server.get("/api/v1/events/stream?after=99999")
      #expect(past.status == 400 && (past.json["details"] as? [String: String])?["field"] == "after")
      let replay = try await server.client.stream(
        "/api/v1/events/stream", headers: ["Last-Event-ID": "3"], afterConnect: {}, until: { $0.contains("id: 4") })
      #expect(replay.contains("id: 4"))
      #expect(!replay.contains("id: 3\n"))
    }
  }

  @Test(
    "given a stream open, when a bulk load defers the projections and later catches up, then a caught-up frame names the head"
  )
  func serverSentEventsSayWhenDeferredProjectionsCatchUp() async throws {
    try await TestServer.with(heartbeat: .milliseconds(200)) { server in
      let ledger = server.ledger
      let text = try await server.client.stream(
        "/api/v1/events/stream",
        afterConnect: {
          let day = try CivilDate(year: 2024, month: 3, day: 15)
          let account = try #require(ledger.state.accounts.keys.first)
          let food = try ledger.state.category(named: "Food").id
          let commands = (0..<5).map { index in
            BatchCommand(
              .addTransaction(
                TransactionAdded(
                  transaction: TransactionID(raw: .random()), account: account, date: day,
                  amount: try! Money(parsing: "\(index + 1).00", currency: .eur), type: .expense, category: food,
                  name: "Bulk \(index)")))
          }
          let results = try await ledger.execute(batch: commands, projecting: .deferred)
          for case .failure(let error) in results { Issue.record("the bulk batch was refused: \(error)") }
          // Long enough for the stream to see the projections behind.
          try await Task.sleep(for: .milliseconds(2_500))  // the stream looks every second
          try await ledger.catchUpProjections()
        },
        until: { $0.contains("event: caught-up") })
      let head = Int(ledger.position)
      #expect(text.contains("event: caught-up\ndata: {\"position\":\(head)}"), "\(text)")
    }
  }

  @Test("given a ledger, when the owner downloads a backup, then it is every event, restorable, and a device may not")
  func backupDownload() async throws {
    try await TestServer.with { server in
      // When the owner asks for the backup
      let backup = try await server.get("/api/v1/backup")
      // Then it is a download of every event, which a restore reads back
      #expect(backup.status == 200)
      #expect(backup.header("Content-Disposition")?.hasPrefix("attachment; filename=\"budget-backup-") == true)
      #expect(backup.header("Cache-Control") == "no-store")
      let (events, _) = try Backup.contents(from: backup.body)
      #expect(events.count == Int(server.ledger.position))
      #expect(events.first?.event.typeName == "LedgerCreated")
      // And a device's token is refused
      let token = try server.addDevice("phone")
      let refused = try await server.get("/api/v1/backup", headers: TestServer.bearer(token))
      #expect(refused.status == 403)
      #expect(refused.json["code"] as? String == "owner_only")
    }
  }

  @Test func verifyProjectionsAndUndo() async throws {
    try await TestServer.with { server in
      let verify = try await server.get("/api/v1/verify")
      #expect(verify.json["ok"] as? Bool == true)
      #expect((verify.json["problems"] as? [String])?.isEmpty == true)
      let deep = try await server.get("/api/v1/verify?deep=true")
      #expect(deep.json["ok"] as? Bool == true, "the rules' stored state equals a fold of the log")
      #expect(try await server.get("/api/v1/verify?deep=maybe").status == 400)
      let projections = try await server.get("/api/v1/projections")
      let items = try #require(projections.json["items"] as? [[String: Any]])
      #expect(items.count >= 4)
      #expect(items.allSatisfy { $0["lag"] as? Int == 0 })
      let undone = try await server.post("/api/v1/undo", "{}", headers: ["Idempotency-Key": "undo-1"])
      #expect(undone.status == 200)
      #expect(undone.json["events"] as? [String: Int] == ["TransactionDeleted": 1])
      #expect(undone.json["eventCount"] as? Int == 1)
      #expect(undone.json["summary"] as? String == "transaction 'Pizza' 20.00 deleted")
      #expect((undone.json["changes"] as? [[String: Any]])?.map { $0["change"] as? String } == ["transaction deleted"])
      #expect((undone.json["undone"] as? [String: Any])?["events"] as? [String: Int] == ["TransactionAdded": 1])
      let list = try await server.get("/api/v1/transactions/search?q=pizza")
      #expect((list.json["rows"] as? [[String: Any]])?.isEmpty == true)
      // Retried: the first undo's answer again, not an undo of the command before it.
      let retried = try await server.post("/api/v1/undo", "{}", headers: ["Idempotency-Key": "undo-1"])
      #expect(retried.status == 200 && retried.body == undone.body && retried.header("Idempotent-Replayed") == "true")
      let market = try await server.get("/api/v1/transactions/search?q=market")
      #expect((market.json["rows"] as? [[String: Any]])?.count == 1)
    }
  }
}
