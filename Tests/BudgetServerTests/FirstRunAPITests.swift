import Foundation
import LedgerTesting
import Testing

/// `POST /ledger` with its first accounts and categories: the web app's first run, in one
/// request that sets up all of it or nothing.
@Suite("First run: the ledger, its accounts and categories in one request")
struct FirstRunAPITests {
  @Test(
    "given an empty ledger, when it is created with two accounts and Income alone, then all of it is there"
  )
  func createsTheLedgerWithItsAccountsAndCategories() async throws {
    try await TestServer.with(empty: true) { server in
      let created = try await server.post(
        "/api/v1/ledger",
        #"{"name": "Home", "currency": "USD", "categories": "income-only", "accounts": [{"name": "Checking", "opening": "1200.50"}, {"name": "Visa", "type": "credit-card", "opening": "-300"}]}"#
      )
      #expect(created.status == 201)
      let events = try #require(created.json["events"] as? [String])
      #expect(events.first == "LedgerCreated" && events.filter { $0 == "AccountOpened" }.count == 2)

      let accounts = try #require(try await server.get("/api/v1/accounts").json["items"] as? [[String: Any]])
      #expect(accounts.map { $0["name"] as? String } == ["Checking", "Visa"])
      #expect(accounts.map { $0["balance"] as? String } == ["1200.50", "-300.00"])
      #expect(accounts.allSatisfy { $0["currency"] as? String == "USD" })
      let categories = try #require(try await server.get("/api/v1/categories").json["items"] as? [[String: Any]])
      #expect(categories.map { $0["name"] as? String } == ["Income"])
    }
  }

  @Test(
    "given an empty ledger, when one of its accounts is refused, then the answer says why and no ledger is created"
  )
  func aRefusedAccountLeavesNoLedger() async throws {
    try await TestServer.with(empty: true) { server in
      let refused = try await server.post(
        "/api/v1/ledger",
        #"{"name": "Home", "currency": "USD", "accounts": [{"name": "Checking", "opening": "10"}, {"name": "Visa", "opening": "12.345"}]}"#
      )
      #expect(refused.status == 422)
      #expect((refused.json["message"] as? String)?.contains("12.345") == true)
      let badSet = try await server.post("/api/v1/ledger", #"{"name": "Home", "categories": "all"}"#)
      #expect(badSet.status == 400)
      #expect((badSet.json["message"] as? String)?.contains("default, workbook or income-only") == true)
      let badType = try await server.post(
        "/api/v1/ledger", #"{"name": "Home", "accounts": [{"name": "Pot", "type": "jar"}]}"#)
      #expect(badType.status == 400)
      #expect((badType.json["details"] as? [String: Any])?["field"] as? String == "accounts[0].type")

      let ledger = try await server.get("/api/v1/ledger")
      #expect(ledger.json["created"] as? Bool == false && ledger.json["position"] as? Int == 0)
    }
  }

  @Test("given an empty ledger, when it is created with the workbook's categories, then they replace the default ones")
  func createsTheWorkbooksCategories() async throws {
    try await TestServer.with(empty: true) { server in
      #expect(try await server.post("/api/v1/ledger", #"{"name": "Home", "categories": "workbook"}"#).status == 201)
      let categories = try #require(try await server.get("/api/v1/categories").json["items"] as? [[String: Any]])
      let types = Dictionary(
        uniqueKeysWithValues: categories.compactMap { c in
          (c["name"] as? String).map { ($0, c["budgetType"] as? String) }
        })
      #expect(types.count == 12 && types["Food"] == nil && types["Income"] != nil)
      #expect(types["Rent"] == "fixed" && types["Groceries"] == "variable" && types["Gifts"] == "quarterly")
    }
  }

  @Test(
    "given an empty ledger, when the demo is asked for, then the sample household is there; asked again, or with other fields, it is refused and nothing changes"
  )
  func createsTheDemo() async throws {
    try await TestServer.with(empty: true) { server in
      for other in [#""name": "Mine""#, #""firstDayOfWeek": 7"#, #""fiscalYearStartMonth": 4"#] {
        let mixed = try await server.post("/api/v1/ledger", #"{"demo": true, \#(other)}"#)
        #expect(mixed.status == 400, "\(other)")
        #expect((mixed.json["details"] as? [String: Any])?["field"] as? String == "demo")
      }
      #expect(try await server.get("/api/v1/ledger").json["created"] as? Bool == false)

      let created = try await server.post("/api/v1/ledger", #"{"demo": true}"#)
      #expect(created.status == 201)
      let events = try #require(created.json["events"] as? [String])
      #expect(events.first == "LedgerCreated" && events.contains("ScheduleCreated") && events.contains("GoalAdded"))
      let ledger = try await server.get("/api/v1/ledger")
      #expect(ledger.json["name"] as? String == "Demo household")
      let position = try #require(ledger.json["position"] as? Int)
      let accounts = try #require(try await server.get("/api/v1/accounts").json["items"] as? [[String: Any]])
      #expect(
        Set(accounts.compactMap { $0["name"] as? String }).isSuperset(of: ["Checking", "Savings", "Credit card"]))

      let again = try await server.post("/api/v1/ledger", #"{"demo": true}"#)
      #expect(again.status == 409 || again.status == 422)
      #expect(try await server.get("/api/v1/ledger").json["position"] as? Int == position)
    }
  }
}
