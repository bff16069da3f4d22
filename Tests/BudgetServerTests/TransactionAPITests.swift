import Foundation
import LedgerTesting
import Testing

/// Transactions and transfers: add, get, list with running balances, search, amend and
/// delete with If-Match, idempotent retries, and every validation path.
@Suite struct TransactionAPITests {
  @Test func addGetAndRunningBalance() async throws {
    try await TestServer.with { server in
      let added = try await server.post(
        "/api/v1/transactions",
        #"{"amount": "12.40", "name": "Bakery", "category": "Food", "date": "2024-03-15", "tags": ["breakfast"], "notes": "croissants"}"#
      )
      #expect(added.status == 201)
      #expect(added.header("ETag") == "\"1\"")
      let id = try #require(added.json["id"] as? String)
      let shown = try await server.get("/api/v1/transactions/\(id.suffix(8))")
      #expect(shown.status == 200)
      #expect(shown.json["amount"] as? String == "12.40")
      #expect(shown.json["signedAmount"] as? String == "-12.40")
      #expect(shown.json["category"] as? String == "Food")
      #expect(shown.json["tags"] as? [String] == ["breakfast"])
      #expect(shown.header("ETag") == "\"1\"")
      let list = try await server.get("/api/v1/transactions")
      let rows = try #require(list.json["rows"] as? [[String: Any]])
      #expect(rows.first?["name"] as? String == "Bakery")
      #expect(rows.first?["balance"] as? String == "925.10")
      #expect(rows.first?["amount"] as? String == "-12.40")
      #expect(rows.last?["kind"] as? String == "opening")
      // Paging and business-time filter.
      let page = try await server.get("/api/v1/transactions?limit=2")
      let firstRows = try #require(page.json["rows"] as? [[String: Any]])
      #expect(firstRows.count == 2)
      let cursor = try #require(page.json["nextBefore"] as? String)
      #expect(cursor == "\(firstRows[1]["date"] as? String ?? "")/\(firstRows[1]["id"] as? String ?? "")")
      let next = try await server.get("/api/v1/transactions?limit=2&before=\(cursor)")
      let skipped = try await server.get("/api/v1/transactions?limit=2&offset=2")
      let nextIDs = (next.json["rows"] as? [[String: Any]])?.map { $0["id"] as? String }
      #expect(nextIDs?.count == 2 && nextIDs == (skipped.json["rows"] as? [[String: Any]])?.map { $0["id"] as? String })
      #expect(try await server.get("/api/v1/transactions?before=yesterday").status == 400)
      let older = try await server.get("/api/v1/transactions?asOf=2024-03-11")
      #expect((older.json["rows"] as? [[String: Any]])?.first?["name"] as? String == "Market")
      // As known at a past position: before the bakery was recorded.
      let known = try await server.get(
        "/api/v1/transactions?asKnownAt=\(try #require((added.json["positions"] as? [Int])?.first) - 1)")
      #expect((known.json["rows"] as? [[String: Any]])?.first?["name"] as? String == "Pizza")
    }
  }

