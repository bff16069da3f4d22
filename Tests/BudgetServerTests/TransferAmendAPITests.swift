import Foundation
import LedgerTesting
import Testing

/// `PATCH /transfers/{id}`: a transfer amended in one step, under a new id, that one undo
/// takes back.
@Suite struct TransferAmendAPITests {
  @Test(
    "given a transfer of 100, when it is amended to 250 on another day, then balances move by 250, the answer names the new transfer, and one undo brings back the 100"
  )
  func amendAndUndo() async throws {
    try await TestServer.with { server in
      #expect(
        try await server.post(
          "/api/v1/accounts", #"{"name": "Savings", "type": "savings", "opening": "0", "date": "2024-01-01"}"#
        ).status == 201)
      let made = try await server.post(
        "/api/v1/transfers", #"{"amount": "100", "from": "Checking", "to": "Savings", "date": "2024-03-14"}"#)
      #expect(made.status == 201, "\(made.text)")
      let old = try #require(made.json["id"] as? String)

      let amended = try await server.client.send(
        "PATCH", "/api/v1/transfers/\(old.suffix(8))",
        json: #"{"amount": "250", "date": "2024-03-15", "note": "rent share"}"#)
      #expect(amended.status == 200, "\(amended.text)")
      let new = try #require(amended.json["id"] as? String)
      #expect(new != old && amended.json["events"] as? [String] == ["TransferMade", "TransferCancelled"])
      // Checking: 1,000 − 42.50 − 20 − 250 = 687.50; Savings 250.
      let balances = try await server.get("/api/v1/reports/balances")
      let accounts = try #require(balances.json["accounts"] as? [[String: Any]])
      #expect(accounts.first { $0["account"] as? String == "Checking" }?["balance"] as? String == "687.50")
      #expect(accounts.first { $0["account"] as? String == "Savings" }?["balance"] as? String == "250.00")

      // The old id is gone from the log; amending it again is refused, and so is no change.
      #expect(
        try await server.client.send("PATCH", "/api/v1/transfers/\(old.suffix(8))", json: #"{"amount": "5"}"#).status
          == 404)
      let same = try await server.client.send(
        "PATCH", "/api/v1/transfers/\(new.suffix(8))", json: #"{"amount": "250"}"#)
      #expect(same.status == 422 && same.text.contains("nothing to change"), "\(same.text)")

      // One undo: the 100 on the 14th again.
      #expect(try await server.post("/api/v1/undo", "{}").status == 200)
      let undone = try #require(try await server.get("/api/v1/reports/balances").json["accounts"] as? [[String: Any]])
      #expect(undone.first { $0["account"] as? String == "Checking" }?["balance"] as? String == "837.50")
      #expect(undone.first { $0["account"] as? String == "Savings" }?["balance"] as? String == "100.00")
    }
  }
}
