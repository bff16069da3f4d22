import Foundation
import Ledger
import LedgerTesting
import Testing

/// Schedules, their occurrences, bills, autopay and the forecast through the API. The test
/// server's today is 2024-03-20; its Checking account holds 937.50.
@Suite struct ScheduleAPITests {
  /// A monthly rent of 950 on the 1st from February: two occurrences overdue, one due soon.
  static let rent =
    #"{"name": "Rent", "amount": "950", "account": "Checking", "category": "Housing", "every": "month", "day": 1, "start": "2024-02-01"}"#

  @Test(
    "given rent due on March 1, when a transaction for it is posted, then the occurrence is paid by it (matched); a coffee pays nothing"
  )
  func postedTransactionsPayTheBillTheyLookLike() async throws {
    try await TestServer.with { server in
      #expect(try await server.post("/api/v1/categories", #"{"name": "Housing"}"#).status == 201)
      #expect(try await server.post("/api/v1/schedules", Self.rent).status == 201)
      let coffee = try await server.post(
        "/api/v1/transactions", #"{"amount": "3.20", "name": "Coffee", "category": "Food", "date": "2024-03-01"}"#)
      #expect(coffee.status == 201)
      let rent = try await server.post(
        "/api/v1/transactions", #"{"amount": "950", "name": "Rent March", "category": "Housing", "date": "2024-03-02"}"#
      )
      #expect(rent.status == 201)
      let occurrences = try await server.get("/api/v1/schedules/Rent/occurrences?from=2024-02-01&to=2024-03-31")
      let items = try #require(occurrences.json["items"] as? [[String: Any]])
      #expect(items.map { $0["status"] as? String } == ["overdue", "paid"])
      #expect(items.last?["source"] as? String == "matched")
      #expect(items.last?["transaction"] as? String == rent.json["id"] as? String)
    }
  }

  @Test(
    "given 450 of Food budgeted in March and 42.50 spent, when the forecast is asked withBudgets, then the 407.50 left leaves Checking by March's end"
  )
  func forecastWithBudgets() async throws {
    try await TestServer.with { server in
      let put = try await server.client.send(
        "PUT", "/api/v1/budget/2024-03/categories/Food", json: #"{"amount": "450"}"#)
      #expect(put.status == 200)
      func marchEnd(_ query: String) async throws -> String? {
        let forecast = try await server.get("/api/v1/reports/forecast?months=1&account=Checking" + query)
        #expect(forecast.status == 200, "\(forecast.text)")
        let checking = (forecast.json["accounts"] as? [[String: Any]])?.first
        return (checking?["months"] as? [[String: Any]])?.first?["balance"] as? String
      }
      #expect(try await marchEnd("") == "937.50")
      #expect(try await marchEnd("&withBudgets=true") == "530.00")
      #expect(try await server.get("/api/v1/reports/forecast?withBudgets=maybe").status == 400)
    }
  }

  @Test func createListBillsPayAndSkip() async throws {
    try await TestServer.with { server in
      #expect(try await server.post("/api/v1/categories", #"{"name": "Housing"}"#).status == 201)
      let created = try await server.post("/api/v1/schedules", Self.rent, headers: ["Idempotency-Key": "rent-1"])
      #expect(created.status == 201)
      let id = try #require(created.json["id"] as? String)
      #expect(created.header("Location") == "/api/v1/schedules/\(id)")
      #expect((created.json["events"] as? [String]) == ["ScheduleCreated"])
      let schedule = try #require(created.json["schedule"] as? [String: Any])
      #expect(schedule["name"] as? String == "Rent")
      #expect(schedule["amount"] as? String == "950.00")
      #expect(schedule["category"] as? String == "Housing")
      #expect(schedule["next"] as? String == "2024-04-01")
      let replayed = try await server.post("/api/v1/schedules", Self.rent, headers: ["Idempotency-Key": "rent-1"])
      #expect(replayed.status == 201 && replayed.body == created.body)
      #expect(replayed.header("Idempotent-Replayed") == "true")

      let list = try await server.get("/api/v1/schedules")
      let items = try #require(list.json["items"] as? [[String: Any]])
      #expect(items.count == 1)
      #expect(items.first?["recurrence"] as? String != nil)

      let bills = try await server.get("/api/v1/bills?days=14")
      #expect(bills.status == 200)
      #expect(bills.json["today"] as? String == "2024-03-20")
      #expect(
        (bills.json["overdue"] as? [[String: Any]])?.map { $0["date"] as? String } == ["2024-02-01", "2024-03-01"])
      #expect((bills.json["dueSoon"] as? [[String: Any]])?.map { $0["date"] as? String } == ["2024-04-01"])
      #expect((bills.json["reminders"] as? [Any])?.count == 2)
      #expect((bills.json["totals"] as? [String: Any])?["overdue"] as? [String] == ["-1900.00 EUR"])

      let paid = try await server.post("/api/v1/schedules/Rent/occurrences/2024-03-01/pay", "{}")
      #expect(paid.status == 200)
      let skipped = try await server.post(
        "/api/v1/schedules/\(id)/occurrences/2024-02-01/skip", #"{"reason": "paid in cash"}"#)
      #expect(skipped.status == 200)
      let after = try await server.get("/api/v1/bills")
      #expect((after.json["overdue"] as? [Any])?.isEmpty == true)
      let paidThisMonth = try #require(after.json["paidThisMonth"] as? [[String: Any]])
      #expect(paidThisMonth.first?["date"] as? String == "2024-03-01")
      #expect(paidThisMonth.first?["source"] as? String == "entered")
      #expect(paidThisMonth.first?["transaction"] as? String != nil)

      let occurrences = try await server.get(
        "/api/v1/schedules/Rent/occurrences?from=2024-01-01&to=2024-04-30")
      let statuses = (occurrences.json["items"] as? [[String: Any]])?.map { $0["status"] as? String }
      #expect(statuses == ["skipped", "paid", "upcoming"])
      let calendar = try await server.get("/api/v1/bills/calendar?month=2024-04")
      #expect(calendar.json["title"] as? String == "April 2024")
      #expect((calendar.json["items"] as? [[String: Any]])?.first?["due"] as? String == "2024-04-01")

      let detail = try await server.get("/api/v1/schedules/\(id)")
      #expect(detail.status == 200)
      #expect((detail.json["versions"] as? [Any])?.count == 1)
      #expect((detail.json["occurrences"] as? [Any])?.count == 5)
      let unskipped = try await server.post("/api/v1/schedules/Rent/occurrences/2024-02-01/unskip", "")
      #expect(unskipped.status == 200)
      let unpaid = try await server.post("/api/v1/schedules/Rent/occurrences/2024-03-01/unpay", "")
      #expect(unpaid.status == 200)
      #expect((try await server.get("/api/v1/bills").json["overdue"] as? [Any])?.count == 2)
      #expect(try await server.get("/api/v1/schedules/Nope").status == 404)
      #expect(try await server.post("/api/v1/schedules/Rent/occurrences/March/pay", "{}").status == 400)
    }
  }

  @Test func autopayPostsOnceAndForecastFindsTheLowestPoint() async throws {
    try await TestServer.with { server in
      let created = try await server.post(
        "/api/v1/schedules",
        #"{"name": "Streaming", "amount": "15", "category": "Restaurants", "every": "monthly", "day": "5", "start": "2024-01-05", "autopay": true}"#
      )
      #expect(created.status == 201)
      let first = try await server.post("/api/v1/schedules/post", "{}")
      #expect(first.status == 200)
      #expect(
        (first.json["posted"] as? [[String: Any]])?.map { $0["date"] as? String } == [
          "2024-01-05", "2024-02-05", "2024-03-05",
        ])
      #expect(first.json["through"] as? String == "2024-03-20")
      let second = try await server.post("/api/v1/schedules/post", #"{"through": "2024-12-31"}"#)
      #expect((second.json["posted"] as? [Any])?.isEmpty == true)
      #expect(second.json["capped"] as? Bool == true)
      let balances = try await server.get("/api/v1/accounts/Checking")
      #expect(balances.json["balance"] as? String == "892.50")

      #expect(try await server.post("/api/v1/categories", #"{"name": "Salary"}"#).status == 201)
      let salary = try await server.post(
        "/api/v1/schedules",
        #"{"name": "Salary", "amount": "2000", "type": "income", "category": "Salary", "every": "month", "day": "last", "start": "2024-03-31"}"#
      )
      #expect(salary.status == 201, "\(salary.text)")
      let forecast = try await server.get("/api/v1/reports/forecast?months=3&account=Checking")
      #expect(forecast.status == 200)
      #expect(forecast.json["through"] as? String == "2024-05-31")
      let account = try #require((forecast.json["accounts"] as? [[String: Any]])?.first)
      #expect(account["account"] as? String == "Checking")
      #expect(account["start"] as? String == "892.50")
      #expect(
        (account["months"] as? [[String: Any]])?.map { $0["balance"] as? String } == [
          "2892.50", "4877.50", "6862.50",
        ])
      #expect((account["lowest"] as? [String: Any])?["balance"] as? String == "892.50")
      let unknown = try await server.get("/api/v1/reports/forecast?account=Chequing")
      #expect(unknown.status == 422)
      #expect((unknown.json["message"] as? String)?.contains("did you mean 'Checking'") == true)
    }
  }

  @Test func refusalsChangeNothing() async throws {
    try await TestServer.with { server in
      #expect(
        try await server.post(
          "/api/v1/accounts", #"{"name": "Savings", "type": "savings", "opening": "0", "date": "2024-01-01"}"#
        ).status == 201)
      #expect(try await server.post("/api/v1/accounts/Savings/close", #"{"date": "2024-03-01"}"#).status == 200)
      let position = server.ledger.position
      let typo = try await server.post(
        "/api/v1/schedules",
        #"{"name": "Gym", "amount": "30", "account": "Checking", "category": "Fod", "every": "month"}"#)
      #expect(typo.status == 422)
      #expect((typo.json["message"] as? String)?.contains("did you mean 'Food'") == true)
      #expect((typo.json["details"] as? [String: String])?["field"] == "category")
      let closed = try await server.post(
        "/api/v1/schedules",
        #"{"name": "Gym", "amount": "30", "account": "Savings", "category": "Food", "every": "month"}"#)
      #expect(closed.status == 422, "\(closed.text)")
      let badUnit = try await server.post(
        "/api/v1/schedules", #"{"name": "Gym", "amount": "30", "category": "Food", "every": "fortnight"}"#)
      #expect(badUnit.status == 400)
      #expect((badUnit.json["details"] as? [String: String])?["field"] == "every")
      let badDay = try await server.post(
        "/api/v1/schedules", #"{"name": "Gym", "amount": "30", "category": "Food", "every": "month", "day": 32}"#)
      #expect(badDay.status == 400)
      let both = try await server.post(
        "/api/v1/schedules",
        #"{"name": "Gym", "amount": "30", "category": "Food", "every": "month", "end": "2024-12-31", "count": 3}"#)
      #expect(both.status == 400)
      let negative = try await server.post(
        "/api/v1/schedules", #"{"name": "Gym", "amount": "-30", "category": "Food", "every": "month"}"#)
      #expect(negative.status == 422)
      #expect(server.ledger.position == position)
      #expect((try await server.get("/api/v1/schedules").json["items"] as? [Any])?.isEmpty == true)
    }
  }

  @Test func changePauseResumeEndAndDelete() async throws {
    try await TestServer.with { server in
      let created = try await server.post(
        "/api/v1/schedules",
        #"{"name": "Gym", "amount": "30", "category": "Food", "every": "month", "weekday": "1mon", "start": "2024-01-01"}"#
      )
      #expect(created.status == 201)
      let changed = try await server.post(
        "/api/v1/schedules/Gym/change", #"{"from": "2024-04-01", "amount": "35", "reminderDays": 5}"#)
      #expect(changed.status == 200, "\(changed.text)")
      let detail = try await server.get("/api/v1/schedules/Gym")
      let versions = try #require(detail.json["versions"] as? [[String: Any]])
      #expect(versions.map { $0["from"] as? String } == ["2024-01-01", "2024-04-01"])
      #expect((versions.last?["terms"] as? [String: Any])?["amount"] as? String == "35.00")
      #expect((detail.json["schedule"] as? [String: Any])?["rule"] as? [String: Any] != nil)
      #expect(try await server.post("/api/v1/schedules/Gym/pause", #"{"from": "2024-04-01"}"#).status == 200)
      #expect(
        (try await server.get("/api/v1/schedules/Gym").json["schedule"] as? [String: Any])?["paused"] as? Bool == true)
      #expect(try await server.post("/api/v1/schedules/Gym/resume", #"{"on": "2024-05-01"}"#).status == 200)
      #expect(try await server.post("/api/v1/schedules/Gym/end", #"{"after": "2024-12-31"}"#).status == 200)
      let ended = try await server.get("/api/v1/schedules/Gym")
      #expect((ended.json["schedule"] as? [String: Any])?["endedAfter"] as? String == "2024-12-31")
      #expect(try await server.client.send("DELETE", "/api/v1/schedules/Gym").status == 200)
      #expect(try await server.get("/api/v1/schedules/Gym").status == 404)
    }
  }

  @Test func transferSchedulesAndLinkedTransactions() async throws {
    try await TestServer.with { server in
      #expect(
        try await server.post(
          "/api/v1/accounts", #"{"name": "Savings", "type": "savings", "opening": "0", "date": "2024-01-01"}"#
        ).status == 201)
      let saving = try await server.post(
        "/api/v1/schedules",
        #"{"name": "Save", "amount": "100", "account": "Checking", "to": "Savings", "every": "month", "day": 15, "start": "2024-03-15"}"#
      )
      #expect(saving.status == 201, "\(saving.text)")
      let terms = try #require(saving.json["schedule"] as? [String: Any])
      #expect(terms["kind"] as? String == "transfer" && terms["to"] as? String == "Savings")
      let moved = try await server.post(
        "/api/v1/schedules/Save/occurrences/2024-03-15/pay", "{}", headers: ["Idempotency-Key": "save-03"])
      #expect(moved.status == 200, "\(moved.text)")
      let again = try await server.post(
        "/api/v1/schedules/Save/occurrences/2024-03-15/pay", "{}", headers: ["Idempotency-Key": "save-03"])
      #expect(again.body == moved.body && again.header("Idempotent-Replayed") == "true")
      #expect(try await server.get("/api/v1/accounts/Savings").json["balance"] as? String == "100.00")
      let paid = try await server.get("/api/v1/bills")
      let save = (paid.json["paidThisMonth"] as? [[String: Any]])?.first { $0["name"] as? String == "Save" }
      #expect(save?["transfer"] as? String != nil)
      // An existing transfer pays an occurrence of a transfer schedule by its id.
      let unlinked = try await server.post("/api/v1/schedules/Save/occurrences/2024-03-15/unpay", "{}")
      #expect(unlinked.status == 200, "\(unlinked.text)")
      let transfer = try #require(save?["transfer"] as? String)
      let relinked = try await server.post(
        "/api/v1/schedules/Save/occurrences/2024-03-15/pay", #"{"transfer": "\#(transfer.suffix(8))"}"#)
      #expect(relinked.status == 200, "\(relinked.text)")
      let unknown = try await server.post(
        "/api/v1/schedules/Save/occurrences/2024-03-15/pay", #"{"transfer": "ffffffff"}"#)
      #expect(unknown.status == 422 && (unknown.json["message"] as? String)?.contains("not found") == true)
      #expect(try await server.get("/api/v1/accounts/Savings").json["balance"] as? String == "100.00")

      // An existing transaction pays an occurrence by its id, and only one.
      let groceries = try await server.post(
        "/api/v1/schedules",
        #"{"name": "Groceries", "amount": "42.50", "account": "Checking", "category": "Food", "every": "week", "start": "2024-03-10"}"#
      )
      #expect(groceries.status == 201)
      let rows = try await server.get("/api/v1/transactions?category=Food")
      let market = try #require((rows.json["rows"] as? [[String: Any]])?.first?["id"] as? String)
      let linked = try await server.post(
        "/api/v1/schedules/Groceries/occurrences/2024-03-10/pay", #"{"transaction": "\#(market)"}"#)
      #expect(linked.status == 200, "\(linked.text)")
      let occurrences = try await server.get("/api/v1/schedules/Groceries/occurrences?from=2024-03-10&to=2024-03-17")
      let first = (occurrences.json["items"] as? [[String: Any]])?.first
      #expect(first?["status"] as? String == "paid" && first?["transaction"] as? String == market)
      let twice = try await server.post(
        "/api/v1/schedules/Groceries/occurrences/2024-03-17/pay", #"{"transaction": "\#(market)"}"#)
      #expect(twice.status == 422)
      let both = try await server.post(
        "/api/v1/schedules/Groceries/occurrences/2024-03-17/pay", #"{"transaction": "\#(market)", "amount": "5"}"#)
      #expect(both.status == 400)
      let none = try await server.post("/api/v1/schedules/Groceries/occurrences/2024-03-18/pay", "{}")
      #expect(none.status == 422)
      #expect((none.json["message"] as? String)?.contains("no occurrence on 2024-03-18") == true)
    }
  }
}
