import Foundation
import Ledger
import LedgerTesting
import Testing

/// `POST /undo` and `POST /redo`: a transaction and the bill it paid are one step, said in
/// words; redo re-applies it, only right after the undo. The test server's today is 2024-03-20.
@Suite struct UndoRedoAPITests {
  static let broadband =
    #"{"name": "Broadband", "amount": "39.99", "account": "Checking", "category": "Bills", "every": "month", "day": 11, "start": "2024-01-11"}"#

  func statuses(_ server: TestServer) async throws -> [String?] {
    let occurrences = try await server.get("/api/v1/schedules/Broadband/occurrences?from=2024-03-01&to=2024-03-31")
    return (occurrences.json["items"] as? [[String: Any]] ?? []).map { $0["status"] as? String }
  }

  @Test(
    "given a transaction that paid a bill, when undone and redone, then each is one step said in words; a second redo is refused"
  )
  func undoAndRedoOneAction() async throws {
    try await TestServer.with { server in
      #expect(try await server.post("/api/v1/schedules", Self.broadband).status == 201)
      let added = try await server.post(
        "/api/v1/transactions",
        #"{"amount": "39.99", "name": "Broadband Telekom", "category": "Bills", "date": "2024-03-11"}"#)
      #expect(added.status == 201)
      #expect(try await statuses(server) == ["paid"])

      let undone = try await server.post("/api/v1/undo", "{}")

      #expect(undone.status == 200)
      #expect(undone.json["kind"] as? String == "undo")
      #expect(
        undone.json["summary"] as? String
          == "transaction 'Broadband Telekom' 39.99 deleted; bill 'Broadband' of 2024-03-11 unpaid again")
      #expect((undone.json["undone"] as? [String: Any])?["eventCount"] as? Int == 2)
      #expect(try await statuses(server) == ["overdue"])

      let redone = try await server.post("/api/v1/redo", "{}", headers: ["Idempotency-Key": "redo-1"])

      #expect(redone.status == 200)
      #expect(redone.json["kind"] as? String == "redo")
      #expect(
        redone.json["details"] as? [String] == [
          "transaction 'Broadband Telekom' 39.99 restored", "bill 'Broadband' of 2024-03-11 paid",
        ])
      #expect(redone.header("X-Ledger-Position") == String(server.ledger.position))
      #expect(try await statuses(server) == ["paid"])
      // Retried: the same answer, nothing recorded again.
      let retried = try await server.post("/api/v1/redo", "{}", headers: ["Idempotency-Key": "redo-1"])
      #expect(retried.status == 200 && retried.body == redone.body && retried.header("Idempotent-Replayed") == "true")
      // Nothing left to redo: refused, nothing recorded.
      let head = server.ledger.position
      let again = try await server.post("/api/v1/redo", "{}")
      #expect(again.status == 422)
      #expect((again.json["message"] as? String)?.contains("nothing to redo") == true, "\(again.text)")
      #expect(server.ledger.position == head)
    }
  }

  @Test("given a change recorded after an undo, when redone, then 422 says why and nothing is recorded")
  func redoRefusedAfterAChange() async throws {
    try await TestServer.with { server in
      #expect(try await server.post("/api/v1/undo", "{}").status == 200)
      let bread = try await server.post(
        "/api/v1/transactions", #"{"amount": "3", "name": "Bread", "category": "Food", "date": "2024-03-19"}"#)
      #expect(bread.status == 201)
      let head = server.ledger.position

      let refused = try await server.post("/api/v1/redo", "{}")

      #expect(refused.status == 422)
      #expect(
        (refused.json["message"] as? String)?.contains(
          "a change was recorded after the undo; redo is only possible right after undo") == true, "\(refused.text)")
      #expect(server.ledger.position == head)
    }
  }
}
