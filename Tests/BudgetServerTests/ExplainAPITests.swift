import Foundation
import LedgerTesting
import Testing

/// "Why this number?" through the API: each figure's parts add up to it, the parts name what
/// made them, an earlier point of the log explains the figure as it was, and a wrong name or
/// month is refused. The test server's today is 2024-03-20; Checking opened with 1,000.00 and
/// paid Market (Food, 42.50) and Pizza (Restaurants, 20.00) in March.
@Suite struct ExplainAPITests {
  /// The sum of the parts' amounts, in hundredths.
  static func sum(_ answer: [String: Any]) -> Decimal {
    (answer["parts"] as? [[String: Any]] ?? []).reduce(Decimal(0)) {
      $0 + (Decimal(string: $1["amount"] as? String ?? "x") ?? .nan)
    }
  }

  static func total(_ answer: [String: Any]) -> Decimal { Decimal(string: answer["total"] as? String ?? "x") ?? .nan }

  static func names(_ answer: [String: Any]) -> [String] {
    (answer["parts"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
  }

  @Test("given a month with a plan, spending and a bill, when each figure is explained, then its parts add up to it")
  func everyFigureIsItsParts() async throws {
    try await TestServer.with { server in
      // Given income and a Food budget for March, and rent due on the 25th
      #expect(
        try await server.client.send("PUT", "/api/v1/budget/2024-03/income/Salary", json: #"{"amount": "3000"}"#)
          .status == 200)
      #expect(
        try await server.client.send("PUT", "/api/v1/budget/2024-03/categories/Food", json: #"{"amount": "450"}"#)
          .status == 200)
      let rent =
        #"{"name": "Rent", "amount": "100", "account": "Checking", "category": "Bills", "every": "month", "day": 25, "start": "2024-03-25"}"#
      #expect(try await server.post("/api/v1/schedules", rent).status == 201)

      // When each figure is explained
      let balance = try await server.get("/api/v1/explain/balance/Checking").json
      let spent = try await server.get("/api/v1/explain/spent/Food?month=2024-03").json
      let left = try await server.get("/api/v1/explain/left/Food?month=2024-03").json
      let remaining = try await server.get("/api/v1/explain/remaining?month=2024-03").json
      let cashflow = try await server.get("/api/v1/explain/cashflow?month=2024-03").json
      let forecast = try await server.get("/api/v1/explain/forecast/Checking?month=2024-03").json

      // Then each names its figure, and the parts make the total
      let expected: [(answer: [String: Any], figure: String, total: String)] = [
        (balance, "balance", "937.50"), (spent, "spent", "42.50"), (left, "left", "407.50"),
        (remaining, "remaining", "2550.00"), (cashflow, "cashflow", "-62.50"), (forecast, "forecast", "837.50"),
      ]
      for (answer, figure, total) in expected {
        #expect(answer["figure"] as? String == figure, "\(answer)")
        #expect(answer["total"] as? String == total, "\(figure): \(answer)")
        #expect(Self.sum(answer) == Self.total(answer), "\(figure): the parts \(answer["parts"] ?? "none")")
      }
      #expect(Self.names(balance) == ["opening balance", "Market", "Pizza"])
      #expect(Self.names(spent) == ["Market"])
      #expect(Self.names(cashflow).sorted() == ["Market", "Pizza"])
      #expect(Self.names(forecast).contains("Rent"))
    }
  }

  @Test(
    "given a goal funded by Checking, when its left is explained, then the target less the balance's entries, and its need"
  )
  func aGoalsLeftIsItsParts() async throws {
    try await TestServer.with { server in
      let added = try await server.post(
        "/api/v1/goals",
        #"{"name": "Trip", "target": "1500", "targetDate": "2024-12-31", "account": "Checking", "startDate": "2024-01-01"}"#
      )
      #expect(added.status == 201, "\(added.text)")
      let goal = try await server.get("/api/v1/explain/goal/Trip").json
      #expect(goal["figure"] as? String == "goal" && goal["total"] as? String == "562.50", "\(goal)")
      #expect(Self.names(goal) == ["target", "opening balance", "Market", "Pizza"])
      #expect(Self.sum(goal) == Self.total(goal))
      #expect(goal["months"] as? Int == 10 && goal["monthlyNeed"] as? String == "56.25")
      #expect(try await server.get("/api/v1/explain/goal/Trp").text.contains("did you mean 'Trip'"))
    }
  }

  @Test(
    "given February's Food budget carried on, when March's carried and available amounts are explained, then they are the sheet's, part by part"
  )
  func carriedAndAvailableAreTheirParts() async throws {
    try await TestServer.with { server in
      // Given 80 for Food in February, rolled on from then, and 50 in March
      for (month, amount) in [("2024-02", "80"), ("2024-03", "50")] {
        let put = try await server.client.send(
          "PUT", "/api/v1/budget/\(month)/categories/Food", json: #"{"amount": "\#(amount)"}"#)
        #expect(put.status == 200)
      }
      let rollover = try await server.client.send(
        "PUT", "/api/v1/categories/Food/rollover", json: #"{"unspent": true, "from": "2024-02"}"#)
      #expect(rollover.status == 200, "\(rollover.text)")

      // When March's carried and available amounts are explained
      let carried = try await server.get("/api/v1/explain/carried/Food?month=2024-03").json
      let available = try await server.get("/api/v1/explain/available/Food?month=2024-03").json
      let line = try #require(
        (try await server.get("/api/v1/budget/2024-03").json["lines"] as? [[String: Any]])?.first {
          $0["name"] as? String == "Food"
        })

      // Then they are the sheet's, and their parts add up to them
      #expect(carried["figure"] as? String == "carried" && carried["total"] as? String == "80.00", "\(carried)")
      #expect(available["figure"] as? String == "available" && available["total"] as? String == "130.00")
      #expect(carried["total"] as? String == line["carried"] as? String)
      #expect(available["total"] as? String == line["budgeted"] as? String)
      for answer in [carried, available] { #expect(Self.sum(answer) == Self.total(answer), "\(answer)") }
      #expect(Self.names(available) == ["Food", "Food"])
    }
  }

  @Test("given a transaction added later, when the balance is explained as known before it, then it is left out")
  func anEarlierPointExplainsTheFigureAsItWas() async throws {
    try await TestServer.with { server in
      let coffee = try await server.post(
        "/api/v1/transactions", #"{"amount": "3.20", "name": "Coffee", "category": "Food", "date": "2024-03-15"}"#)
      let position = try #require((coffee.json["positions"] as? [Int])?.first)
      let now = try await server.get("/api/v1/explain/balance/Checking").json
      let before = try await server.get("/api/v1/explain/balance/Checking?asKnownAt=\(position - 1)").json
      #expect(now["total"] as? String == "934.30" && Self.names(now).contains("Coffee"))
      #expect(before["total"] as? String == "937.50" && !Self.names(before).contains("Coffee"))
      #expect(before["position"] as? Int == position - 1)
    }
  }

  @Test("given a misspelt account or category, or a month that is no month, when explained, then refused saying why")
  func badReferencesAreRefused() async throws {
    try await TestServer.with { server in
      let account = try await server.get("/api/v1/explain/balance/Chekcing")
      #expect(account.status == 404 && account.text.contains("did you mean 'Checking'"), "\(account.text)")
      let category = try await server.get("/api/v1/explain/left/Fod?month=2024-03")
      #expect(category.status == 404 && category.text.contains("did you mean 'Food'"), "\(category.text)")
      let month = try await server.get("/api/v1/explain/spent/Food?month=March")
      #expect(month.status == 400, "\(month.text)")
    }
  }
}
