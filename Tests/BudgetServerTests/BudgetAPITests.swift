import Foundation
import Ledger
import LedgerTesting
import ProjectionEngine
import Testing

/// The budget sheet and its commands, and the reports on both time axes.
@Suite struct BudgetAPITests {
  @Test func setBudgetAndSeeRemainingToAssign() async throws {
    try await TestServer.with { server in
      #expect(
        try await server.client.send("PUT", "/api/v1/budget/2024-03/income/Salary", json: #"{"amount": "3000"}"#).status
          == 200)
      let set = try await server.client.send(
        "PUT", "/api/v1/budget/2024-03/categories/Food", json: #"{"amount": "450"}"#)
      #expect(set.status == 200)
      #expect(set.json["stream"] as? String == "budget-2024-03")
      #expect(
        try await server.client.send(
          "PUT", "/api/v1/budget/2024-03/categories/Restaurants", json: #"{"amount": "100"}"#
        ).status == 200)
      let sheet = try await server.get("/api/v1/budget/2024-03")
      #expect(sheet.status == 200)
      #expect(sheet.json["title"] as? String == "March 2024")
      #expect(sheet.json["plannedIncome"] as? String == "3000.00")
      #expect(sheet.json["remainingToAssign"] as? String == "2450.00")
      #expect(sheet.json["availableFunds"] as? String == "937.50")
      #expect((sheet.json["otherCurrencyFunds"] as? [Any])?.isEmpty == true)
      #expect(sheet.header("ETag") == "\"3\"")
      let lines = try #require(sheet.json["lines"] as? [[String: Any]])
      let food = try #require(lines.first { $0["name"] as? String == "Food" })
      #expect(food["actual"] as? String == "42.50")
      #expect(food["difference"] as? String == "407.50")
      #expect(food["usedPercent"] as? String == "9.44")
      // Move, then the sheet as known before the move.
      let move = try await server.post(
        "/api/v1/budget/2024-03/moves", #"{"amount": "50", "from": "Food", "to": "Restaurants"}"#)
      #expect(move.status == 200)
      let tooMuch = try await server.post(
        "/api/v1/budget/2024-03/moves", #"{"amount": "5000", "from": "Food", "to": "Restaurants"}"#)
      #expect(tooMuch.status == 422)
      let moved = try await server.get("/api/v1/budget/2024-03")
      let movedFood = (moved.json["lines"] as? [[String: Any]])?.first { $0["name"] as? String == "Food" }
      #expect(movedFood?["budgeted"] as? String == "400.00")
      let before = try await server.get(
        "/api/v1/budget/2024-03?asKnownAt=\(try #require(set.json["positions"] as? [Int]).last!)")
      #expect(before.json["remainingToAssign"] as? String == "2550.00")
      let badMonth = try await server.get("/api/v1/budget/March")
      #expect(badMonth.status == 400)
      let badPoint = try await server.get("/api/v1/budget/2024-03?asKnownAt=yesterday")
      #expect(badPoint.status == 400)
      #expect((badPoint.json["details"] as? [String: String])?["field"] == "asKnownAt")
    }
  }

  @Test func yearlyIncomeQuarterlyBudgetsAndCopy() async throws {
    try await TestServer.with { server in
      #expect(
        try await server.client.send("PUT", "/api/v1/budget/years/2024/income/Bonus", json: #"{"amount": "1200"}"#)
          .status == 200)
      #expect(
        try await server.post("/api/v1/categories", #"{"name": "Insurance", "budgetType": "quarterly"}"#).status == 201)
      let quarter = try await server.client.send(
        "PUT", "/api/v1/budget/2024-01/categories/Insurance", json: #"{"amount": "360", "quarter": true}"#)
      #expect(quarter.status == 200)
      let notQuarterStart = try await server.client.send(
        "PUT", "/api/v1/budget/2024-02/categories/Insurance", json: #"{"amount": "360", "quarter": true}"#)
      #expect(notQuarterStart.status == 422)
      #expect(
        try await server.client.send("PUT", "/api/v1/budget/2024-02/categories/Food", json: #"{"amount": "300"}"#)
          .status == 200)
      let copied = try await server.post(
        "/api/v1/budget/2024-03/copy", #"{"from": "2024-02"}"#, headers: ["Idempotency-Key": "copy-1"])
      #expect(copied.status == 200)
      let retried = try await server.post(
        "/api/v1/budget/2024-03/copy", #"{"from": "2024-02"}"#, headers: ["Idempotency-Key": "copy-1"])
      #expect(retried.status == 200 && retried.body == copied.body && retried.header("Idempotent-Replayed") == "true")
      let reused = try await server.post(
        "/api/v1/budget/2024-04/copy", #"{"from": "2024-02"}"#, headers: ["Idempotency-Key": "copy-1"])
      #expect(reused.status == 409)
      let sheet = try await server.get("/api/v1/budget/2024-03")
      #expect(sheet.json["plannedIncome"] as? String == "100.00")
      let food = (sheet.json["lines"] as? [[String: Any]])?.first { $0["name"] as? String == "Food" }
      #expect(food?["budgeted"] as? String == "300.00")
      let nothing = try await server.post("/api/v1/budget/2024-03/copy", #"{"from": "2023-01"}"#)
      #expect(nothing.status == 422)
    }
  }

  @Test(
    "given a report read once, when read again, then it comes from the cache; when the ledger changes, then the answer is fresh"
  )
  func cachedReports() async throws {
    try await TestServer.with { server in
      let path = "/api/v1/reports/budget-vs-actual?month=2024-03"
      let first = try await server.get(path)
      #expect(first.header("X-Cache") == nil)
      let second = try await server.get(path)
      #expect(second.header("X-Cache") == "hit")
      #expect(second.body == first.body && second.header("X-Ledger-Position") == first.header("X-Ledger-Position"))
      let other = try await server.get(path + "&asKnownAt=2")
      #expect(other.header("X-Cache") == nil && other.body != first.body)

      let post = try await server.client.send(
        "POST", "/api/v1/transactions",
        json: #"{"amount": "7.25", "name": "Bakery", "category": "Food", "account": "Checking", "date": "2024-03-18"}"#)
      #expect(post.status == 201)
      let after = try await server.get(path)
      #expect(after.header("X-Cache") == nil)
      #expect(after.header("X-Ledger-Position") == post.header("X-Ledger-Position"))
      let food = (after.json["lines"] as? [[String: Any]])?.first { $0["name"] as? String == "Food" }
      let before = (first.json["lines"] as? [[String: Any]])?.first { $0["name"] as? String == "Food" }
      #expect(food?["actual"] as? String != before?["actual"] as? String)
      #expect(try await server.get(path).header("X-Cache") == "hit")
      // A commit that does not come through this server (another process, a rebuild) too.
      try await server.ledger.projections.rebuild(["budget-vs-actual"])
      #expect(try await server.get(path).header("X-Cache") == nil)
      let sheet = try await server.get("/api/v1/budget/2024-03")
      #expect(try await server.get("/api/v1/budget/2024-03").header("X-Cache") == "hit")
      #expect(sheet.header("ETag") != nil)
    }
  }

  @Test func reportsOnBothTimeAxes() async throws {
    try await TestServer.with { server in
      #expect(
        try await server.client.send("PUT", "/api/v1/budget/2024-03/categories/Restaurants", json: #"{"amount": "10"}"#)
          .status == 200)
      let bva = try await server.get("/api/v1/reports/budget-vs-actual?month=2024-03")
      let restaurants = (bva.json["lines"] as? [[String: Any]])?.first { $0["name"] as? String == "Restaurants" }
      #expect(restaurants?["overBudget"] as? Bool == true)
      #expect(restaurants?["alert"] as? Int == 100)
      let balances = try await server.get("/api/v1/reports/balances?asOf=2024-03-10")
      #expect(balances.json["date"] as? String == "2024-03-10")
      #expect((balances.json["totals"] as? [[String: Any]])?.first?["balance"] as? String == "957.50")
      let knownAt = try await server.get("/api/v1/reports/balances?asKnownAt=2")
      #expect((knownAt.json["accounts"] as? [[String: Any]])?.isEmpty == true)
      #expect(knownAt.header("X-Ledger-Position") == "2")
      let byTime = try await server.get("/api/v1/reports/balances?asKnownAt=2020-01-01")
      #expect(byTime.json["position"] as? Int == 0)
      let categories = try await server.get("/api/v1/reports/categories?month=2024-03")
      let rows = try #require(categories.json["rows"] as? [[String: Any]])
      #expect(rows.first?["category"] as? String == "Food")
      #expect(rows.first?["spent"] as? String == "42.50")
      let year = try await server.get("/api/v1/reports/categories?year=2024&top=1")
      #expect((year.json["rows"] as? [[String: Any]])?.count == 1)
      let cashflow = try await server.get("/api/v1/reports/cashflow?year=2024")
      let months = try #require(cashflow.json["months"] as? [[String: Any]])
      #expect(months.count == 12)
      #expect(months[2]["expenses"] as? String == "62.50")
      let badDate = try await server.get("/api/v1/reports/balances?asOf=31.03.2024")
      #expect(badDate.status == 400)
    }
  }
}

/// The less common paths: splits, groups of categories, period filters and totals.
@Suite struct MoreEndpointTests {
  @Test func splitsGroupsAndPeriods() async throws {
    try await TestServer.with { server in
      let split = try await server.post(
        "/api/v1/transactions",
        #"{"amount": "64.80", "name": "Supermarket + café", "date": "2024-03-14", "splits": [{"category": "Food", "amount": "41.30"}, {"category": "Restaurants", "amount": "23.50"}]}"#
      )
      #expect(split.status == 201)
      let shown = try await server.get("/api/v1/transactions/\(try #require(split.json["id"] as? String))")
      #expect((shown.json["postings"] as? [[String: Any]])?.map { $0["amount"] as? String } == ["41.30", "23.50"])
      // A group: Restaurants under Food, then totals rolled up into the group.
      #expect(
        try await server.client.send(
          "PATCH", "/api/v1/categories/Restaurants", json: #"{"parent": "Food", "order": 2}"#
        ).status == 200)
      #expect((try await server.get("/api/v1/categories/Restaurants")).json["parent"] as? String == "Food")
      let rolled = try await server.get("/api/v1/reports/categories?month=2024-03&rolledUp=true")
      let food = (rolled.json["rows"] as? [[String: Any]])?.first { $0["category"] as? String == "Food" }
      #expect(food?["spent"] as? String == "127.30")
      #expect(
        try await server.client.send("PATCH", "/api/v1/categories/Restaurants", json: #"{"topLevel": true}"#).status
          == 200)
      let cycle = try await server.client.send("PATCH", "/api/v1/categories/Food", json: #"{"parent": "Food"}"#)
      #expect(cycle.status == 422)
      // A PATCH is all or nothing: the rename before the refused move is not kept.
      let half = try await server.client.send(
        "PATCH", "/api/v1/categories/Food", json: #"{"name": "Groceries", "parent": "Food"}"#)
      #expect(half.status == 422)
      #expect((try await server.get("/api/v1/categories/Food")).json["name"] as? String == "Food")
      // A period and the transactions and totals in it.
      #expect(
        try await server.post("/api/v1/periods", #"{"name": "Spring", "start": "2024-03-11", "end": "2024-03-31"}"#)
          .status == 201)
      let tagged = try await server.post(
        "/api/v1/transactions",
        #"{"amount": "8", "name": "Tram", "category": "Transport", "date": "2024-03-15", "period": "Spring"}"#)
      #expect(tagged.status == 201)
      // A period is its days: the tram assigned to it and the pizza dated in it, not the market
      // of 2024-03-10.
      let inPeriod = try await server.get("/api/v1/transactions?period=Spring")
      let names = (inPeriod.json["rows"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
      #expect(names.contains("Tram") && names.contains("Pizza") && !names.contains("Market"), "\(names)")
      let totals = try await server.get("/api/v1/reports/categories?period=Spring")
      let spent = (totals.json["rows"] as? [[String: Any]])?.reduce(into: [String: String]()) {
        $0[$1["category"] as? String ?? ""] = $1["spent"] as? String
      }
      // (the 2024-03-10 market's 42.50 Food is before the period; the split of the 15th is in it)
      #expect(spent == ["Restaurants": "43.50", "Food": "41.30", "Transport": "8.00"], "\(totals.text)")
      let unknownPeriod = try await server.get("/api/v1/reports/categories?period=Winter")
      #expect(unknownPeriod.status == 422)
      let range = try await server.get("/api/v1/transactions?from=2024-03-11&to=2024-03-13")
      #expect((range.json["rows"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Pizza"])
    }
  }

  @Test func availableFundsSayWhatOtherCurrenciesHold() async throws {
    try await TestServer.with { server in
      let opened = try await server.post(
        "/api/v1/accounts", #"{"name": "Travel card", "currency": "USD", "opening": "50", "date": "2024-01-01"}"#)
      #expect(opened.status == 201)
      let sheet = try await server.get("/api/v1/budget/2024-03")
      #expect(sheet.json["availableFunds"] as? String == "937.50", "the euro figure adds no dollars")
      let others = sheet.json["otherCurrencyFunds"] as? [[String: String]]
      #expect(others == [["amount": "50.00", "currency": "USD"]])
    }
  }
}
