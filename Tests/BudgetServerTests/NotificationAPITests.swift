import Foundation
import Ledger
import LedgerTesting
import Testing

/// `GET /api/v1/notifications`, and the `warnings` a write answers when it brings a budget
/// to a threshold. The test server's today is 2024-03-20; Market (Food, 42.50) and Pizza
/// (Restaurants, 20.00) were spent in March.
@Suite struct NotificationAPITests {
  @Test(
    "given 50 for Food in March with 42.50 spent, when 5 more is spent, then the write warns of 90 % and the list has 75 % and 90 %, and as known before, only 75 %; an undo and a redo answer the same way"
  )
  func aWriteWarnsAndTheListKeepsIt() async throws {
    try await TestServer.with { server in
      // Given 50 for Food: 42.50 is 85 %
      let put = try await server.client.send(
        "PUT", "/api/v1/budget/2024-03/categories/Food", json: #"{"amount": "50"}"#)
      #expect(put.status == 200)
      let before = server.ledger.position
      #expect(
        (try await server.get("/api/v1/notifications").json["items"] as? [[String: Any]])?.map {
          $0["threshold"] as? String
        } == ["75"])

      // When 5 more is spent: 47.50 is 95 %
      let spent = try await server.post(
        "/api/v1/transactions",
        #"{"amount": "5", "name": "Bakery", "category": "Food", "account": "Checking", "date": "2024-03-19"}"#)
      #expect(spent.status == 201)
      let warnings = try #require(spent.json["warnings"] as? [[String: Any]])
      #expect(warnings.map { $0["code"] as? String } == ["budget_threshold"])
      #expect(warnings.first?["message"] as? String == "Food has used 90 % of its budget for 2024-03 (47.50 of 50.00)")

      // Then the list has both, newest first, with the transaction that reached 90 %
      let listed = try await server.get("/api/v1/notifications").json
      let items = try #require(listed["items"] as? [[String: Any]])
      #expect(items.map { $0["threshold"] as? String } == ["90", "75"])
      #expect(items.first?["transaction"] as? String == spent.json["id"] as? String)
      #expect(items.allSatisfy { $0["category"] as? String == "Food" && $0["month"] as? String == "2024-03" })
      let earlier = try await server.get("/api/v1/notifications?asKnownAt=\(before)").json
      #expect((earlier["items"] as? [[String: Any]])?.count == 1)
      #expect(earlier["position"] as? Int == Int(before))

      // When the bakery is undone, nothing is reached; when it is redone, 90 % is, and the
      // redo's answer says so
      let undone = try await server.post("/api/v1/undo", "{}")
      #expect(undone.status == 200 && (undone.json["warnings"] as? [Any])?.isEmpty == true, "\(undone.text)")
      let redone = try await server.post("/api/v1/redo", "{}")
      let again = try #require(redone.json["warnings"] as? [[String: Any]])
      #expect(again.map { $0["code"] as? String } == ["budget_threshold"])
      #expect(again.first?["message"] as? String == "Food has used 90 % of its budget for 2024-03 (47.50 of 50.00)")
    }
  }
}
