import Foundation
import Ledger
import LedgerTesting
import Testing

/// Debts and payoff plans through the API. The test server's today is 2024-03-20.
@Suite struct DebtAPITests {
  @Test func aDebtIsAddedItsTermsChangeAndItsPlanIsAnswered() async throws {
    try await TestServer.with { server in
      // Given a credit-card account owing 500.00 with a debt on it
      let card = try await server.post(
        "/api/v1/accounts", #"{"name": "Card", "type": "credit-card", "opening": "-500", "date": "2024-01-01"}"#)
      #expect(card.status == 201, "\(card.text)")
      let added = try await server.post(
        "/api/v1/debts", #"{"name": "Visa", "account": "Card", "apr": "10", "minimum": "25", "dueDay": 15}"#)
      #expect(added.status == 201, "\(added.text)")
      // When its minimum changes from April and the plan is asked for
      let changed = try await server.post("/api/v1/debts/Visa/terms", #"{"minimum": "40", "from": "2024-04-01"}"#)
      #expect(changed.status == 200, "\(changed.text)")
      let shown = try await server.get("/api/v1/debts/Visa")
      let terms = try #require(shown.json["terms"] as? [[String: Any]])
      #expect(terms.map { $0["minimum"] as? String } == ["25.00", "40.00"])
      #expect(shown.json["owed"] as? String == "500.00")
      let plan = try await server.get("/api/v1/debts/plan?strategy=minimums&from=2024-04")
      // Then April's plan pays the minimum in force from April (40.00), money as exact strings
      #expect(plan.status == 200, "\(plan.text)")
      #expect(plan.json["strategy"] as? String == "minimums")
      #expect((plan.json["debts"] as? [[String: Any]])?.first?["name"] as? String == "Visa")
      let first = try #require((plan.json["months"] as? [[String: Any]])?.first)
      #expect(first["interest"] as? [String] == ["4.17"])
      #expect(first["payments"] as? [String] == ["40.00"])
      #expect(plan.json["extraNeeded"] == nil)
    }
  }

  @Test func debtFreeByAnswersTheExtraNeeded() async throws {
    try await TestServer.with { server in
      // Given a card owing 500.00 at 10 %, minimum 25.00 (paid off in 22 months alone)
      _ = try await server.post(
        "/api/v1/accounts", #"{"name": "Card", "type": "credit-card", "opening": "-500", "date": "2024-01-01"}"#)
      _ = try await server.post("/api/v1/debts", #"{"name": "Visa", "account": "Card", "apr": "10", "minimum": "25"}"#)
      // When it should be paid off by April 2024, its first month
      let plan = try await server.get("/api/v1/debts/plan?strategy=avalanche&by=2024-04")
      // Then all of it, 504.17 with April's interest, is needed: 479.17 beyond the minimum
      #expect(plan.status == 200, "\(plan.text)")
      #expect(plan.json["by"] as? String == "2024-04")
      #expect(plan.json["extraNeeded"] as? String == "479.17")
      #expect(plan.json["onTrack"] as? Bool == false)
      let enough = try await server.get("/api/v1/debts/plan?strategy=avalanche&by=2024-04&extra=479.17")
      #expect(enough.json["onTrack"] as? Bool == true)
      #expect(enough.json["payoffMonth"] as? String == "2024-04")
      // And a month before the plan's first, or not a month, is refused
      #expect(try await server.get("/api/v1/debts/plan?by=2024-03").status == 422)
      #expect(try await server.get("/api/v1/debts/plan?by=soon").status == 400)
    }
  }

  @Test func badDebtsAreTheClientsErrors() async throws {
    try await TestServer.with { server in
      // A checking account is refused as a debt's (422), an APR over 100 % too, an unknown
      // debt is 404 with a suggestion, and a plan without debts says why (422)
      let checking = try await server.post(
        "/api/v1/debts", #"{"name": "X", "account": "Checking", "apr": "5", "minimum": "10"}"#)
      #expect(checking.status == 422, "\(checking.text)")
      #expect(try await server.get("/api/v1/debts/plan").status == 422)
      _ = try await server.post(
        "/api/v1/accounts", #"{"name": "Card", "type": "credit-card", "opening": "-500", "date": "2024-01-01"}"#)
      let steep = try await server.post(
        "/api/v1/debts", #"{"name": "X", "account": "Card", "apr": "101", "minimum": "10"}"#)
      #expect(steep.status == 422, "\(steep.text)")
      _ = try await server.post("/api/v1/debts", #"{"name": "Visa", "account": "Card", "apr": "5", "minimum": "10"}"#)
      let missing = try await server.get("/api/v1/debts/Viza")
      #expect(missing.status == 404)
      #expect(missing.text.contains("did you mean 'Visa'"))
      #expect(try await server.get("/api/v1/debts/plan?strategy=custom").status == 400)
    }
  }

  @Test func debtsAreListedAndARemovedOneLeavesTheList() async throws {
    try await TestServer.with { server in
      // Given two cards, each with a debt
      for (account, debt) in [("Card", "Visa"), ("Store card", "Store")] {
        let opened = try await server.post(
          "/api/v1/accounts",
          #"{"name": "\#(account)", "type": "credit-card", "opening": "-200", "date": "2024-01-01"}"#)
        #expect(opened.status == 201, "\(opened.text)")
        let added = try await server.post(
          "/api/v1/debts", #"{"name": "\#(debt)", "account": "\#(account)", "apr": "12", "minimum": "20"}"#)
        #expect(added.status == 201, "\(added.text)")
      }
      let listed = try await server.get("/api/v1/debts")
      #expect(listed.status == 200, "\(listed.text)")
      let names = (listed.json["items"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
      #expect(names?.sorted() == ["Store", "Visa"])
      // When a debt that is not there is removed: 404 with a suggestion; nothing changes
      let typo = try await server.client.send("DELETE", "/api/v1/debts/Vsa?reason=paid%20off")
      #expect(typo.status == 404 && typo.text.contains("Visa"), "\(typo.text)")
      // When Visa is removed
      let removed = try await server.client.send("DELETE", "/api/v1/debts/Visa?reason=paid%20off")
      #expect((200..<300).contains(removed.status), "\(removed.text)")
      // Then the list holds Store only, and Visa's page is gone
      let after = try await server.get("/api/v1/debts")
      #expect((after.json["items"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Store"])
      #expect(try await server.get("/api/v1/debts/Visa").status == 404)
      // and its history, by name, ends in its removal
      let history = try await server.get("/api/v1/history/debt/Visa")
      #expect(history.status == 200 && history.text.contains("DebtRemoved"), "\(history.text)")
    }
  }
}
