import Foundation
import Ledger
import LedgerTesting
import Testing

/// A write's answer lists what it left that is probably not meant: a budget account below
/// zero, a goal past its target.
@Suite struct WarningAPITests {
  @Test(
    "given checking at 937.50, when an expense of 1,000.00 is added, then 201 with a warning that checking is now -62.50; a replay says the same; a small expense says nothing"
  )
  func accountWarning() async throws {
    try await TestServer.with { server in
      let headers = ["Idempotency-Key": "rent-1"]
      let body = #"{"amount": "1000", "name": "Rent", "category": "Bills", "date": "2024-03-20"}"#

      let added = try await server.post("/api/v1/transactions", body, headers: headers)

      #expect(added.status == 201)
      let warnings = try #require(added.json["warnings"] as? [[String: Any]])
      #expect(warnings.count == 1)
      #expect(warnings.first?["code"] as? String == "account_below_zero")
      #expect(warnings.first?["message"] as? String == "Checking is now -62.50")
      let replayed = try await server.post("/api/v1/transactions", body, headers: headers)
      #expect(replayed.header("Idempotent-Replayed") == "true")
      #expect(replayed.text == added.text)
      // A transfer out of it: −62.50 − 10.00 = −72.50
      #expect(
        try await server.post("/api/v1/accounts", #"{"name": "Savings", "type": "savings", "date": "2024-01-01"}"#)
          .status == 201)
      let transfer = try await server.post(
        "/api/v1/transfers", #"{"amount": "10", "from": "Checking", "to": "Savings"}"#)
      #expect(
        (transfer.json["warnings"] as? [[String: Any]])?.map { $0["message"] as? String } == ["Checking is now -72.50"])
      // Income of 100.00 raises it to 27.50: nothing to say
      let income = try await server.post(
        "/api/v1/transactions",
        #"{"amount": "100", "type": "income", "name": "Gift", "category": "Income", "account": "Checking"}"#)
      #expect((income.json["warnings"] as? [Any])?.isEmpty == true, "\(income.text)")
      // An autopay bill of 50.00 posted by POST /schedules/post: 27.50 − 50.00 = −22.50
      let schedule = try await server.post(
        "/api/v1/schedules",
        #"{"name": "Gym", "amount": "50", "account": "Checking", "category": "Bills", "every": "month", "day": 15, "start": "2024-03-15", "autopay": true}"#
      )
      #expect(schedule.status == 201, "\(schedule.text)")
      #expect((schedule.json["warnings"] as? [Any])?.isEmpty == true)
      let posted = try await server.post("/api/v1/schedules/post", "{}")
      #expect(posted.status == 200, "\(posted.text)")
      #expect(
        (posted.json["warnings"] as? [[String: Any]])?.map { $0["message"] as? String } == ["Checking is now -22.50"],
        "\(posted.text)")
    }
  }

  @Test(
    "given a 500.00 goal on savings, when 800.00 is contributed from checking (937.50), then the answer warns the goal is at 160.0 %"
  )
  func goalWarning() async throws {
    try await TestServer.with { server in
      #expect(
        try await server.post("/api/v1/accounts", #"{"name": "Savings", "type": "savings", "date": "2024-01-01"}"#)
          .status == 201)
      #expect(
        try await server.post("/api/v1/goals", #"{"name": "Holiday", "target": "500", "account": "Savings"}"#).status
          == 201)

      let contributed = try await server.post(
        "/api/v1/goals/Holiday/contributions", #"{"amount": "800", "account": "Checking"}"#)

      #expect(contributed.status == 201 || contributed.status == 200, "\(contributed.text)")
      let warnings = contributed.json["warnings"] as? [[String: Any]] ?? []
      #expect(warnings.map { $0["code"] as? String } == ["goal_past_target"], "checking keeps 137.50")
      #expect(
        warnings.first?["message"] as? String == "goal 'Holiday' is now 160.0 % of its target (800.00 of 500.00)")
    }
  }
}