  @Test func filtersAndSearch() async throws {
    try await TestServer.with { server in
      let food = try await server.get("/api/v1/transactions?category=Food")
      #expect((food.json["rows"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Market"])
      let month = try await server.get("/api/v1/transactions?month=2024-02")
      #expect((month.json["rows"] as? [[String: Any]])?.isEmpty == true)
      let search = try await server.get("/api/v1/transactions/search?q=piz")
      #expect((search.json["rows"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Pizza"])
      let noWords = try await server.get("/api/v1/transactions/search")
      #expect(noWords.status == 400)
      let badCategory = try await server.get("/api/v1/transactions?category=Fod")
      #expect(badCategory.status == 422)
      #expect((badCategory.json["message"] as? String)?.contains("did you mean 'Food'") == true)
      let badLimit = try await server.get("/api/v1/transactions?limit=0")
      #expect(badLimit.status == 400)
      #expect((badLimit.json["details"] as? [String: String])?["field"] == "limit")

      // Filters combine: words or a category and the other one both apply.
      #expect(
        try await server.post(
          "/api/v1/transactions",
          #"{"amount": "9", "name": "Market lunch", "category": "Restaurants", "date": "2024-03-13"}"#
        )
        .status == 201)
      let words = try await server.get("/api/v1/transactions?category=Food&q=market")
      #expect((words.json["rows"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Market"])
      let inverted = try await server.get("/api/v1/transactions?from=2024-03-20&to=2024-03-01")
      #expect(inverted.status == 400 && (inverted.json["details"] as? [String: String])?["field"] == "from")

      // A tag and amount bounds combine with the rest; bad bounds are refused by name.
      #expect(
        try await server.post(
          "/api/v1/transactions",
          #"{"amount": "120", "name": "Market feast", "category": "Food", "date": "2024-03-14", "tags": ["Party"]}"#
        )
        .status == 201)
      let names = { (path: String) async throws -> [String?] in
        (try await server.get(path).json["rows"] as? [[String: Any]])?.map { $0["name"] as? String } ?? []
      }
      #expect(try await names("/api/v1/transactions?tag=party") == ["Market feast"])
      #expect(try await names("/api/v1/transactions?min=100&category=Food") == ["Market feast"])
      #expect(try await names("/api/v1/transactions?max=100&q=market") == ["Market lunch", "Market"])
      #expect(try await names("/api/v1/transactions?tag=party&max=100") == [])
      let badBounds = try await server.get("/api/v1/transactions?min=50&max=10")
      #expect(badBounds.status == 400 && (badBounds.json["details"] as? [String: String])?["field"] == "min")
      let badAmount = try await server.get("/api/v1/transactions?min=lots")
      #expect(badAmount.status == 400 && (badAmount.json["details"] as? [String: String])?["field"] == "min")
    }
  }

  @Test func timeTravelAnswersAsThenAndRefusesContradictions() async throws {
    try await TestServer.with { server in
      let before = try #require(try await server.get("/api/v1/ledger").json["position"] as? Int)
      let rows = try await server.get("/api/v1/transactions?account=Checking").json["rows"] as? [[String: Any]] ?? []
      let pizza = try #require(rows.first { $0["name"] as? String == "Pizza" }?["id"] as? String)
      let renamed = try await server.client.send(
        "PATCH", "/api/v1/transactions/\(pizza)", json: #"{"name": "Pasta", "category": "Food"}"#)
      #expect(renamed.status == 200)
      // The log as known before the edit names the row as it was then.
      let then = try await server.get("/api/v1/transactions?asKnownAt=\(before)").json["rows"] as? [[String: Any]] ?? []
      let row = then.first { $0["id"] as? String == pizza }
      #expect(row?["name"] as? String == "Pizza" && row?["category"] as? String == "Restaurants")
      // A date outside the month or year a report covers is a contradiction.
      for path in [
        "/api/v1/budget/2024-03?asOf=2024-02-15", "/api/v1/reports/budget-vs-actual?month=2024-03&asOf=2024-02-15",
        "/api/v1/reports/categories?month=2024-03&asOf=2024-02-15",
        "/api/v1/reports/cashflow?year=2024&asOf=2023-12-31",
      ] {
        let refused = try await server.get(path)
        #expect(refused.status == 400 && (refused.json["details"] as? [String: String])?["field"] == "asOf", "\(path)")
      }
      let cashflow = try await server.get("/api/v1/reports/cashflow?asOf=2024-02-15")
      #expect(
        (cashflow.json["months"] as? [[String: Any]])?.compactMap { $0["month"] as? String } == ["2024-01", "2024-02"])
    }
  }

  @Test func amendAndDeleteWithIfMatch() async throws {
    try await TestServer.with { server in
      let added = try await server.post(
        "/api/v1/transactions", #"{"amount": "30", "name": "Gas", "category": "Transport", "date": "2024-03-18"}"#)
      let id = try #require(added.json["id"] as? String)
      let amended = try await server.client.send(
        "PATCH", "/api/v1/transactions/\(id)", json: #"{"amount": "35.10", "name": "Fuel"}"#,
        headers: ["If-Match": "\"1\"", "X-Budget-Actor": "ana"])
      #expect(amended.status == 200)
      #expect(amended.header("ETag") == "\"2\"")
      #expect(amended.json["events"] as? [String] == ["TransactionAmended"])
      // A stale version: 412 naming the current version; nothing changed.
      let stale = try await server.client.send(
        "PATCH", "/api/v1/transactions/\(id)", json: #"{"amount": "1"}"#, headers: ["If-Match": "\"1\""])
      #expect(stale.status == 412)
      #expect(stale.json["code"] as? String == "version_mismatch")
      #expect((stale.json["details"] as? [String: String])?["currentVersion"] == "2")
      #expect((try await server.get("/api/v1/transactions/\(id)")).json["amount"] as? String == "35.10")
      // As known before the amendment, the transaction had its first amount and version.
      let addedAt = try #require((added.json["positions"] as? [Int])?.last)
      let past = try await server.get("/api/v1/transactions/\(id)?asKnownAt=\(addedAt)")
      #expect(past.json["amount"] as? String == "30.00")
      #expect(past.header("ETag") == "\"1\"")
      let badTag = try await server.client.send(
        "PATCH", "/api/v1/transactions/\(id)", json: #"{"amount": "1"}"#, headers: ["If-Match": "soon"])
      #expect(badTag.status == 400)
      let nothing = try await server.client.send("PATCH", "/api/v1/transactions/\(id)", json: #"{"name": "Fuel"}"#)
      #expect(nothing.status == 422)
      let staleDelete = try await server.client.send(
        "DELETE", "/api/v1/transactions/\(id)?reason=dup", headers: ["If-Match": "\"1\""])
      #expect(staleDelete.status == 412)
      let history = try await server.get("/api/v1/history/transaction/\(id)")
      #expect((history.json["entries"] as? [[String: Any]])?.last?["actor"] as? String == "api:ana")
      let deleted = try await server.client.send(
        "DELETE", "/api/v1/transactions/\(id)?reason=dup", headers: ["If-Match": "\"2\""])
      #expect(deleted.status == 200)
      #expect(deleted.json["events"] as? [String] == ["TransactionDeleted"])
      let shown = try await server.get("/api/v1/transactions/\(id)")
      #expect(shown.json["deleted"] as? Bool == true)
      let again = try await server.client.send("DELETE", "/api/v1/transactions/\(id)")
      #expect(again.status == 422)
      let unknown = try await server.client.send("DELETE", "/api/v1/transactions/0123456789")
      #expect(unknown.status == 404)
      let staleRestore = try await server.client.send(
        "POST", "/api/v1/transactions/\(id)/restore", headers: ["If-Match": "\"2\""])
      #expect(staleRestore.status == 412)
      let restored = try await server.client.send(
        "POST", "/api/v1/transactions/\(id)/restore?reason=mistake", headers: ["If-Match": "\"3\""])
      #expect(restored.status == 200)
      #expect(restored.json["events"] as? [String] == ["TransactionRestored"])
      #expect(restored.header("ETag") == "\"4\"")
      let back = try await server.get("/api/v1/transactions/\(id)")
      #expect(back.json["deleted"] as? Bool == false)
      let twice = try await server.client.send("POST", "/api/v1/transactions/\(id)/restore")
      #expect(twice.status == 422)
    }
  }

  @Test func idempotentRetryReturnsTheSameResponse() async throws {
    try await TestServer.with { server in
      let body = #"{"amount": "9.99", "name": "Music", "category": "Entertainment", "date": "2024-03-19"}"#
      let first = try await server.post("/api/v1/transactions", body, headers: ["Idempotency-Key": "retry-1"])
      let second = try await server.post("/api/v1/transactions", body, headers: ["Idempotency-Key": "retry-1"])
      #expect(first.status == 201)
      #expect(second.status == 201)
      #expect(first.body == second.body)
      #expect(first.header("ETag") == second.header("ETag"))
      #expect(second.header("Idempotent-Replayed") == "true")
      #expect(first.header("Idempotent-Replayed") == nil)
      let search = try await server.get("/api/v1/transactions/search?q=music")
      #expect((search.json["rows"] as? [[String: Any]])?.count == 1)
      let other = try await server.post("/api/v1/transactions", body, headers: ["Idempotency-Key": "retry-2"])
      #expect(other.body != first.body)

      // The key again with another body, or on another endpoint: refused, and nothing changes.
      let head = try await server.get("/api/v1/ledger").json["position"] as? Int
      let changed = try await server.post(
        "/api/v1/transactions", #"{"amount": "99", "name": "Other", "category": "Food", "date": "2024-03-19"}"#,
        headers: ["Idempotency-Key": "retry-1"])
      #expect(changed.status == 409 && changed.json["code"] as? String == "idempotency_key_reused")
      let elsewhere = try await server.post(
        "/api/v1/accounts", #"{"name": "Wallet", "type": "cash"}"#, headers: ["Idempotency-Key": "retry-1"])
      #expect(elsewhere.status == 409)
      #expect(try await server.get("/api/v1/ledger").json["position"] as? Int == head)
      #expect(try await server.get("/api/v1/accounts/Wallet").status == 404)
    }
  }

  @Test func validationErrorsNameTheirField() async throws {
    try await TestServer.with { server in
      let badJSON = try await server.post("/api/v1/transactions", #"{"amount": "#)
      #expect(badJSON.status == 400)
      #expect(badJSON.json["code"] as? String == "bad_request")
      let missing = try await server.post("/api/v1/transactions", #"{"amount": "5"}"#)
      #expect(missing.status == 400)
      #expect((missing.json["details"] as? [String: String])?["field"] == "name")
      let wrongType = try await server.post("/api/v1/transactions", #"{"amount": 5, "name": "X", "category": "Food"}"#)
      #expect(wrongType.status == 400)
      let notAmount = try await server.post(
        "/api/v1/transactions", #"{"amount": "five", "name": "X", "category": "Food"}"#)
      #expect(notAmount.status == 400)
      #expect((notAmount.json["details"] as? [String: String])?["field"] == "amount")
      let negative = try await server.post(
        "/api/v1/transactions", #"{"amount": "-5", "name": "X", "category": "Food"}"#)
      #expect(negative.status == 422)
      #expect((negative.json["details"] as? [String: String])?["field"] == "amount")
      let future = try await server.post(
        "/api/v1/transactions", #"{"amount": "5", "name": "X", "category": "Food", "date": "2030-01-01"}"#)
      #expect(future.status == 422)
      #expect((future.json["details"] as? [String: String])?["field"] == "date")
      let blankName = try await server.post(
        "/api/v1/transactions", #"{"amount": "5", "name": " ", "category": "Food"}"#)
      #expect(blankName.status == 422)
      #expect((blankName.json["details"] as? [String: String])?["field"] == "name")
      let noCategory = try await server.post("/api/v1/transactions", #"{"amount": "5", "name": "X"}"#)
      #expect(noCategory.status == 422)
      #expect((noCategory.json["details"] as? [String: String])?["field"] == "category")
      let splits = try await server.post(
        "/api/v1/transactions",
        #"{"amount": "10", "name": "X", "splits": [{"category": "Food", "amount": "4"}, {"category": "Restaurants", "amount": "5"}]}"#
      )
      #expect(splits.status == 422)
      #expect((splits.json["details"] as? [String: String])?["field"] == "splits")
      for response in [badJSON, missing, negative, future] {
        #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
        #expect(response.text.contains("Swift") == false)
      }
    }
  }

  @Test func transfersMoveMoneyBetweenAccounts() async throws {
    try await TestServer.with { server in
      #expect(
        try await server.post("/api/v1/accounts", #"{"name": "Savings", "type": "savings", "date": "2024-01-01"}"#)
          .status == 201)
      let moved = try await server.post(
        "/api/v1/transfers",
        #"{"amount": "100", "from": "Checking", "to": "Savings", "date": "2024-03-15", "note": "rainy day"}"#)
      #expect(moved.status == 201)
      #expect(moved.json["events"] as? [String] == ["TransferMade"])
      let balances = try await server.get("/api/v1/reports/balances")
      let accounts = try #require(balances.json["accounts"] as? [[String: Any]])
      #expect(accounts.first { $0["account"] as? String == "Savings" }?["balance"] as? String == "100.00")
      let same = try await server.post("/api/v1/transfers", #"{"amount": "1", "from": "Checking", "to": "Checking"}"#)
      #expect(same.status == 422)

      // Cancelled by its incoming leg's id, as the Savings log shows it.
      let log = try await server.get("/api/v1/transactions?account=Savings")
      let rows = (log.json["rows"] as? [[String: Any]]) ?? (log.json["items"] as? [[String: Any]]) ?? []
      let leg = try #require(rows.first { $0["kind"] as? String == "transfer" }?["id"] as? String)
      #expect(rows.first { $0["kind"] as? String == "transfer" }?["name"] as? String == "rainy day")  // the incoming leg too
      #expect(moved.header("Location") == nil)
      let cancelled = try await server.client.send("DELETE", "/api/v1/transfers/\(leg)?reason=typo")
      #expect(cancelled.status == 200 && cancelled.json["events"] as? [String] == ["TransferCancelled"])
      let after = try await server.get("/api/v1/reports/balances")
      #expect(
        (after.json["accounts"] as? [[String: Any]])?.first { $0["account"] as? String == "Savings" }?["balance"]
          as? String
          == "0.00")
      #expect(try await server.client.send("DELETE", "/api/v1/transfers/\(leg)").status == 404)
    }
  }
}

/// Many clients writing at once: every write lands (through the single writer and its group
/// commit), positions are dense, and the chain verifies.
@Suite struct ConcurrentWriteTests {
  @Test func concurrentPostsAllLand() async throws {
    try await TestServer.with { server in
      let count = 40
      let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
        for index in 0..<count {
          group.addTask {
            try await server.post(
              "/api/v1/transactions",
              #"{"amount": "1.\#(index % 10)0", "name": "Client \#(index)", "category": "Food", "date": "2024-03-20"}"#
            ).status
          }
        }
        return try await group.reduce(into: [Int]()) { $0.append($1) }
      }
      #expect(statuses.allSatisfy { $0 == 201 })
      let food = try await server.get("/api/v1/transactions?category=Food&limit=1000")
      #expect((food.json["rows"] as? [[String: Any]])?.count == count + 1)
      #expect((try await server.get("/api/v1/verify")).json["ok"] as? Bool == true)
    }
  }
}
