import Foundation
import Ledger
import LedgerDomain
import LedgerTesting
import Testing

/// Savings goals through the API. The test server's today is 2024-03-20; Checking holds 1,000.00.
@Suite struct GoalAPITests {
  @Test func aGoalRecordedBeforeTheServerStartedIsFoundByIdAndName() async throws {
    let goal = GoalID.random()
    try await TestServer.with(empty: true, before: { ledger in
      // Given a ledger whose goal was added before the server started
      let savings = AccountID.random()
      let euros = { (text: String) throws -> Money in try Money(parsing: text, currency: .eur) }
      try await ledger.execute(.createLedger(LedgerCreated(name: "Test", baseCurrency: .eur)))
      try await ledger.execute(
        .openAccount(
          OpenAccount(
            account: savings, name: "Savings", type: .savings, openingBalance: try euros("500"),
            date: try CivilDate(year: 2024, month: 1, day: 1))))
      try await ledger.execute(
        .addGoal(
          GoalAdded(
            goal: goal, settings: GoalSettings(name: "Trip", goalKind: .vacation, target: try euros("1000")),
            startDate: try CivilDate(year: 2024, month: 1, day: 1), funding: .account(savings))))
    }) { server in
      // Then it is found by its id and by its name, and takes contributions
      let byID = try await server.get("/api/v1/goals/\(goal)")
      #expect(byID.status == 200, "\(byID.text)")
      #expect(try await server.get("/api/v1/goals/Trip").json["saved"] as? String == "500.00")
      let opened = try await server.post(
        "/api/v1/accounts", #"{"name": "Checking", "type": "checking", "opening": "100", "date": "2024-01-01"}"#)
      #expect(opened.status == 201, "\(opened.text)")
      let contributed = try await server.post(
        "/api/v1/goals/\(goal)/contributions", #"{"amount": "25", "account": "Checking"}"#)
      #expect(contributed.status == 201, "\(contributed.text)")
      #expect(try await server.get("/api/v1/goals/Trip").json["saved"] as? String == "525.00")
    }
  }

  @Test func aGoalIsAddedFundedChangedAndCompleted() async throws {
    try await TestServer.with { server in
      // Given a savings account and a goal on it
      let savings = try await server.post(
        "/api/v1/accounts", #"{"name": "Savings", "type": "savings", "date": "2024-01-01"}"#)
      #expect(savings.status == 201, "\(savings.text)")
      let added = try await server.post(
        "/api/v1/goals",
        #"{"name": "Trip", "target": "1200", "targetDate": "2024-12-31", "kind": "vacation", "account": "Savings", "onBudgetSheet": true}"#
      )
      #expect(added.status == 201, "\(added.text)")
      let id = try #require(added.json["id"] as? String, "the created goal's id: \(added.text)")
      #expect(try await server.get("/api/v1/goals/\(id)").json["name"] as? String == "Trip")
      // When 300.00 is contributed from checking and 50.00 withdrawn back
      let contributed = try await server.post(
        "/api/v1/goals/Trip/contributions", #"{"amount": "300", "account": "Checking", "source": "windfall"}"#)
      #expect(contributed.status == 201, "\(contributed.text)")
      let withdrawn = try await server.post(
        "/api/v1/goals/Trip/withdrawals", #"{"amount": "50", "account": "Checking"}"#)
      #expect(withdrawn.status == 201, "\(withdrawn.text)")
      // Then the goal has 250.00 of 1,200.00: 950.00 left over March–December (10 months)
      let shown = try await server.get("/api/v1/goals/Trip")
      #expect(shown.status == 200, "\(shown.text)")
      #expect(shown.json["saved"] as? String == "250.00")
      #expect(shown.json["left"] as? String == "950.00")
      #expect(shown.json["monthlyNeed"] as? String == "95.00")
      #expect(
        (shown.json["entries"] as? [[String: Any]])?.map { $0["type"] as? String } == ["contribution", "withdrawal"])
      // And the money really moved: checking has 687.50 (1,000.00 less the seeded 62.50 and the 300.00 saved, plus the 50.00 back)
      let balances = try await server.get("/api/v1/reports/balances")
      #expect(balances.text.contains("\"balance\":\"687.50\""), "\(balances.text)")
      // And March's budget sheet sets aside its need: 1,200.00 (nothing saved by the end of
      // February) over March–December, 120.00
      let sheet = try await server.get("/api/v1/budget/2024-03")
      let line = try #require((sheet.json["goals"] as? [[String: Any]])?.first, "\(sheet.text)")
      #expect(line["name"] as? String == "Trip" && line["monthlyNeed"] as? String == "120.00")
      #expect(line["counted"] as? Bool == true)
      // And a change, the list, completion
      let changed = try await server.client.send(
        "PATCH", "/api/v1/goals/Trip", json: #"{"target": "1500", "name": "Lisbon"}"#)
      #expect(changed.status == 200, "\(changed.text)")
      let list = try await server.get("/api/v1/goals")
      #expect((list.json["items"] as? [[String: Any]])?.first?["name"] as? String == "Lisbon")
      let completed = try await server.post("/api/v1/goals/Lisbon/complete", "{}")
      #expect(completed.status == 200, "\(completed.text)")
      let late = try await server.post(
        "/api/v1/goals/Lisbon/contributions", #"{"amount": "10", "account": "Checking"}"#)
      #expect(late.status == 422, "\(late.text)")
      #expect(try await server.post("/api/v1/goals/Lisbon/archive", "{}").status == 200)
    }
  }

  @Test func goalsNeedTheToken() async throws {
    try await TestServer.with { server in
      let before = server.ledger.position
      #expect(try await server.client.anonymous.send("GET", "/api/v1/goals").status == 401)
      let write = try await server.client.anonymous.send(
        "POST", "/api/v1/goals", json: #"{"name": "X", "target": "10", "account": "Checking"}"#)
      #expect(write.status == 401)
      #expect(server.ledger.position == before)
    }
  }

  @Test func badGoalsAreTheClientsErrors() async throws {
    try await TestServer.with { server in
      let zero = try await server.post("/api/v1/goals", #"{"name": "X", "target": "0", "account": "Checking"}"#)
      #expect(zero.status == 422, "\(zero.text)")
      let past = try await server.post(
        "/api/v1/goals", #"{"name": "X", "target": "10", "targetDate": "2024-01-01", "account": "Checking"}"#)
      #expect(past.status == 422, "\(past.text)")
      let both = try await server.post(
        "/api/v1/goals", #"{"name": "X", "target": "10", "account": "Checking", "category": "Food"}"#)
      #expect(both.status == 400, "\(both.text)")
      _ = try await server.post("/api/v1/goals", #"{"name": "Trip", "target": "10", "account": "Checking"}"#)
      let missing = try await server.get("/api/v1/goals/Trpi")
      #expect(missing.status == 404)
      #expect(missing.text.contains("did you mean 'Trip'"), "\(missing.text)")
    }
  }
}
