import Foundation
import Ledger
import LedgerTesting
import Testing

/// Account roles and the sheet's available funds, over HTTP.
@Suite struct AccountRoleAPITests {
  @Test(
    "given checking at 937.50, a card owing 120.00 and a car loan owing 9,000.00, when the sheet is read, then available funds are 817.50 and name the loan as not counted; the loan set to budget counts it, as known before it does not"
  )
  func availableFundsAndRoles() async throws {
    try await TestServer.with { server in
      for body in [
        #"{"name": "Card", "type": "credit-card", "opening": "-120", "date": "2024-01-01"}"#,
        #"{"name": "Car loan", "type": "loan", "opening": "-9000", "date": "2024-01-01"}"#,
      ] {
        #expect(try await server.post("/api/v1/accounts", body).status == 201)
      }
      let accounts = try await server.get("/api/v1/accounts")
      let roles = (accounts.json["items"] as? [[String: Any]])?.map { "\($0["name"]!)=\($0["role"]!)" }
      #expect(roles == ["Car loan=tracking", "Card=budget", "Checking=budget"])

      // 937.50 − 120.00 = 817.50 (the loan's −9,000.00 left out)
      let sheet = try await server.get("/api/v1/budget/2024-03")
      #expect(sheet.json["availableFunds"] as? String == "817.50")
      let counted = sheet.json["fundsAccounts"] as? [[String: Any]] ?? []
      #expect(counted.map { $0["name"] as? String } == ["Card", "Checking"])
      #expect(counted.map { $0["balance"] as? String } == ["-120.00", "937.50"])
      #expect((sheet.json["trackingAccounts"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Car loan"])

      let set = try await server.post("/api/v1/accounts/Car%20loan/role", #"{"role": "budget"}"#)
      #expect(set.status == 200, "\(set.text)")
      #expect(set.json["events"] as? [String] == ["AccountRoleChanged"])
      #expect((set.json["warnings"] as? [Any])?.isEmpty == true)
      // 937.50 − 120.00 − 9,000.00 = −8,182.50
      #expect(try await server.get("/api/v1/budget/2024-03").json["availableFunds"] as? String == "-8182.50")
      let before = try #require(set.json["positions"] as? [Int]).first! - 1
      let then = try await server.get("/api/v1/budget/2024-03?asKnownAt=\(before)")
      #expect(then.json["availableFunds"] as? String == "817.50")
      #expect(try await server.get("/api/v1/accounts/Car%20loan").json["role"] as? String == "budget")

      let again = try await server.post("/api/v1/accounts/Car%20loan/role", #"{"role": "budget"}"#)
      #expect(again.status == 422)
      #expect(
        (again.json["message"] as? String)?.contains("'Car loan' is already a budget account") == true, "\(again.text)")
      let bad = try await server.post("/api/v1/accounts/Car%20loan/role", #"{"role": "asset"}"#)
      #expect(bad.status == 400)
      #expect(try await server.get("/api/v1/budget/2024-03").json["availableFunds"] as? String == "-8182.50")
    }
  }
}
