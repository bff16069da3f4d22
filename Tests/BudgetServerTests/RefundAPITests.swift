import Foundation
import LedgerTesting
import Testing

/// A refund through the API: money in, booked to Food, lowers Food's actual, net and the
/// month's expenses.
@Suite struct RefundAPITests {
  @Test(
    "given 100 budgeted for Food, 42.50 spent and a 12.50 refund, when the reports are read, then Food's actual and net are 30.00 and cashflow's expenses drop by the refund"
  )
  func refundLowersSpending() async throws {
    try await TestServer.with { server in
      // The seed spent 42.50 on Food and 20.00 on Restaurants in March 2024.
      #expect(
        try await server.client.send("PUT", "/api/v1/budget/2024-03/categories/Food", json: #"{"amount": "100"}"#)
          .status == 200)
      let refund = try await server.post(
        "/api/v1/transactions",
        #"{"amount": "12.50", "type": "income", "name": "Market refund", "category": "Food", "date": "2024-03-15"}"#)
      #expect(refund.status == 201, "\(refund.text)")

      // 42.50 − 12.50 = 30.00 actual; 100 − 30 = 70.00 left; 30 % used.
      let bva = try await server.get("/api/v1/reports/budget-vs-actual?month=2024-03")
      let food = (bva.json["lines"] as? [[String: Any]])?.first { $0["name"] as? String == "Food" }
      #expect(food?["actual"] as? String == "30.00" && food?["difference"] as? String == "70.00")
      #expect(food?["usedPercent"] as? String == "30.00")
      let categories = try await server.get("/api/v1/reports/categories?month=2024-03")
      let rows = try #require(categories.json["rows"] as? [[String: Any]])
      let foodRow = rows.first { $0["category"] as? String == "Food" }
      #expect(foodRow?["spent"] as? String == "42.50" && foodRow?["received"] as? String == "12.50")
      #expect(foodRow?["net"] as? String == "30.00" && foodRow?["kind"] as? String == "expense")
      // Biggest net spender first: Food 30.00 ahead of Restaurants 20.00.
      #expect(rows.first?["category"] as? String == "Food")
      // Cashflow: 42.50 + 20.00 − 12.50 = 50.00 spent, nothing received as income.
      let cashflow = try await server.get("/api/v1/reports/cashflow?year=2024")
      let march = try #require((cashflow.json["months"] as? [[String: Any]])?[2])
      #expect(march["expenses"] as? String == "50.00" && march["income"] as? String == "0.00")
      #expect(march["net"] as? String == "-50.00")
    }
  }
}
